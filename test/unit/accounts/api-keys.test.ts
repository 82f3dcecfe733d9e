import { apiKeyFromHeaders, generateApiKey, hashApiKey } from '../../../src/domain/accounts/api-keys';
import { planAllows } from '../../../src/domain/accounts/plans';

describe('API keys', () => {
  it('generates distinct keys whose stored hash is the SHA-256 of the key', () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/^cds_[A-Za-z0-9_-]{32}$/);
    expect(a.hash).toBe(hashApiKey(a.key));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.key.startsWith(a.prefix)).toBe(true);
    expect(a.hash).not.toContain(a.key.slice(4));
  });

  it.each([
    [{ 'x-api-key': 'cds_abc' }, 'cds_abc'],
    [{ 'x-api-key': '  cds_abc  ' }, 'cds_abc'],
    [{ authorization: 'Bearer cds_abc' }, 'cds_abc'],
    [{ authorization: 'bearer cds_abc' }, 'cds_abc'],
    [{ 'x-api-key': 'cds_first', authorization: 'Bearer cds_second' }, 'cds_first'],
    [{ authorization: 'Basic dXNlcjpwYXNz' }, undefined],
    [{ authorization: 'Bearer' }, undefined],
    [{ authorization: 'Bearer two words' }, undefined],
    [{ 'x-api-key': '' }, undefined],
    [{}, undefined],
  ])('reads the key from %j', (headers, expected) => {
    expect(apiKeyFromHeaders(headers)).toBe(expected);
  });
});

describe('plans', () => {
  it.each([
    ['free', 'free', true],
    ['free', 'starter', false],
    ['starter', 'free', true],
    ['starter', 'team', false],
    ['team', 'starter', true],
  ] as const)('%s may call a %s operation: %s', (held, lowest, allowed) => {
    expect(planAllows(held, lowest)).toBe(allowed);
  });
});
