import { originAllowed } from '../../../src/web/csrf';

describe('the Origin check of form posts', () => {
  const own = 'https://data.example.com';

  it('lets through a post with no Origin (the token still decides) and one from this origin', () => {
    expect(originAllowed(undefined, own)).toBe(true);
    expect(originAllowed('', own)).toBe(true);
    expect(originAllowed(own, own)).toBe(true);
    expect(originAllowed('HTTPS://DATA.EXAMPLE.COM', own)).toBe(true);
  });

  it('refuses another site, another scheme or port, a look-alike host and the opaque origin null', () => {
    for (const origin of [
      'https://evil.example',
      'http://data.example.com',
      'https://data.example.com:8443',
      'https://data.example.com.evil.example',
      'https://evil.data.example.com',
      'null',
      `${own}/`,
    ]) {
      expect(originAllowed(origin, own)).toBe(false);
    }
  });
});
