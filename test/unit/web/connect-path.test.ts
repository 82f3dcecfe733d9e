import { isConnectPath } from '../../../src/web/connect-routes';

// Sign-in sends the browser on to `next` only when it is a connect step of this site: never an open redirect.
describe('where sign-in may return to', () => {
  it('is a connect step', () => {
    expect(isConnectPath('/app/connect/VwxubRZuxN-CjDxf6nQDdm4vFHkdt99CnvUAmKh1KE8')).toBe(true);
  });

  it.each([
    undefined,
    '',
    'https://evil.example.com/app/connect/abc',
    '//evil.example.com/app/connect/abc',
    '/app/connect/',
    '/app/connect/abc/../../lists',
    '/app/connect/abc?x=1',
    '/app/lists',
    `/app/connect/${'a'.repeat(65)}`,
  ])('is not %p', (path) => {
    expect(isConnectPath(path)).toBe(false);
  });
});
