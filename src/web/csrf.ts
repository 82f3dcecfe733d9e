import type { Context } from 'koa';
import { ServiceError } from '../domain/errors';
import { readCookie, setCookieValue } from './cookies';
import { isWellFormedToken, newToken, sameToken } from './tokens';

/*
 * Every POST form carries a token in the hidden field `csrf`. Signed in, it is the session's own (stored with the
 * session). Signed out (sign-in, sign-up) there is no session yet: the token is also in an HttpOnly,
 * SameSite=Strict cookie and the two must be equal (double submit), which another site can neither read nor
 * set. A POST whose Origin names another site is refused before either is looked at.
 */

export const CSRF_FIELD = 'csrf';
export const SIGNED_OUT_CSRF_COOKIE = 'csrf';
/** An hour: long enough to fill in a form, and the page sets a fresh one whenever it is shown. */
const SIGNED_OUT_CSRF_SECONDS = 60 * 60;

export function csrfRefused(reason: string): ServiceError {
  return new ServiceError(
    'csrf_refused',
    'This form could not be accepted: it was not sent from this site’s own page, or the page was too old. ' +
      'Go back, reload the page and send it again.',
    { reason },
  );
}

/**
 * Whether a request's Origin header allows a form post: absent (browsers that send none; the token still
 * decides), or exactly this service's origin. `null` (sandboxed frames, privacy redirects) is not this origin.
 */
export function originAllowed(origin: string | undefined, ownOrigin: string): boolean {
  if (origin === undefined || origin === '') return true;
  return origin.toLowerCase() === ownOrigin.toLowerCase();
}

export function refuseForeignOrigin(ctx: Context): void {
  const origin = ctx.get('Origin') || undefined;
  // Built here, not read from ctx.origin: Koa 3's ctx.origin is the request's Origin header itself. Behind the
  // production proxy (app.proxy) protocol and host come from X-Forwarded-Proto and X-Forwarded-Host.
  const ownOrigin = `${ctx.protocol}://${ctx.host}`;
  if (!originAllowed(origin, ownOrigin)) throw csrfRefused('foreign_origin');
}

/** The signed-out form token for the page being shown: the browser's current one, or a new one set now. */
export function signedOutCsrfToken(ctx: Context): string {
  const current = readCookie(ctx.get('Cookie'), SIGNED_OUT_CSRF_COOKIE);
  if (isWellFormedToken(current)) return current;
  return renewSignedOutCsrfToken(ctx);
}

/** A new signed-out token, replacing the one a form just used, so the same form sent twice is refused. */
export function renewSignedOutCsrfToken(ctx: Context): string {
  const token = newToken();
  ctx.append(
    'Set-Cookie',
    setCookieValue(SIGNED_OUT_CSRF_COOKIE, token, {
      path: '/app',
      secure: ctx.secure,
      maxAgeSeconds: SIGNED_OUT_CSRF_SECONDS,
    }),
  );
  return token;
}

export function checkSignedOutCsrf(ctx: Context, form: Record<string, string>): void {
  const cookie = readCookie(ctx.get('Cookie'), SIGNED_OUT_CSRF_COOKIE);
  if (!sameToken(form[CSRF_FIELD], cookie)) throw csrfRefused('token_mismatch');
}

export function checkSessionCsrf(form: Record<string, string>, sessionToken: string): void {
  if (!sameToken(form[CSRF_FIELD], sessionToken)) throw csrfRefused('token_mismatch');
}
