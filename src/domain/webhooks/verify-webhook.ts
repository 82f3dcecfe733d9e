import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Receiver-side check of the Service-Signature header: this is the code our customers run on their webhook
 * endpoint, and we ship it as the reference implementation (docs/webhooks.md, examples/webhook-receiver).
 * It therefore depends on node:crypto only and imports nothing else from this project, so it can be copied
 * into a customer's codebase as a single file.
 *
 * It follows the spec's receiver steps in order: raw body as received, take t and every v1, reject when t is
 * more than the tolerance away from now (either direction), HMAC-SHA256 over `<t>.<body>` keyed with the whole
 * `whsec_…` secret, accept when any v1 matches any secret under a constant-time comparison.
 */

export type VerifyFailureReason =
  | 'missing_header'
  | 'missing_timestamp'
  | 'missing_signature'
  | 'timestamp_out_of_tolerance'
  | 'signature_mismatch'
  | 'malformed_header';

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: VerifyFailureReason };

export interface VerifyOptions {
  /** Defaults to the spec's 300 seconds. */
  toleranceSeconds?: number;
  /** Current time in Unix seconds; injectable so tests and replays don't depend on the wall clock. */
  now?: () => number;
}

// Kept here rather than imported so this file stays self-contained for customers; a unit test pins it to the
// service's SIGNATURE_TOLERANCE_SECONDS.
export const DEFAULT_TOLERANCE_SECONDS = 300;

const HEX_SIGNATURE_BYTES = 64;

export function verifyWebhook(
  rawBody: string | Buffer,
  header: string | undefined | null,
  secrets: string | readonly string[],
  options: VerifyOptions = {},
): VerifyResult {
  const secretList = typeof secrets === 'string' ? [secrets] : secrets;
  if (secretList.length === 0 || secretList.some((secret) => secret.length === 0)) {
    // A missing secret is the receiver's configuration bug, not a bad request; failing loudly beats a 400 storm.
    throw new TypeError('verifyWebhook needs at least one non-empty secret');
  }
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isFinite(tolerance) || tolerance < 0) {
    throw new TypeError(`verifyWebhook toleranceSeconds must be a non-negative number, got ${tolerance}`);
  }

  if (header === undefined || header === null || header.trim() === '') {
    return { ok: false, reason: 'missing_header' };
  }
  const parsed = parseSignatureHeader(header);
  if (parsed === 'malformed') {
    return { ok: false, reason: 'malformed_header' };
  }
  if (parsed.t === undefined) {
    return { ok: false, reason: 'missing_timestamp' };
  }
  if (parsed.v1s.length === 0) {
    return { ok: false, reason: 'missing_signature' };
  }

  const timestamp = Number(parsed.t);
  const now = options.now ? options.now() : Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > tolerance) {
    return { ok: false, reason: 'timestamp_out_of_tolerance' };
  }

  // HMAC over bytes, not text: a Buffer body is used exactly as it arrived, so no decode/encode round trip can
  // alter it. The t text from the header is signed as-is, which is what the sender signed.
  const bodyBytes = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  const signedContent = Buffer.concat([Buffer.from(`${parsed.t}.`, 'utf8'), bodyBytes]);
  // timingSafeEqual needs equal lengths; a value of any other length cannot be our lowercase hex anyway.
  const candidates = parsed.v1s
    .map((v1) => Buffer.from(v1, 'utf8'))
    .filter((v1) => v1.length === HEX_SIGNATURE_BYTES);

  let matched = false;
  for (const secret of secretList) {
    const expected = Buffer.from(createHmac('sha256', secret).update(signedContent).digest('hex'), 'utf8');
    for (const candidate of candidates) {
      // No short-circuit: every pair is compared so timing does not reveal which secret or value matched.
      matched = timingSafeEqual(expected, candidate) || matched;
    }
  }
  return matched ? { ok: true, timestamp } : { ok: false, reason: 'signature_mismatch' };
}

interface ParsedHeader {
  t: string | undefined;
  v1s: string[];
}

function parseSignatureHeader(header: string): ParsedHeader | 'malformed' {
  const parsed: ParsedHeader = { t: undefined, v1s: [] };
  for (const element of header.split(',')) {
    const separator = element.indexOf('=');
    const key = separator < 0 ? '' : element.slice(0, separator).trim();
    if (key === '') {
      return 'malformed';
    }
    const value = element.slice(separator + 1).trim();
    if (key === 't') {
      // Two t values would leave it ambiguous which one was signed.
      if (parsed.t !== undefined || !/^\d{1,15}$/.test(value)) {
        return 'malformed';
      }
      parsed.t = value;
    } else if (key === 'v1') {
      parsed.v1s.push(value);
    }
    // Other tags (v0, v2, …) are ignored so the sender can add schemes without breaking existing receivers.
  }
  return parsed;
}
