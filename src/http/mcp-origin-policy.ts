import ipaddr from 'ipaddr.js';
import { ServiceError } from '../domain/errors';

/**
 * Which browsers' pages may reach /mcp (the MCP transport's "servers MUST validate Origin"), and, when the
 * service listens on loopback only, which host names it answers to. A page on another site that rebinds its own
 * name to 127.0.0.1 is same-origin to the browser, so only the Origin and Host headers it cannot forge tell it
 * apart from a page of ours.
 */
export interface McpOriginPolicy {
  /** Lower-cased serialised origins (`https://example.com`, default ports left out). */
  origins: ReadonlySet<string>;
  /** Host names (no port) a loopback listener answers to; null when the listener is not loopback. */
  loopbackHostNames: ReadonlySet<string> | null;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

export function mcpOriginPolicy(options: {
  publicBaseUrl: string;
  allowedOrigins: readonly string[];
  listenHost: string;
}): McpOriginPolicy {
  const origins = new Set([new URL(options.publicBaseUrl).origin, ...options.allowedOrigins]);
  const loopbackHostNames = isLoopbackHost(options.listenHost)
    ? new Set([...LOOPBACK_NAMES, ...[...origins].map((origin) => new URL(origin).hostname)])
    : null;
  return { origins, loopbackHostNames };
}

/**
 * The origins of MCP_ALLOWED_ORIGINS (comma-separated), as browsers send them: scheme, host and port only. A
 * value with a path, a query or credentials is refused rather than trimmed, so that a typo cannot widen the set.
 */
export function parseAllowedOrigins(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  return raw
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '')
    .map((value) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw new Error(`${JSON.stringify(value)} is not an origin (scheme://host[:port])`);
      }
      if (!['http:', 'https:'].includes(url.protocol))
        throw new Error(`${JSON.stringify(value)}: only http and https origins are served`);
      if (url.origin.toLowerCase() !== value.toLowerCase().replace(/\/$/, ''))
        throw new Error(`${JSON.stringify(value)} is not an origin: give scheme://host[:port] only`);
      return url.origin;
    });
}

export function isLoopbackHost(host: string): boolean {
  if (host.toLowerCase() === 'localhost') return true;
  const bare = host.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === 'loopback';
}

/** The refusal for a request's Origin and Host headers, or undefined when the policy lets it through. */
export function originRefusal(
  policy: McpOriginPolicy,
  headers: { origin?: string | undefined; host?: string | undefined },
): ServiceError | undefined {
  // Clients that are not browsers (every MCP client we know of) send no Origin: the key or token decides.
  if (headers.origin !== undefined && !policy.origins.has(serialisedOrigin(headers.origin)))
    return new ServiceError('origin_refused', 'Requests from this Origin are not accepted', {
      reason: 'foreign_origin',
    });
  if (policy.loopbackHostNames !== null && !policy.loopbackHostNames.has(hostName(headers.host)))
    return new ServiceError(
      'origin_refused',
      'Requests for this Host are not accepted on a loopback listener',
      {
        reason: 'foreign_host',
      },
    );
  return undefined;
}

/** `null`, and anything that does not parse, serialises to a value no allowed origin can equal. */
function serialisedOrigin(origin: string): string {
  try {
    const { origin: serialised } = new URL(origin);
    return serialised === 'null' ? '' : serialised.toLowerCase();
  } catch {
    return '';
  }
}

/** The port is the listener's own: a rebinding page controls only the name, so the name is what is checked. */
function hostName(host: string | undefined): string {
  if (host === undefined || host === '') return '';
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return '';
  }
}
