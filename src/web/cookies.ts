/*
 * Set-Cookie values written by hand rather than through Koa's cookie jar: the attributes are the security of the
 * web app (HttpOnly, SameSite=Strict, Secure on https, Max-Age), so they are spelled here where a unit test can
 * read them, and nothing depends on a library's defaults.
 */

export interface CookieOptions {
  /** Seconds; 0 removes the cookie. */
  maxAgeSeconds: number;
  /** Only on https: a Secure cookie set over http would be dropped by the browser. */
  secure: boolean;
  path: string;
}

/** Cookie names and values this app writes: tokens are base64url, so nothing needs quoting or escaping. */
const COOKIE_TEXT = /^[A-Za-z0-9_-]*$/;

export function setCookieValue(name: string, value: string, options: CookieOptions): string {
  if (!COOKIE_TEXT.test(name) || name === '' || !COOKIE_TEXT.test(value)) {
    throw new RangeError('cookie names and values are base64url text');
  }
  if (!Number.isInteger(options.maxAgeSeconds) || options.maxAgeSeconds < 0) {
    throw new RangeError('maxAgeSeconds is a whole number of seconds, 0 or more');
  }
  const attributes = [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** The value of one cookie in a Cookie header, or undefined; a malformed header yields nothing rather than an error. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    return COOKIE_TEXT.test(value) && value !== '' ? value : undefined;
  }
  return undefined;
}
