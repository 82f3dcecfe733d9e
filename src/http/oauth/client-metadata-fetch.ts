import https from 'node:https';
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import { checkOutboundUrl, type AddressRule } from '../../domain/outbound/address-policy';
import {
  createVettedLookup,
  REFUSED_ADDRESS_CODE,
  systemResolver,
  type Resolver,
} from '../../domain/outbound/vetted-lookup';

/*
 * The one way the authorization server reaches out: oidc-provider's `fetch`, used for a client ID metadata
 * document (a client_id that is an https URL). The URL is the client's choice, so this is server-side request
 * forgery unless guarded, and it is guarded as webhooks are: the same address rules (address-policy.ts) on the
 * URL, the same connect-time vetting of every resolved address with the socket pinned to the one that passed
 * (vetted-lookup.ts). On top: one GET, no redirects, a short time limit, JSON only, a few KiB at most.
 */

/** The draft's suggested limit: a document is a few hundred bytes of JSON. */
export const CLIENT_METADATA_LIMIT_BYTES = 5 * 1024;
export const CLIENT_METADATA_TIMEOUT_MS = 2_500;
export const CLIENT_METADATA_USER_AGENT = 'CompanyDataService-OAuth/1.0';

export type ClientMetadataRefusalCode =
  AddressRule | 'redirect' | 'http_status' | 'not_json' | 'too_large' | 'timeout' | 'unreachable';

/** Why a document was not taken; oidc-provider keeps it as the cause of its invalid_client. */
export class ClientMetadataRefusal extends Error {
  constructor(
    readonly code: ClientMetadataRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'ClientMetadataRefusal';
  }
}

export interface ClientMetadataFetchSettings {
  /** Origins let through the address rules (development and tests only). */
  devAllowedOrigins: readonly string[];
  /** One more certificate authority (PEM), trusted for the dev-allowed origins only. */
  devCa?: string;
  resolve?: Resolver;
  timeoutMs?: number;
}

type Fetch = (input: string | URL, init?: { signal?: AbortSignal | null }) => Promise<Response>;

export function clientMetadataFetch(settings: ClientMetadataFetchSettings): Fetch {
  return async (input, init = {}) => {
    const verdict = checkOutboundUrl(
      String(input),
      { devAllowedOrigins: settings.devAllowedOrigins },
      'client metadata document',
    );
    if (!verdict.ok) throw new ClientMetadataRefusal(verdict.rule, verdict.message);
    // A dev-allowed origin may be http; a client ID is not (oidc-provider never asks for one, this says why).
    if (verdict.url.protocol !== 'https:')
      throw new ClientMetadataRefusal('scheme_not_https', 'A client metadata document is served over https.');
    return get(verdict.url, verdict.devOverride, settings, init.signal ?? undefined);
  };
}

function get(
  url: URL,
  devOverride: boolean,
  settings: ClientMetadataFetchSettings,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const timeoutMs = settings.timeoutMs ?? CLIENT_METADATA_TIMEOUT_MS;
  return new Promise<Response>((resolve, reject) => {
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const isLiteral = isIP(host) !== 0;
    let settled = false;
    const finish = (outcome: Response | ClientMetadataRefusal) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', aborted);
      req.destroy();
      if (outcome instanceof Response) resolve(outcome);
      else reject(outcome);
    };
    const timedOut = () =>
      finish(new ClientMetadataRefusal('timeout', `No complete document within ${timeoutMs} ms`));
    const aborted = () => timedOut();

    const req = https.request({
      method: 'GET',
      hostname: host,
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: { Accept: 'application/json', 'User-Agent': CLIENT_METADATA_USER_AGENT },
      // A fresh connection each time, so each fetch resolves and vets the name again.
      agent: false,
      lookup: createVettedLookup(settings.resolve ?? systemResolver, devOverride),
      ...(isLiteral ? {} : { servername: host.replace(/\.$/, '') }),
      ...(devOverride && settings.devCa ? { ca: [...rootCertificates, settings.devCa] } : {}),
    });
    // One limit for the whole exchange: DNS, connect, TLS, headers and body.
    const timer = setTimeout(timedOut, timeoutMs);
    signal?.addEventListener('abort', aborted);

    req.on('error', (error: NodeJS.ErrnoException) => {
      finish(
        error.code === REFUSED_ADDRESS_CODE
          ? new ClientMetadataRefusal('private_address', error.message)
          : new ClientMetadataRefusal('unreachable', error.message),
      );
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      // Following would fetch from an address the rules never saw, and the document's URL is its identity.
      if (status >= 300 && status < 400)
        return finish(
          new ClientMetadataRefusal('redirect', `The document URL answered ${status}, a redirect`),
        );
      if (status !== 200)
        return finish(new ClientMetadataRefusal('http_status', `The document URL answered ${status}`));
      const mediaType = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (mediaType !== 'application/json')
        return finish(
          new ClientMetadataRefusal(
            'not_json',
            `The document is ${mediaType || 'untyped'}, not application/json`,
          ),
        );
      const tooLarge = () =>
        finish(
          new ClientMetadataRefusal('too_large', `The document is over ${CLIENT_METADATA_LIMIT_BYTES} bytes`),
        );
      if (Number(res.headers['content-length'] ?? 0) > CLIENT_METADATA_LIMIT_BYTES) return tooLarge();
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > CLIENT_METADATA_LIMIT_BYTES) return tooLarge();
        chunks.push(chunk);
      });
      res.on('error', (error) => finish(new ClientMetadataRefusal('unreachable', error.message)));
      res.on('end', () => {
        // Only what oidc-provider reads: the type, and the caching headers it keeps the document by.
        const headers = new Headers({ 'content-type': 'application/json' });
        for (const name of ['cache-control', 'expires'] as const) {
          const value = res.headers[name];
          if (typeof value === 'string') headers.set(name, value);
        }
        finish(new Response(new Uint8Array(Buffer.concat(chunks)), { status: 200, headers }));
      });
      return undefined;
    });
    req.end();
  });
}
