import { Resolver as DnsResolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { ResolvedAddress, Resolver } from './vetted-lookup';

// Development and tests only (WEBHOOK_DNS_SERVER, refused in production): the webhook sender asks this one DNS
// server instead of the system's resolver, so a test can play a hostile DNS server on loopback (answers that
// change between queries, mixed public and private records) against the real connect-time checks. A CNAME is
// followed as the server's answer spells it out: c-ares returns the addresses at the end of the chain.

/** Per query try; the sender's 10 s limit for the whole exchange still applies on top. */
const QUERY_TIMEOUT_MS = 2_000;
const QUERY_TRIES = 2;

/** The name exists but has no record of the asked type, or does not exist: no addresses of that family. */
const NO_ANSWER_CODES = new Set(['ENODATA', 'ENOTFOUND']);

/**
 * Parses `host[:port]` where host is an IP literal (IPv6 in brackets when a port follows): `127.0.0.1:5353`,
 * `[::1]:5353`, `127.0.0.1` (port 53). A name is refused, since resolving it would need the DNS it replaces.
 * Returns the form `Resolver.setServers` takes.
 */
export function parseDnsServer(raw: string): string {
  const expected = 'expected an IP address with an optional port, e.g. 127.0.0.1:5353 or [::1]:5353';
  const text = raw.trim();
  // Brackets around IPv6 with a port; a bare IPv6 literal (two or more colons) has no port; else host[:port].
  const match = text.startsWith('[')
    ? /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text)
    : text.split(':').length > 2
      ? [text, text]
      : /^([^:]+)(?::(\d{1,5}))?$/.exec(text);
  const host = match?.[1];
  const family = host === undefined ? 0 : isIP(host);
  if (family === 0 || (text.startsWith('[') && family !== 6))
    throw new Error(`"${raw}" is not a DNS server address (${expected})`);
  const port = match?.[2] === undefined ? 53 : Number(match[2]);
  if (port < 1 || port > 65535) throw new Error(`"${raw}" has a port outside 1-65535 (${expected})`);
  return family === 6 ? `[${host}]:${port}` : `${host}:${port}`;
}

/** A Resolver (vetted-lookup.ts) that asks `server` (parseDnsServer's form) for A and AAAA records. */
export function dnsServerResolver(server: string): Resolver {
  const dns = new DnsResolver({ timeout: QUERY_TIMEOUT_MS, tries: QUERY_TRIES });
  dns.setServers([server]);
  return async (hostname) => {
    const [v4, v6] = await Promise.all([
      addressesOf(dns.resolve4(hostname), hostname),
      addressesOf(dns.resolve6(hostname), hostname),
    ]);
    return [
      ...v4.map((address): ResolvedAddress => ({ address, family: 4 })),
      ...v6.map((address): ResolvedAddress => ({ address, family: 6 })),
    ];
  };
}

/**
 * No records of one family is an empty list (the vetted lookup reports ENOTFOUND when both are empty). Any
 * other failure (SERVFAIL, REFUSED, a timeout, an unreachable server) fails the whole lookup as EAI_AGAIN,
 * which the sender records as a `dns` error: answering with one family while the other failed would vet only
 * half of what the name says.
 */
async function addressesOf(query: Promise<string[]>, hostname: string): Promise<string[]> {
  try {
    return await query;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (NO_ANSWER_CODES.has(code)) return [];
    throw Object.assign(new Error(`DNS lookup of ${hostname} failed (${code || String(error)})`), {
      code: 'EAI_AGAIN',
      hostname,
    });
  }
}
