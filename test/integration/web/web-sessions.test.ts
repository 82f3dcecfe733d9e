import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { accountForApiKey, revokeApiKey } from '../../../src/domain/accounts/accounts';
import { createApp } from '../../../src/http/app';
import { startTestApp, type TestApp } from '../../support/test-app';
import {
  WebClient,
  cookieAttributes,
  csrfTokenIn,
  signInThroughPages,
  signUpThroughPages,
} from '../../support/web-client';

describe('web app: sign-up, sign-in, sessions', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.stop());

  it('sends / to /app, and /app signed out offers sign-up and sign-in', async () => {
    const client = new WebClient(app.url);
    const root = await client.get('/');
    expect(root.status).toBe(303);
    expect(root.location).toBe('/app');
    const home = await client.get('/app');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(home.html).toMatch(/^<!DOCTYPE html>/);
    expect(home.html).toContain('href="/app/sign-up"');
    expect(home.html).toContain('href="/app/sign-in"');
  });

  it('sets a strict CSP and no-store on pages, and serves the stylesheet and script from /assets/', async () => {
    const client = new WebClient(app.url);
    const page = await client.get('/app/sign-up');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).not.toMatch(/<script>|<style|style="|onclick=/);
    const css = await client.get('/assets/app.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const script = await client.get('/assets/copy-key.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await client.get('/assets/..%2Fweb-routes.ts')).status).toBe(404);
    expect((await client.get('/assets/nothing.css')).status).toBe(404);
  });

  it('shows the key once after sign-up, with a warning, a copy button and no-store; the next pages lack it', async () => {
    const client = new WebClient(app.url);
    const { key, page } = await signUpThroughPages(client, 'Web.User@Example.com');
    expect(key).toMatch(/^cds_/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).toContain('not shown again');
    expect(page.html).toContain('id="copy-key"');
    expect(page.html).toContain('src="/assets/copy-key.js"');
    expect(page.html.split(key)).toHaveLength(2);
    expect(page.location).toBeNull();
    // The key works for the API: the page made a real account through the signup operation.
    const caller = await accountForApiKey(app.services.orm.em.fork(), key);
    expect(caller?.account.email).toBe('web.user@example.com');

    const signIn = await signInThroughPages(client, key);
    expect(signIn.location).toBe('/app/lists');
    for (const path of ['/app/lists', '/app', '/app/sign-up', '/app/sign-in', '/app/nothing']) {
      const next = await client.get(path);
      expect(next.html).not.toContain(key);
      expect(next.location ?? '').not.toContain(key);
    }
  });

  it('keeps the typed email and shows the refusal next to the field for a bad email', async () => {
    const client = new WebClient(app.url);
    const answer = await client.submit('/app/sign-up', '/app/sign-up', { email: 'not-an-email' });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('value="not-an-email"');
    expect(answer.html).toMatch(/<p class="field-error" id="email-error">.*[Ee]mail/);
    expect(answer.html).toContain('aria-describedby="email-error"');
    expect(answer.html).not.toContain('cds_');
  });

  it('does not make a second account when the sign-up form is sent twice (its token is spent)', async () => {
    const client = new WebClient(app.url);
    const page = await client.get('/app/sign-up');
    const token = csrfTokenIn(page.html);
    const email = 'twice@example.com';
    expect((await client.post('/app/sign-up', { csrf: token, email })).status).toBe(201);
    const again = await client.post('/app/sign-up', { csrf: token, email });
    expect(again.status).toBe(403);
    expect(again.html).toContain('csrf_refused');
  });

  it('refuses an unknown key at sign-in with a message, and an empty one', async () => {
    const client = new WebClient(app.url);
    const wrong = await client.submit('/app/sign-in', '/app/sign-in', { api_key: 'cds_not-a-real-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('unknown or has been revoked');
    expect(wrong.html).not.toContain('cds_not-a-real-key');
    expect(wrong.setCookies.some((c) => c.startsWith('session='))).toBe(false);
    const empty = await client.submit('/app/sign-in', '/app/sign-in', { api_key: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain('Enter your API key');
    expect((await client.get('/app/lists')).location).toBe('/app/sign-in');
  });

  it('sets the session cookie HttpOnly, SameSite=Strict, Path=/, Max-Age of 12 hours, and not Secure on http', async () => {
    const client = new WebClient(app.url);
    const { key } = await signUpThroughPages(client);
    const signIn = await signInThroughPages(client, key);
    const session = cookieAttributes(signIn.setCookies, 'session');
    expect(session).toEqual({ path: '/', 'max-age': String(12 * 60 * 60), httponly: '', samesite: 'Strict' });
    const csrf = cookieAttributes(signIn.setCookies, 'csrf');
    expect(csrf).toMatchObject({ httponly: '', samesite: 'Strict' });
    expect(csrf).not.toHaveProperty('secure');
  });

  it('marks the cookie Secure when the request came over https (through a proxy the service trusts)', async () => {
    // The service trusts X-Forwarded-Proto only behind a proxy (app.proxy, set in production): the same app
    // with that one setting changed, on its own port.
    const koa = createApp(app.services);
    koa.proxy = true;
    const server = createServer(koa.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const client = new WebClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const { key } = await signUpThroughPages(client);
      client.cookies.clear(); // a new visit: the sign-in page sets its own CSRF cookie
      const https = { 'X-Forwarded-Proto': 'https' };
      const page = await client.get('/app/sign-in', https);
      expect(cookieAttributes(page.setCookies, 'csrf')).toHaveProperty('secure');
      const signIn = await client.post('/app/sign-in', { csrf: csrfTokenIn(page.html), api_key: key }, https);
      expect(signIn.status).toBe(303);
      expect(cookieAttributes(signIn.setCookies, 'session')).toHaveProperty('secure', '');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('signs out: the old cookie no longer opens a page', async () => {
    const client = new WebClient(app.url);
    const { key } = await signUpThroughPages(client);
    await signInThroughPages(client, key);
    const oldCookie = client.cookies.get('session')!;
    expect((await client.get('/app/lists')).status).toBe(200);
    const out = await client.submit('/app/lists', '/app/sign-out', {});
    expect(out.status).toBe(303);
    expect(out.location).toBe('/app');
    expect(client.cookies.has('session')).toBe(false);
    const replayed = await client.get('/app/lists', { Cookie: `session=${oldCookie}` });
    expect(replayed.status).toBe(303);
    expect(replayed.location).toBe('/app/sign-in');
  });

  it('ends the session when the key it was opened with is revoked', async () => {
    const client = new WebClient(app.url);
    const { key } = await signUpThroughPages(client);
    await signInThroughPages(client, key);
    expect((await client.get('/app/lists')).status).toBe(200);
    const em = app.services.orm.em.fork();
    const caller = (await accountForApiKey(em, key))!;
    await revokeApiKey(em, caller.apiKeyId, new Date());
    const after = await client.get('/app/lists');
    expect(after.status).toBe(303);
    expect(after.location).toBe('/app/sign-in');
  });

  it('answers an unknown page with an HTML 404, a wrong method with an HTML 405 and Allow', async () => {
    const client = new WebClient(app.url);
    const missing = await client.get('/app/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    expect(missing.html).toContain('Page not found');
    const wrongMethod = await client.get('/app/sign-out');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(wrongMethod.headers.get('content-type')).toMatch(/^text\/html/);
    const options = await client.send('OPTIONS', '/app/lists', undefined);
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, POST');
    const unimplemented = await client.send('PUT', '/app/lists', 'x');
    expect(unimplemented.status).toBe(501);
    // The JSON API is untouched: its own 404 stays JSON.
    const api = await fetch(`${app.url}/no-such-route`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('refuses a form body that is too large (413) or not urlencoded (415), as pages', async () => {
    const client = new WebClient(app.url);
    const page = await client.get('/app/sign-in');
    const token = csrfTokenIn(page.html);
    const big = await client.post('/app/sign-in', { csrf: token, api_key: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);
    expect(big.headers.get('content-type')).toMatch(/^text\/html/);
    const json = await client.send('POST', '/app/sign-in', JSON.stringify({ csrf: token }), {
      'Content-Type': 'application/json',
    });
    expect(json.status).toBe(415);
  });
});
