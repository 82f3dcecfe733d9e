import { createHash, randomBytes } from 'node:crypto';

// Keys carry 192 random bits, so a plain SHA-256 is enough to store them: no one can brute-force the
// preimage, and a fast hash keeps the per-request lookup cheap (a slow KDF would be for passwords).
const KEY_PREFIX = 'cds_';

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  return { key, prefix: key.slice(0, 12), hash: hashApiKey(key) };
}

/** Whether a credential is one of our keys by its form; anything else sent as a bearer may be an OAuth token. */
export function isApiKeyShaped(credential: string): boolean {
  return credential.startsWith(KEY_PREFIX);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The key from `X-Api-Key`, or from `Authorization: Bearer <key>`; undefined when neither is present. */
export function apiKeyFromHeaders(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const direct = headers['x-api-key'];
  if (typeof direct === 'string' && direct.trim() !== '') return direct.trim();
  const authorization = headers['authorization'];
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match) return match[1];
  }
  return undefined;
}
