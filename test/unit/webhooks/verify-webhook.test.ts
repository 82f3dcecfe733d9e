import { createHmac } from 'node:crypto';

import Stripe from 'stripe';

import { SIGNATURE_TOLERANCE_SECONDS, signatureHeader } from '../../../src/domain/webhooks/signature';
import { DEFAULT_TOLERANCE_SECONDS, verifyWebhook } from '../../../src/domain/webhooks/verify-webhook';

const PRIMARY = 'whsec_test_primary_0123456789abcdef';
const ROTATED = 'whsec_test_rotated_fedcba9876543210';
const OTHER = 'whsec_test_someone_else_00000000000';

const T = 1700000000;
const at = (now: number) => ({ now: () => now });

const TEST_BODY = '{"id":"evt_1_1","type":"webhook.test","created_at":"2023-11-14T22:13:20.000Z"}';
const ALERT_BODY =
  '{"id":"evt_42_1","type":"company.alert","data":{"company_number":"01234567","company_name":"Caf\u00e9 Ltd \u{1F680}"}}';

function hmacHex(secret: string, content: Buffer | string): string {
  return createHmac('sha256', secret).update(content).digest('hex');
}

describe('verifyWebhook', () => {
  describe('published test vectors (docs/webhooks.md)', () => {
    it('accepts vector 1', () => {
      const header = 't=1700000000,v1=60aa8f34faf94ba1b20f678ecbc80b59e095375b1bc2fd0199e1d3452b377b23';
      expect(verifyWebhook(TEST_BODY, header, PRIMARY, at(1700000000))).toEqual({
        ok: true,
        timestamp: 1700000000,
      });
    });

    it('accepts vector 2 with either secret alone, body as string or as received bytes', () => {
      const header =
        't=1700000300,' +
        'v1=d7fa4c6e684d274f39f56460307c9ecef6c6d258530bc0474181f7708a2ac9c0,' +
        'v1=74b0e415fdfbf1dbaafac7a880d80131488f7be4df4268eeb3caa0a898574c4d';
      const bytes = Buffer.from(ALERT_BODY, 'utf8');
      for (const secret of [PRIMARY, ROTATED]) {
        expect(verifyWebhook(ALERT_BODY, header, secret, at(1700000300))).toEqual({
          ok: true,
          timestamp: 1700000300,
        });
        expect(verifyWebhook(bytes, header, secret, at(1700000300))).toEqual({
          ok: true,
          timestamp: 1700000300,
        });
      }
      expect(verifyWebhook(ALERT_BODY, header, OTHER, at(1700000300))).toEqual({
        ok: false,
        reason: 'signature_mismatch',
      });
    });
  });

  it('accepts a header built independently with node:crypto', () => {
    const header = `t=${T},v1=${hmacHex(PRIMARY, `${T}.${TEST_BODY}`)}`;
    expect(verifyWebhook(TEST_BODY, header, PRIMARY, at(T))).toEqual({ ok: true, timestamp: T });
  });

  it('round-trips with signatureHeader', () => {
    expect(verifyWebhook(ALERT_BODY, signatureHeader(ALERT_BODY, [PRIMARY], T), PRIMARY, at(T)).ok).toBe(
      true,
    );
  });

  describe('secrets and rotation', () => {
    const header = signatureHeader(TEST_BODY, [PRIMARY, ROTATED], T);

    it.each([
      ['old secret', PRIMARY],
      ['new secret', ROTATED],
    ])('accepts a two-v1 header with the %s', (_label, secret) => {
      expect(verifyWebhook(TEST_BODY, header, secret, at(T)).ok).toBe(true);
    });

    it('accepts when the receiver holds several secrets and only one matches', () => {
      const signedWithRotated = signatureHeader(TEST_BODY, [ROTATED], T);
      expect(verifyWebhook(TEST_BODY, signedWithRotated, [OTHER, ROTATED], at(T)).ok).toBe(true);
      expect(verifyWebhook(TEST_BODY, signedWithRotated, [ROTATED, OTHER], at(T)).ok).toBe(true);
    });

    it('rejects a wrong secret', () => {
      expect(verifyWebhook(TEST_BODY, header, OTHER, at(T))).toEqual({
        ok: false,
        reason: 'signature_mismatch',
      });
      expect(verifyWebhook(TEST_BODY, header, [OTHER], at(T))).toEqual({
        ok: false,
        reason: 'signature_mismatch',
      });
    });

    it('rejects the secret without its whsec_ prefix: the prefix is part of the key', () => {
      const bare = PRIMARY.slice('whsec_'.length);
      expect(verifyWebhook(TEST_BODY, header, bare, at(T))).toEqual({
        ok: false,
        reason: 'signature_mismatch',
      });
    });

    it('rejects a header signed without the prefix when the receiver holds the full secret', () => {
      const signedBare = signatureHeader(TEST_BODY, [PRIMARY.slice('whsec_'.length)], T);
      expect(verifyWebhook(TEST_BODY, signedBare, PRIMARY, at(T))).toEqual({
        ok: false,
        reason: 'signature_mismatch',
      });
    });

    it('throws on a missing secret: that is a receiver misconfiguration, not a bad request', () => {
      expect(() => verifyWebhook(TEST_BODY, header, [], at(T))).toThrow(TypeError);
      expect(() => verifyWebhook(TEST_BODY, header, '', at(T))).toThrow(TypeError);
    });
  });

  describe('timestamp tolerance', () => {
    const header = signatureHeader(TEST_BODY, [PRIMARY], T);

    it('uses the spec tolerance of 300 seconds by default', () => {
      expect(DEFAULT_TOLERANCE_SECONDS).toBe(SIGNATURE_TOLERANCE_SECONDS);
      expect(DEFAULT_TOLERANCE_SECONDS).toBe(300);
    });

    it.each([
      ['300 s late', T + 300, true],
      ['300 s early', T - 300, true],
      ['301 s late', T + 301, false],
      ['301 s early', T - 301, false],
    ])('%s → ok=%p', (_label, now, ok) => {
      const result = verifyWebhook(TEST_BODY, header, PRIMARY, at(now));
      expect(result).toEqual(
        ok ? { ok: true, timestamp: T } : { ok: false, reason: 'timestamp_out_of_tolerance' },
      );
    });

    it('honours a custom tolerance', () => {
      expect(verifyWebhook(TEST_BODY, header, PRIMARY, { now: () => T + 60, toleranceSeconds: 60 }).ok).toBe(
        true,
      );
      expect(verifyWebhook(TEST_BODY, header, PRIMARY, { now: () => T + 61, toleranceSeconds: 60 })).toEqual({
        ok: false,
        reason: 'timestamp_out_of_tolerance',
      });
    });

    it('rejects an old replay even when the signature is valid', () => {
      expect(verifyWebhook(TEST_BODY, header, PRIMARY, at(T + 3600))).toEqual({
        ok: false,
        reason: 'timestamp_out_of_tolerance',
      });
    });

    it('defaults to the wall clock', () => {
      const nowSeconds = Math.floor(Date.now() / 1000);
      expect(verifyWebhook(TEST_BODY, signatureHeader(TEST_BODY, [PRIMARY], nowSeconds), PRIMARY).ok).toBe(
        true,
      );
      expect(verifyWebhook(TEST_BODY, header, PRIMARY)).toEqual({
        ok: false,
        reason: 'timestamp_out_of_tolerance',
      });
    });

    it.each([-1, Number.NaN])('throws on toleranceSeconds = %p', (toleranceSeconds) => {
      expect(() => verifyWebhook(TEST_BODY, header, PRIMARY, { now: () => T, toleranceSeconds })).toThrow(
        TypeError,
      );
    });
  });

  describe('header parsing', () => {
    const v1 = hmacHex(PRIMARY, `${T}.${TEST_BODY}`);
    const verify = (header: string | undefined | null) => verifyWebhook(TEST_BODY, header, PRIMARY, at(T));

    it.each([undefined, null, '', '   '])('rejects a missing header (%p)', (header) => {
      expect(verify(header)).toEqual({ ok: false, reason: 'missing_header' });
    });

    it('rejects a header without t', () => {
      expect(verify(`v1=${v1}`)).toEqual({ ok: false, reason: 'missing_timestamp' });
    });

    it('rejects a header without any v1', () => {
      expect(verify(`t=${T}`)).toEqual({ ok: false, reason: 'missing_signature' });
    });

    it('rejects a header whose only signature uses another scheme', () => {
      expect(verify(`t=${T},v0=${v1}`)).toEqual({ ok: false, reason: 'missing_signature' });
    });

    it.each([
      ['garbage', 'not a signature header'],
      ['element without =', `t=${T},${v1}`],
      ['empty element', `t=${T},,v1=${v1}`],
      ['trailing comma', `t=${T},v1=${v1},`],
      ['empty key', `t=${T},=${v1}`],
      ['non-numeric t', `t=soon,v1=${v1}`],
      ['fractional t', `t=${T}.5,v1=${v1}`],
      ['negative t', `t=-${T},v1=${v1}`],
      ['empty t', `t=,v1=${v1}`],
      ['t twice', `t=${T},t=${T + 1},v1=${v1}`],
      ['two headers joined by Node', `t=${T},v1=${v1}, t=${T},v1=${v1}`],
    ])('rejects a malformed header: %s', (_label, header) => {
      expect(verify(header)).toEqual({ ok: false, reason: 'malformed_header' });
    });

    it('ignores unknown tags such as v0 and v2', () => {
      expect(verify(`v0=deadbeef,t=${T},v2=${'0'.repeat(64)},v1=${v1},x=1`)).toEqual({
        ok: true,
        timestamp: T,
      });
    });

    it('tolerates spaces around elements', () => {
      expect(verify(` t=${T} , v1=${v1} `)).toEqual({ ok: true, timestamp: T });
    });

    it('accepts when any one of several v1 values matches, wherever it is', () => {
      const decoy = 'f'.repeat(64);
      expect(verify(`t=${T},v1=${decoy},v1=${v1}`).ok).toBe(true);
      expect(verify(`t=${T},v1=${v1},v1=${decoy}`).ok).toBe(true);
    });

    it.each([
      ['too short', v1.slice(0, 63)],
      ['too long', `${v1}0`],
      ['uppercase hex', v1.toUpperCase()],
      ['empty', ''],
      ['non-hex of length 64', 'z'.repeat(64)],
      ['non-ASCII', `${v1.slice(0, 62)}\u00e9`],
    ])(
      'treats a v1 that is not our 64-char lowercase hex as a mismatch (%s), without throwing',
      (_label, bad) => {
        expect(verify(`t=${T},v1=${bad}`)).toEqual({ ok: false, reason: 'signature_mismatch' });
      },
    );

    it('does not accept a valid signature moved to a different t', () => {
      expect(verifyWebhook(TEST_BODY, `t=${T + 1},v1=${v1}`, PRIMARY, at(T))).toEqual({
        ok: false,
        reason: 'signature_mismatch',
      });
    });

    it('signs t as the literal header text', () => {
      // A zero-padded t is the same instant but different signed text: only a signature over that text matches.
      const padded = `0${T}`;
      expect(verify(`t=${padded},v1=${v1}`)).toEqual({ ok: false, reason: 'signature_mismatch' });
      const paddedV1 = hmacHex(PRIMARY, `${padded}.${TEST_BODY}`);
      expect(verify(`t=${padded},v1=${paddedV1}`)).toEqual({ ok: true, timestamp: T });
    });
  });

  describe('body handling', () => {
    const header = signatureHeader(ALERT_BODY, [PRIMARY], T);

    it('rejects a tampered body', () => {
      const tampered = ALERT_BODY.replace('01234567', '01234568');
      expect(verifyWebhook(tampered, header, PRIMARY, at(T))).toEqual({
        ok: false,
        reason: 'signature_mismatch',
      });
    });

    it('rejects the same JSON re-serialised (whitespace differs): the raw body is what is signed', () => {
      const reencoded = JSON.stringify(JSON.parse(ALERT_BODY), null, 2);
      expect(JSON.parse(reencoded)).toEqual(JSON.parse(ALERT_BODY));
      expect(verifyWebhook(reencoded, header, PRIMARY, at(T))).toEqual({
        ok: false,
        reason: 'signature_mismatch',
      });
    });

    it('verifies a Buffer body with non-ASCII UTF-8 byte for byte', () => {
      const bytes = Buffer.from(ALERT_BODY, 'utf8');
      expect(bytes.includes(Buffer.from([0xc3, 0xa9]))).toBe(true); // é
      expect(bytes.includes(Buffer.from([0xf0, 0x9f, 0x9a, 0x80]))).toBe(true); // rocket emoji
      expect(verifyWebhook(bytes, header, PRIMARY, at(T))).toEqual({ ok: true, timestamp: T });
    });

    it('rejects a Buffer body that differs by one byte', () => {
      const bytes = Buffer.from(ALERT_BODY, 'utf8');
      bytes[bytes.indexOf(0xa9)] = 0xa8; // é → è
      expect(verifyWebhook(bytes, header, PRIMARY, at(T))).toEqual({
        ok: false,
        reason: 'signature_mismatch',
      });
    });

    it('uses Buffer bytes as received, without decoding them to text first', () => {
      // Invalid UTF-8 would become U+FFFD if decoded and re-encoded, so only a byte-exact HMAC accepts this.
      const bytes = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
      const v1 = hmacHex(PRIMARY, Buffer.concat([Buffer.from(`${T}.`), bytes]));
      const reencoded = Buffer.from(bytes.toString('utf8'), 'utf8');
      expect(reencoded.equals(bytes)).toBe(false);
      expect(verifyWebhook(bytes, `t=${T},v1=${v1}`, PRIMARY, at(T))).toEqual({ ok: true, timestamp: T });
      expect(verifyWebhook(reencoded, `t=${T},v1=${v1}`, PRIMARY, at(T)).ok).toBe(false);
    });

    it('verifies an empty body', () => {
      expect(verifyWebhook('', signatureHeader('', [PRIMARY], T), PRIMARY, at(T)).ok).toBe(true);
      expect(verifyWebhook(Buffer.alloc(0), signatureHeader('', [PRIMARY], T), PRIMARY, at(T)).ok).toBe(true);
    });
  });

  describe('cross-check with the stripe package (same t=…,v1=… scheme)', () => {
    // Stripe only checks the timestamp against its own clock (receivedAt, ms), so sign at the real current time.
    const stripe = new Stripe('sk_test_x');
    const payload = JSON.stringify({
      id: 'evt_42_1',
      object: 'event',
      type: 'company.alert',
      name: 'Caf\u00e9 Ltd',
    });
    const now = Math.floor(Date.now() / 1000);

    it.each([
      ['old secret', PRIMARY],
      ['new secret', ROTATED],
    ])('stripe accepts our two-secret header with the %s', (_label, secret) => {
      const header = signatureHeader(payload, [PRIMARY, ROTATED], now);
      const event = stripe.webhooks.constructEvent(payload, header, secret, 300, undefined, now * 1000);
      expect(event.id).toBe('evt_42_1');
    });

    it('stripe rejects our header for a secret we did not sign with, or without the whsec_ prefix', () => {
      const header = signatureHeader(payload, [PRIMARY, ROTATED], now);
      expect(() =>
        stripe.webhooks.constructEvent(payload, header, OTHER, 300, undefined, now * 1000),
      ).toThrow(/No signatures found matching/);
      const bare = PRIMARY.slice('whsec_'.length);
      expect(() => stripe.webhooks.constructEvent(payload, header, bare, 300, undefined, now * 1000)).toThrow(
        /No signatures found matching/,
      );
    });

    it.each([
      ['as a string', (p: string) => p],
      ['as a Buffer', (p: string) => Buffer.from(p, 'utf8')],
    ])('we accept a header generated by stripe, body %s', (_label, asBody) => {
      const header = stripe.webhooks.generateTestHeaderString({ payload, secret: PRIMARY, timestamp: now });
      expect(header).toMatch(new RegExp(`^t=${now},v1=[0-9a-f]{64}$`));
      expect(verifyWebhook(asBody(payload), header, PRIMARY, at(now))).toEqual({ ok: true, timestamp: now });
      expect(verifyWebhook(asBody(payload), header, [OTHER, PRIMARY], at(now)).ok).toBe(true);
      expect(verifyWebhook(asBody(payload), header, OTHER, at(now))).toEqual({
        ok: false,
        reason: 'signature_mismatch',
      });
    });

    it('we and stripe produce the identical header for the same input', () => {
      const header = stripe.webhooks.generateTestHeaderString({ payload, secret: ROTATED, timestamp: now });
      expect(signatureHeader(payload, [ROTATED], now)).toBe(header);
    });
  });
});
