import type { Context } from 'koa';

/**
 * Headers of every web response. The CSP allows this origin's own stylesheet and script and nothing inline, so
 * an injected tag could run nothing even if escaping failed; no-store keeps pages (a key, a CSRF token, an
 * account's lists) out of shared and back-button caches.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'";

export function setPageHeaders(ctx: Context): void {
  ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'same-origin');
  ctx.set('Cache-Control', 'no-store');
}

/**
 * The policy of the OAuth consent page: its form's answer redirects, through the authorization server, to the
 * assistant's redirect URI, and browsers hold every hop of a form's redirects to form-action. That one origin
 * (already checked against the client's registered URIs) is added; nothing else changes.
 */
export function consentPagePolicy(redirectOrigin: string): string {
  return CONTENT_SECURITY_POLICY.replace("form-action 'self'", `form-action 'self' ${redirectOrigin}`);
}
