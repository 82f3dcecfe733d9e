import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'Service-Signature';
export const EVENT_ID_HEADER = 'Service-Event-Id';
export const EVENT_TYPE_HEADER = 'Service-Event-Type';

/** Receivers reject a signature whose t is further than this from their clock (spec: 5 minutes). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Builds the Service-Signature header value: `t=<t>,v1=<hex>[,v1=<hex>]`.
 *
 * One v1 per secret, in the order given, so that during a rotation receivers holding either the old or the
 * new secret accept the delivery. The whole secret string, `whsec_` prefix included, is the HMAC key: the spec
 * defines it that way, and stripping the prefix would silently produce signatures no receiver accepts.
 *
 * `rawBody` must be the exact text that goes on the wire; sign after serialising, never before.
 */
export function signatureHeader(rawBody: string, secrets: readonly string[], t: number): string {
  if (secrets.length === 0) {
    throw new TypeError('signatureHeader needs at least one secret');
  }
  if (secrets.some((secret) => secret.length === 0)) {
    // An empty key still yields a valid-looking HMAC, which would hide a configuration mistake.
    throw new TypeError('signatureHeader was given an empty secret');
  }
  if (!Number.isSafeInteger(t) || t < 0) {
    // Receivers sign-check the literal t text, so it must be canonical integer seconds (not ms, not 1.5).
    throw new TypeError(`signatureHeader needs t in whole Unix seconds, got ${t}`);
  }
  const signedContent = `${t}.${rawBody}`;
  const v1s = secrets.map(
    (secret) => `v1=${createHmac('sha256', secret).update(signedContent, 'utf8').digest('hex')}`,
  );
  return [`t=${t}`, ...v1s].join(',');
}
