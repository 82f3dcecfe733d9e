import { ClientMetadataRefusal } from './client-metadata-fetch';

/*
 * The page oidc-provider shows when it cannot send the browser back to the client (an unknown client, a
 * redirect URI it did not register, a client metadata document refused). Its default page loads a web font from
 * Google; this one loads nothing. A refused metadata document adds its reason: oidc-provider's own description
 * is the same for every refusal ("fetch failed"), and the client's developer needs to know which rule it broke.
 */

interface ErrorPageContext {
  type: string;
  body: unknown;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c]!);
}

export function renderOAuthError(ctx: ErrorPageContext, out: Record<string, unknown>, error: unknown): void {
  const cause = error instanceof Error ? error.cause : undefined;
  const lines: [string, string][] = Object.entries(out).map(([key, value]) => [key, String(value)]);
  if (cause instanceof ClientMetadataRefusal) {
    lines.push(['reason', cause.code], ['reason_description', cause.message]);
  }
  ctx.type = 'html';
  ctx.body =
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Sign-in refused</title></head><body>' +
    '<h1>Sign-in refused</h1>' +
    lines
      .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: <code>${escapeHtml(value)}</code></p>`)
      .join('') +
    '</body></html>';
}
