import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { checkWebhookUrl } from '../outbound/address-policy';
import {
  createVettedLookup,
  REFUSED_ADDRESS_CODE,
  systemResolver,
  type Resolver,
} from '../outbound/vetted-lookup';

// The only place that sends a webhook over the network. Delivery attempts, test sends and retries all come
// through here, so the address rules, the 10 s limit and the no-redirect rule cannot be bypassed.

/** Spec, receiver contract: any 2xx within 10 seconds. The limit covers connect, headers and body. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const RESPONSE_SNIPPET_BYTES = 2048;
/** Bodies are drained so the exchange completes, but a receiver cannot make us read without end. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
export const WEBHOOK_USER_AGENT = 'CompanyDataService-Webhooks/1.0';

export const sendErrorClasses = [
  'timeout',
  'dns',
  'connect',
  'tls',
  'refused_address',
  'redirect',
  'http_status',
] as const;

export const sendOutcomeSchema = z.object({
  delivered: z.boolean(),
  statusCode: z.number().int().min(100).max(999).optional(),
  errorClass: z.enum(sendErrorClasses).optional(),
  errorMessage: z.string().optional(),
  durationMs: z.number().int().nonnegative(),
  responseBodySnippet: z.string().optional(),
  resolvedAddress: z.string().optional(),
});

export type SendOutcome = z.infer<typeof sendOutcomeSchema>;
export type SendErrorClass = (typeof sendErrorClasses)[number];

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface SendOptions {
  timeoutMs?: number;
  devAllowedOrigins?: readonly string[];
  resolve?: Resolver;
  now?: () => number;
}

type Result = Omit<SendOutcome, 'durationMs' | 'resolvedAddress'>;

// Set by us from the URL and body; a caller-supplied copy could point Host elsewhere or break framing.
const HEADERS_WE_OWN = new Set([
  'host',
  'content-type',
  'content-length',
  'user-agent',
  'connection',
  'transfer-encoding',
]);

/** Never throws: every failure comes back as an outcome the delivery workflow can record. */
export async function sendWebhook(request: WebhookRequest, options: SendOptions = {}): Promise<SendOutcome> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const elapsed = () => Math.max(0, Math.round(now() - started));
  try {
    const verdict = checkWebhookUrl(request.url, { devAllowedOrigins: options.devAllowedOrigins ?? [] });
    if (!verdict.ok) {
      return {
        delivered: false,
        errorClass: 'refused_address',
        errorMessage: `${verdict.message} (${verdict.rule})`,
        durationMs: elapsed(),
      };
    }
    return await exchange(verdict.url, verdict.devOverride, request, {
      timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      resolve: options.resolve ?? systemResolver,
      elapsed,
    });
  } catch (error) {
    return {
      delivered: false,
      errorClass: classifySendError(error),
      errorMessage: messageOf(error),
      durationMs: elapsed(),
    };
  }
}

interface ExchangeSettings {
  timeoutMs: number;
  resolve: Resolver;
  elapsed: () => number;
}

function exchange(url: URL, devOverride: boolean, request: WebhookRequest, settings: ExchangeSettings) {
  const { timeoutMs, elapsed } = settings;
  return new Promise<SendOutcome>((settle) => {
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const isLiteral = isIP(host) !== 0;
    // An IP literal is connected to as is (node skips lookup), and the policy has already vetted it.
    let resolvedAddress: string | undefined = isLiteral ? host : undefined;
    let settled = false;

    // Plain http only ever reaches a dev-override origin: checkWebhookUrl refuses it otherwise.
    const transport = url.protocol === 'http:' ? http : https;
    const req = transport.request({
      method: 'POST',
      hostname: host,
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: buildHeaders(request),
      // A fresh connection per attempt, so every attempt resolves and vets the name again.
      agent: false,
      lookup: createVettedLookup(settings.resolve, devOverride, (chosen) => {
        resolvedAddress = chosen.address;
      }),
      // SNI and certificate checks use the URL's name, while the socket goes to the vetted address.
      ...(isLiteral ? {} : { servername: host.replace(/\.$/, '') }),
    });

    const finish = (result: Result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      settle({
        ...result,
        durationMs: elapsed(),
        ...(resolvedAddress === undefined ? {} : { resolvedAddress }),
      });
    };
    const timedOut = (): Result => ({
      delivered: false,
      errorClass: 'timeout',
      errorMessage: `No complete reply within ${timeoutMs} ms`,
    });

    // One limit for the whole exchange: DNS, connect, headers and body.
    const timer = setTimeout(() => finish(timedOut()), timeoutMs);
    req.on('error', (error) => finish(failure(error)));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const kept: Buffer[] = [];
      let keptBytes = 0;
      let readBytes = 0;
      const complete = () => {
        const snippet = Buffer.concat(kept).toString('utf8');
        // Belt and braces for a late timer: a reply completed after the limit is not "within 10 seconds".
        finish(elapsed() > timeoutMs ? timedOut() : byStatus(status, res.headers.location, snippet));
      };
      res.on('data', (chunk: Buffer) => {
        if (keptBytes < RESPONSE_SNIPPET_BYTES) {
          const part = chunk.subarray(0, RESPONSE_SNIPPET_BYTES - keptBytes);
          kept.push(part);
          keptBytes += part.length;
        }
        readBytes += chunk.length;
        // The status is already known; stop reading rather than let a receiver stream at us.
        if (readBytes >= MAX_RESPONSE_BYTES) complete();
      });
      res.on('end', complete);
      res.on('error', (error) => finish(failure(error)));
      res.on('close', () => {
        if (!res.complete) {
          finish({
            delivered: false,
            statusCode: status,
            errorClass: 'connect',
            errorMessage: 'Reply cut off',
          });
        }
      });
    });
    req.end(request.body);
  });
}

function buildHeaders(request: WebhookRequest): Record<string, string> {
  const passed = Object.entries(request.headers).filter(([name]) => !HEADERS_WE_OWN.has(name.toLowerCase()));
  return {
    ...Object.fromEntries(passed),
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(request.body, 'utf8')),
    'User-Agent': WEBHOOK_USER_AGENT,
  };
}

function byStatus(statusCode: number, location: string | undefined, snippet: string): Result {
  const base = { statusCode, responseBodySnippet: snippet };
  if (statusCode >= 200 && statusCode < 300) return { ...base, delivered: true };
  if (statusCode >= 300 && statusCode < 400) {
    // Following would send the signed body to an address the rules never saw.
    const target = location === undefined ? '' : ` to ${location}`;
    return {
      ...base,
      delivered: false,
      errorClass: 'redirect',
      errorMessage: `Redirect ${statusCode}${target} not followed`,
    };
  }
  return {
    ...base,
    delivered: false,
    errorClass: 'http_status',
    errorMessage: `Receiver replied ${statusCode}`,
  };
}

function failure(error: unknown): Result {
  return { delivered: false, errorClass: classifySendError(error), errorMessage: messageOf(error) };
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME']);
const TLS_CODES = new Set([
  'EPROTO',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'HOSTNAME_MISMATCH',
]);

/**
 * Maps a node error to the outcome's errorClass. Transport failures with no more specific class (resets,
 * unreachable hosts, malformed HTTP from the receiver) count as 'connect'.
 */
export function classifySendError(error: unknown): SendErrorClass {
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? error.code
      : '';
  if (code === REFUSED_ADDRESS_CODE) return 'refused_address';
  if (DNS_CODES.has(code)) return 'dns';
  if (TLS_CODES.has(code) || /^(ERR_TLS_|ERR_SSL_|CERT_)/.test(code)) return 'tls';
  return 'connect';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
