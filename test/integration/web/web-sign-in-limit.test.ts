import { request as httpRequest } from 'node:http';
import { startTestApp, type TestApp } from '../../support/test-app';
import { WebClient, csrfTokenIn, signUpThroughPages } from '../../support/web-client';

/**
 * A signed-out browser at one loopback address (127.0.0.x): every 127/8 address reaches the service, and the
 * service counts sign-ins by the address a connection comes from. Each attempt shows the sign-in page first
 * for its CSRF cookie and token, as a browser does.
 */
/** Below the default (10), to show the setting is read. */
const SIGN_IN_FAILURES_PER_HOUR = 4;

class BrowserAt {
  constructor(
    private readonly app: TestApp,
    private readonly localAddress: string,
  ) {}

  async signIn(apiKey: string): Promise<{ status: number; html: string; headers: Record<string, string> }> {
    const page = await this.send('GET', '/app/sign-in');
    const cookie = page.cookies.join('; ');
    const body = new URLSearchParams({ csrf: csrfTokenIn(page.html), api_key: apiKey }).toString();
    return this.send('POST', '/app/sign-in', body, {
      Cookie: cookie,
      'Content-Type': 'application/x-www-form-urlencoded',
    });
  }

  private send(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; html: string; headers: Record<string, string>; cookies: string[] }>(
      (resolve, reject) => {
        const req = httpRequest(
          new URL(path, this.app.url),
          { method, headers, localAddress: this.localAddress },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                html: Buffer.concat(chunks).toString('utf8'),
                headers: res.headers as Record<string, string>,
                cookies: (res.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!),
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      },
    );
  }
}

describe('web app: failed sign-ins are limited per client address', () => {
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    app = await startTestApp({ SIGN_IN_FAILURES_PER_HOUR: String(SIGN_IN_FAILURES_PER_HOUR) });
    ({ key } = await signUpThroughPages(new WebClient(app.url)));
  });
  afterAll(() => app?.stop());

  const wrongKey = (i: number) => `cds_${'x'.repeat(31)}${i % 10}`;

  it('does not count a sign-in that succeeds, so a shared address signing in often is never refused', async () => {
    const browser = new BrowserAt(app, '127.0.0.2');
    for (let i = 0; i < SIGN_IN_FAILURES_PER_HOUR - 1; i++)
      expect((await browser.signIn(wrongKey(i))).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await browser.signIn(key)).status).toBe(303);
    // The last failure the hour allows, then the refusal: the three successes took nothing.
    expect((await browser.signIn(wrongKey(0))).status).toBe(401);
    expect((await browser.signIn(key)).status).toBe(429);
  });

  it(`refuses every sign-in after ${SIGN_IN_FAILURES_PER_HOUR} failures, with 429, Retry-After and no key check`, async () => {
    const browser = new BrowserAt(app, '127.0.0.3');
    for (let i = 0; i < SIGN_IN_FAILURES_PER_HOUR; i++) {
      const wrong = await browser.signIn(wrongKey(i));
      expect(wrong.status).toBe(401);
      expect(wrong.html).not.toContain('sign-in-limited');
    }
    const refused = await browser.signIn(wrongKey(0));
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThanOrEqual(3_600);
    expect(refused.html).toContain('id="sign-in-limited"');
    expect(refused.html).toContain('Too many failed sign-ins from your network');
    expect(refused.html).toContain(`Try again in ${Math.ceil(wait / 60)} minutes.`);
    expect(refused.html).toContain('id="sign-in-form"');
    expect(refused.html).not.toContain('That API key is unknown');

    // The right key is not even looked at: no session is opened.
    const right = await browser.signIn(key);
    expect(right.status).toBe(429);
    expect(right.headers['set-cookie'] ?? []).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^session=/)]),
    );
    expect(right.html).not.toContain(key);
  });

  it('leaves other addresses alone, and counts an empty form as no attempt', async () => {
    const other = new BrowserAt(app, '127.0.0.4');
    expect((await other.signIn('   ')).status).toBe(400);
    expect((await other.signIn(wrongKey(1))).status).toBe(401);
    expect((await other.signIn(key)).status).toBe(303);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_HOUR + 3; i++) expect((await other.signIn('')).status).toBe(400);
    expect((await other.signIn(wrongKey(2))).status).toBe(401);
    expect((await other.signIn(key)).status).toBe(303);
  });
});
