import { createHmac } from 'node:crypto';

import {
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  signatureHeader,
} from '../../../src/domain/webhooks/signature';

const PRIMARY = 'whsec_test_primary_0123456789abcdef';
const ROTATED = 'whsec_test_rotated_fedcba9876543210';

// Same code points as docs/webhooks.md, written as escapes so an editor's normalisation cannot change them.
const TEST_BODY = '{"id":"evt_1_1","type":"webhook.test","created_at":"2023-11-14T22:13:20.000Z"}';
const ALERT_BODY =
  '{"id":"evt_42_1","type":"company.alert","data":{"company_number":"01234567","company_name":"Caf\u00e9 Ltd \u{1F680}"}}';

function independentHmac(secret: string, t: number, body: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.from(`${t}.${body}`, 'utf8'))
    .digest('hex');
}

describe('signatureHeader', () => {
  describe('published test vectors (docs/webhooks.md)', () => {
    it('vector 1: one secret', () => {
      expect(signatureHeader(TEST_BODY, [PRIMARY], 1700000000)).toBe(
        't=1700000000,v1=60aa8f34faf94ba1b20f678ecbc80b59e095375b1bc2fd0199e1d3452b377b23',
      );
    });

    it('vector 2: two secrets during rotation, non-ASCII body', () => {
      expect(Buffer.byteLength(ALERT_BODY, 'utf8')).toBe(109); // é is 2 bytes, the emoji 4
      expect(signatureHeader(ALERT_BODY, [PRIMARY, ROTATED], 1700000300)).toBe(
        't=1700000300,' +
          'v1=d7fa4c6e684d274f39f56460307c9ecef6c6d258530bc0474181f7708a2ac9c0,' +
          'v1=74b0e415fdfbf1dbaafac7a880d80131488f7be4df4268eeb3caa0a898574c4d',
      );
    });
  });

  it('matches an HMAC-SHA256 computed directly with node:crypto over "<t>.<body>"', () => {
    const t = 1712345678;
    expect(signatureHeader(ALERT_BODY, [PRIMARY], t)).toBe(
      `t=${t},v1=${independentHmac(PRIMARY, t, ALERT_BODY)}`,
    );
  });

  it('emits one v1 per secret, in the order the secrets are given', () => {
    const t = 1700000000;
    const first = independentHmac(PRIMARY, t, TEST_BODY);
    const second = independentHmac(ROTATED, t, TEST_BODY);
    expect(first).not.toBe(second);
    expect(signatureHeader(TEST_BODY, [PRIMARY, ROTATED], t)).toBe(`t=${t},v1=${first},v1=${second}`);
    expect(signatureHeader(TEST_BODY, [ROTATED, PRIMARY], t)).toBe(`t=${t},v1=${second},v1=${first}`);
  });

  it('produces lowercase 64-character hex', () => {
    const header = signatureHeader(TEST_BODY, [PRIMARY, ROTATED], 1700000000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
  });

  it('keys the HMAC with the whole secret, whsec_ prefix included', () => {
    const t = 1700000000;
    const withoutPrefix = PRIMARY.slice('whsec_'.length);
    expect(signatureHeader(TEST_BODY, [PRIMARY], t)).toBe(
      `t=${t},v1=${independentHmac(PRIMARY, t, TEST_BODY)}`,
    );
    expect(signatureHeader(TEST_BODY, [PRIMARY], t)).not.toBe(signatureHeader(TEST_BODY, [withoutPrefix], t));
  });

  it('signs the timestamp: the same body at another t gives another signature', () => {
    const at = (t: number) => signatureHeader(TEST_BODY, [PRIMARY], t).split(',v1=')[1];
    expect(at(1700000000)).not.toBe(at(1700000001));
  });

  it('signs every byte of the body', () => {
    const tampered = TEST_BODY.replace('evt_1_1', 'evt_1_2');
    expect(signatureHeader(tampered, [PRIMARY], 1700000000)).not.toBe(
      signatureHeader(TEST_BODY, [PRIMARY], 1700000000),
    );
  });

  it('throws a TypeError when given no secrets', () => {
    expect(() => signatureHeader(TEST_BODY, [], 1700000000)).toThrow(TypeError);
  });

  it('throws a TypeError when a secret is empty', () => {
    expect(() => signatureHeader(TEST_BODY, [PRIMARY, ''], 1700000000)).toThrow(TypeError);
  });

  it.each([1700000000.5, -1, Number.NaN, 1700000000000 * 10_000])(
    'rejects t = %p (not whole Unix seconds)',
    (t) => {
      expect(() => signatureHeader(TEST_BODY, [PRIMARY], t)).toThrow(TypeError);
    },
  );

  it('exports the header names and tolerance from the spec', () => {
    expect(SIGNATURE_HEADER).toBe('Service-Signature');
    expect(EVENT_ID_HEADER).toBe('Service-Event-Id');
    expect(EVENT_TYPE_HEADER).toBe('Service-Event-Type');
    expect(SIGNATURE_TOLERANCE_SECONDS).toBe(300);
  });
});
