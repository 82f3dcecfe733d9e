import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  standardWebhooksHeaders,
  standardWebhooksSecret,
} from '../../../src/domain/webhooks/standard-webhooks';
import { verifyStandardWebhook } from '../../../src/domain/webhooks/verify-standard-webhook';

// The official `standardwebhooks` package is the independent verifier: it shares no code with ours.

const ours = () => `whsec_${randomBytes(32).toString('base64url')}`;
const body = '{"id":"evt_42_1","type":"company.alert","data":{"company_name":"Café Ltd 🚀"}}';
const now = () => Math.floor(Date.now() / 1000);

describe('standardWebhooksSecret', () => {
  it('is whsec_ and the base64 of our whole secret, which the package takes as its key', () => {
    // A base64url secret with both of the characters standard base64 lacks: the package refuses it as it is.
    const secret = 'whsec_ab-cd_ef0123456789abcdef0123456789abcdef01234';
    expect(() => new Webhook(secret).sign('evt_1_1', new Date(), body)).toThrow();
    const converted = standardWebhooksSecret(secret);
    expect(converted).toBe(`whsec_${Buffer.from(secret, 'utf8').toString('base64')}`);
    expect(converted).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  });
});

describe('standardWebhooksHeaders', () => {
  it('makes the three headers the standardwebhooks package verifies, and so does our verifier', () => {
    const secret = ours();
    const t = now();
    const headers = standardWebhooksHeaders('evt_42_1', body, [secret], t);
    expect(Object.keys(headers).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect(headers['webhook-id']).toBe('evt_42_1');
    expect(headers['webhook-timestamp']).toBe(String(t));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(standardWebhooksSecret(secret)).verify(body, headers)).toEqual(JSON.parse(body));
    expect(verifyStandardWebhook(body, headers, standardWebhooksSecret(secret))).toEqual({
      ok: true,
      id: 'evt_42_1',
      timestamp: t,
    });
  });

  it('signs with each secret during a rotation, space-separated, and either secret verifies alone', () => {
    const [current, previous] = [ours(), ours()];
    const headers = standardWebhooksHeaders('evt_7_1', body, [current, previous], now());
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    for (const secret of [current, previous]) {
      expect(() => new Webhook(standardWebhooksSecret(secret)).verify(body, headers)).not.toThrow();
      expect(verifyStandardWebhook(body, headers, standardWebhooksSecret(secret)).ok).toBe(true);
    }
    expect(() => new Webhook(standardWebhooksSecret(ours())).verify(body, headers)).toThrow(
      'No matching signature found',
    );
  });

  it('covers the id, the timestamp and every byte of the body', () => {
    const secret = ours();
    const key = standardWebhooksSecret(secret);
    const headers = standardWebhooksHeaders('evt_42_1', body, [secret], now());
    const changed = [
      { body: `${body} `, headers },
      { body, headers: { ...headers, 'webhook-id': 'evt_42_2' } },
      {
        body,
        headers: { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) },
      },
    ];
    for (const attempt of changed) {
      expect(() => new Webhook(key).verify(attempt.body, attempt.headers)).toThrow();
      expect(verifyStandardWebhook(attempt.body, attempt.headers, key).ok).toBe(false);
    }
  });

  it('refuses to sign without a secret or with a time that is not whole seconds', () => {
    expect(() => standardWebhooksHeaders('evt_1_1', body, [], 1)).toThrow(TypeError);
    expect(() => standardWebhooksHeaders('evt_1_1', body, [''], 1)).toThrow(TypeError);
    expect(() => standardWebhooksHeaders('evt_1_1', body, [ours()], 1.5)).toThrow(TypeError);
  });
});

describe('verifyStandardWebhook', () => {
  // The specification's own example (standard-webhooks spec and the libraries' tests).
  const vector = {
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    headers: {
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    },
    body: '{"test": 2432232314}',
  };
  const at = () => 1614265330;

  it("accepts the specification's example, and among other versions' signatures", () => {
    expect(verifyStandardWebhook(vector.body, vector.headers, vector.secret, { now: at }).ok).toBe(true);
    const mixed = {
      ...vector.headers,
      'webhook-signature': `v1a,abc v2,xyz ${vector.headers['webhook-signature']}`,
    };
    expect(verifyStandardWebhook(vector.body, mixed, vector.secret, { now: at }).ok).toBe(true);
  });

  it('rejects each failure with its reason', () => {
    const check = (headers: Record<string, string>, now = at) =>
      verifyStandardWebhook(vector.body, headers, vector.secret, { now });
    const { 'webhook-signature': _signature, ...unsigned } = vector.headers;
    expect(check(unsigned)).toEqual({ ok: false, reason: 'missing_header' });
    expect(check({ ...vector.headers, 'webhook-timestamp': '16142653.5' })).toEqual({
      ok: false,
      reason: 'malformed_timestamp',
    });
    expect(check(vector.headers, () => 1614265330 + 301)).toEqual({
      ok: false,
      reason: 'timestamp_out_of_tolerance',
    });
    expect(check(vector.headers, () => 1614265330 + 300).ok).toBe(true);
    expect(
      check({ ...vector.headers, 'webhook-signature': 'v2,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' }),
    ).toEqual({ ok: false, reason: 'signature_mismatch' });
  });
});
