import { promises as dns, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from './address-policy';

// DNS-rebinding defence: the address rules are applied to the IPs a name resolves to at the moment of
// connecting, and the socket connects to the IP that passed. Checking the name when it is saved, or resolving
// twice (once to check, once to connect), would let a hostile DNS server answer differently the second time.

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const REFUSED_ADDRESS_CODE = 'ERR_REFUSED_ADDRESS';

export const systemResolver: Resolver = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * A `lookup` for node's net/tls/http options. All addresses are resolved and ANY non-public one refuses the
 * whole name: a name that mixes public and private answers is either misconfigured or an attack, and the
 * happy-eyeballs fallback would otherwise reach the private one.
 *
 * `allowPrivate` is for dev-override origins only (a local receiver in development and tests): it accepts
 * whatever the resolver returns.
 *
 * `onChosen` receives the one address handed to the socket, so the sender can report it.
 */
export function createVettedLookup(
  resolve: Resolver,
  allowPrivate: boolean,
  onChosen?: (address: ResolvedAddress) => void,
): LookupFunction {
  return (hostname, options, callback) => {
    vet(resolve, hostname, options, allowPrivate).then(
      (chosen) => {
        onChosen?.(chosen);
        if (options.all) {
          callback(null, [{ address: chosen.address, family: chosen.family }]);
        } else {
          callback(null, chosen.address, chosen.family);
        }
      },
      (error: unknown) => callback(toErrno(error), ''),
    );
  };
}

async function vet(
  resolve: Resolver,
  hostname: string,
  options: LookupOptions,
  allowPrivate: boolean,
): Promise<ResolvedAddress> {
  const addresses = await resolve(hostname);
  if (!allowPrivate) {
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused) {
      throw errnoError(
        REFUSED_ADDRESS_CODE,
        `${hostname} resolves to ${refused.address}, which is not a public address`,
        hostname,
      );
    }
  }
  const family = familyOf(options.family);
  const chosen = addresses.find((a) => family === 0 || a.family === family);
  if (!chosen) {
    throw errnoError(
      'ENOTFOUND',
      `${hostname} has no IPv${family === 0 ? '4 or IPv6' : family} address`,
      hostname,
    );
  }
  return chosen;
}

function familyOf(family: LookupOptions['family']): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

function errnoError(code: string, message: string, hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code, hostname });
}

function toErrno(error: unknown): NodeJS.ErrnoException {
  return error instanceof Error ? error : new Error(String(error));
}
