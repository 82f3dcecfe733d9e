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
