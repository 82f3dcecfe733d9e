import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: the session token, a session's CSRF token, a signed-out CSRF token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What a token looks like (43 base64url characters); anything else is refused before it is hashed or compared. */
export function isWellFormedToken(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** The session table stores this, never the token: a copy of the table opens no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Whether a token sent with a form is the expected one, in time that does not depend on where they differ
 * (both are hashed first, so the comparison is of equal lengths whatever was sent). A missing or empty token
 * never matches, not even another missing one.
 */
export function sameToken(sent: string | undefined, expected: string | undefined): boolean {
  if (!sent || !expected) return false;
  const a = createHash('sha256').update(sent, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
