import { createHmac } from 'node:crypto';

// The Standard Webhooks signature (standardwebhooks.com, spec/standard-webhooks.md), sent beside our own
// Service-Signature to addresses that opt in with `standard_webhooks: true` (docs/webhooks.md).

export const STANDARD_ID_HEADER = 'webhook-id';
export const STANDARD_TIMESTAMP_HEADER = 'webhook-timestamp';
export const STANDARD_SIGNATURE_HEADER = 'webhook-signature';

/**
 * The account's secret in the Standard Webhooks form: `whsec_` and the base64 of the HMAC key. The key is the
 * UTF-8 bytes of our whole secret, `whsec_` included: the very key Service-Signature uses, so one secret (and one
 * rotation) serves both schemes. Our secret's own text cannot be handed to the standard libraries as it is: they
 * decode what follows `whsec_` as standard base64, and ours is base64url (`-` and `_` are refused).
 */
export function standardWebhooksSecret(secret: string): string {
  return `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;
}

/**
 * The three headers: one `v1,<base64>` per secret, space-separated (the spec's form for a rotation), each an
 * HMAC-SHA256 over `<id>.<t>.<body>`. `rawBody` is the exact text on the wire.
 */
export function standardWebhooksHeaders(
  eventId: string,
  rawBody: string,
  secrets: readonly string[],
  t: number,
): Record<string, string> {
  if (secrets.length === 0 || secrets.some((secret) => secret.length === 0)) {
    throw new TypeError('standardWebhooksHeaders needs at least one non-empty secret');
  }
  if (!Number.isSafeInteger(t) || t < 0) {
    throw new TypeError(`standardWebhooksHeaders needs t in whole Unix seconds, got ${t}`);
  }
  const signedContent = `${eventId}.${t}.${rawBody}`;
  const signatures = secrets.map(
    (secret) => `v1,${createHmac('sha256', secret).update(signedContent, 'utf8').digest('base64')}`,
  );
  return {
    [STANDARD_ID_HEADER]: eventId,
    [STANDARD_TIMESTAMP_HEADER]: String(t),
    [STANDARD_SIGNATURE_HEADER]: signatures.join(' '),
  };
}
