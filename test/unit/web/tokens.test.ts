import { hashToken, isWellFormedToken, newToken, sameToken } from '../../../src/web/tokens';

describe('web tokens', () => {
  it('are 43 base64url characters, different each time', () => {
    const a = newToken();
    const b = newToken();
    expect(isWellFormedToken(a)).toBe(true);
    expect(a).not.toBe(b);
  });

  it('refuse what cannot be a token before it is hashed or compared', () => {
    for (const bad of [
      undefined,
      '',
      'short',
      `${'a'.repeat(42)}=`,
      `${'a'.repeat(44)}`,
      `${'a'.repeat(42)}/`,
    ]) {
      expect(isWellFormedToken(bad)).toBe(false);
    }
  });

  it('are stored as their SHA-256, never as themselves', () => {
    const token = newToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
    expect(hashToken(token)).toBe(hashToken(token));
  });

  it('match only when equal, and never when either is missing or empty', () => {
    const token = newToken();
    expect(sameToken(token, token)).toBe(true);
    expect(sameToken(token, newToken())).toBe(false);
    expect(sameToken(token.slice(0, -1), token)).toBe(false);
    expect(sameToken(`${token}x`, token)).toBe(false);
    expect(sameToken(undefined, token)).toBe(false);
    expect(sameToken(token, undefined)).toBe(false);
    expect(sameToken('', '')).toBe(false);
    expect(sameToken(undefined, undefined)).toBe(false);
  });
});
