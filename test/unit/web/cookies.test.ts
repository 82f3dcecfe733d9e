import { readCookie, setCookieValue } from '../../../src/web/cookies';

describe('Set-Cookie values', () => {
  it('are HttpOnly and SameSite=Strict with the path and Max-Age given, Secure only when asked', () => {
    expect(setCookieValue('session', 'abc_-1', { path: '/', maxAgeSeconds: 43_200, secure: false })).toBe(
      'session=abc_-1; Path=/; Max-Age=43200; HttpOnly; SameSite=Strict',
    );
    expect(setCookieValue('csrf', 'x', { path: '/app', maxAgeSeconds: 60, secure: true })).toBe(
      'csrf=x; Path=/app; Max-Age=60; HttpOnly; SameSite=Strict; Secure',
    );
  });

  it('remove a cookie with Max-Age=0 and an empty value', () => {
    expect(setCookieValue('session', '', { path: '/', maxAgeSeconds: 0, secure: false })).toBe(
      'session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict',
    );
  });

  it('refuse names and values that would need quoting, and a Max-Age that is not whole seconds', () => {
    const options = { path: '/', maxAgeSeconds: 1, secure: false };
    expect(() => setCookieValue('session', 'a;b', options)).toThrow(RangeError);
    expect(() => setCookieValue('session', 'a b', options)).toThrow(RangeError);
    expect(() => setCookieValue('', 'a', options)).toThrow(RangeError);
    expect(() => setCookieValue('se=ssion', 'a', options)).toThrow(RangeError);
    expect(() => setCookieValue('session', 'a', { ...options, maxAgeSeconds: 1.5 })).toThrow(RangeError);
    expect(() => setCookieValue('session', 'a', { ...options, maxAgeSeconds: -1 })).toThrow(RangeError);
  });
});

describe('reading a cookie', () => {
  it('finds one cookie among several, whatever the spacing', () => {
    expect(readCookie('a=1; session=tok_en;csrf=c', 'session')).toBe('tok_en');
    expect(readCookie('session=tok', 'session')).toBe('tok');
    expect(readCookie('a=1;  csrf = c ', 'csrf')).toBe('c');
  });

  it('yields nothing for a missing header, a missing cookie, an empty or malformed value', () => {
    expect(readCookie(undefined, 'session')).toBeUndefined();
    expect(readCookie('', 'session')).toBeUndefined();
    expect(readCookie('other=1', 'session')).toBeUndefined();
    expect(readCookie('session=', 'session')).toBeUndefined();
    expect(readCookie('session="quoted"', 'session')).toBeUndefined();
    expect(readCookie('session=a%20b', 'session')).toBeUndefined();
    expect(readCookie('sessionx=1; xsession=2', 'session')).toBeUndefined();
    expect(readCookie('garbage;;;=;', 'session')).toBeUndefined();
  });
});
