import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Receiver-side check of the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature), written
 * from the specification alone so that tests can set it beside the official `standardwebhooks` package as a
 * second, independent verifier. Like verify-webhook.ts it depends on node:crypto only, so a customer can copy it.
 *
 * The spec's steps: the secret is `whsec_` and the base64 of the key; sign `<webhook-id>.<webhook-timestamp>.<raw
 * body>` with HMAC-SHA256; the header holds space-separated `<version>,<base64>` signatures, of which the `v1` ones
 * are compared in constant time; reject a timestamp more than the tolerance away from now.
 */

export type StandardVerifyFailureReason =
  'missing_header' | 'malformed_timestamp' | 'timestamp_out_of_tolerance' | 'signature_mismatch';

export type StandardVerifyResult =
  { ok: true; id: string; timestamp: number } | { ok: false; reason: StandardVerifyFailureReason };

export interface StandardVerifyOptions {
  /** Defaults to the spec's 5 minutes. */
  toleranceSeconds?: number;
  /** Current time in Unix seconds. */
  now?: () => number;
}

type HeaderValue = string | string[] | undefined;

export function verifyStandardWebhook(
  rawBody: string | Buffer,
  headers: Record<string, HeaderValue>,
  secrets: string | readonly string[],
  options: StandardVerifyOptions = {},
): StandardVerifyResult {
  const keys = (typeof secrets === 'string' ? [secrets] : secrets).map(keyOf);
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const id = single(lower.get('webhook-id'));
  const t = single(lower.get('webhook-timestamp'));
  const signature = single(lower.get('webhook-signature'));
  if (id === undefined || t === undefined || signature === undefined) {
    return { ok: false, reason: 'missing_header' };
  }
  if (!/^\d{1,15}$/.test(t)) return { ok: false, reason: 'malformed_timestamp' };
  const timestamp = Number(t);
  const now = options.now ? options.now() : Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) {
    return { ok: false, reason: 'timestamp_out_of_tolerance' };
  }
  const bodyBytes = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  const signed = Buffer.concat([Buffer.from(`${id}.${t}.`, 'utf8'), bodyBytes]);
  const offered = signature
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => Buffer.from(entry.slice('v1,'.length), 'utf8'));
  let matched = false;
  for (const key of keys) {
    const expected = Buffer.from(createHmac('sha256', key).update(signed).digest('base64'), 'utf8');
    for (const candidate of offered) {
      // timingSafeEqual needs equal lengths; a value of another length cannot be this digest.
      if (candidate.length !== expected.length) continue;
      matched = timingSafeEqual(expected, candidate) || matched;
    }
  }
  return matched ? { ok: true, id, timestamp } : { ok: false, reason: 'signature_mismatch' };
}

function keyOf(secret: string): Buffer {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  if (key.length === 0) throw new TypeError('verifyStandardWebhook needs a non-empty whsec_ secret');
  return key;
}

function single(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
