import { signedInOnPlan } from '../../support/web-sign-in';
import type { z } from 'zod';
import type { webhookSecretView } from '../../../src/operations/webhook-secret-view';
import { utcText } from '../../../src/web/pages/utc-time';
import { request, startTestApp, type TestApp } from '../../support/test-app';
import { WebClient, csrfTokenIn, type WebResponse } from '../../support/web-client';

type SecretView = z.infer<typeof webhookSecretView>;

describe('web app: the webhook signing secret', () => {
  let app: TestApp;
  let client: WebClient;
  let key: string;
  const seen: WebResponse[] = [];

  const show = async (path: string) => {
    const page = await client.get(path);
    seen.push(page);
    return page;
  };
  const apiSecret = async () =>
    (await request<SecretView>(app, 'GET', '/watchlist/webhook-secret', { key })).body;
  const reveal = async () => {
    const page = await show('/app/webhook-secret');
    const answer = await client.post('/app/webhook-secret/reveal', { csrf: csrfTokenIn(page.html) });
    seen.push(answer);
    return answer;
  };

  beforeAll(async () => {
    app = await startTestApp();
    // Team: the suite views more pages a minute than Free allows (each view is an operation call).
    ({ client, key } = await signedInOnPlan(app, 'team'));
  });
  afterAll(async () => {
    for (const page of seen) expect(page.html).not.toContain(key);
    await app?.stop();
  });

  it('sends a signed-out visitor to sign in, and reveals nothing to a post without a session', async () => {
    const visitor = new WebClient(app.url);
    expect((await visitor.get('/app/webhook-secret')).location).toBe('/app/sign-in');
    const post = await visitor.post('/app/webhook-secret/reveal', { csrf: 'x'.repeat(43) });
    expect(post.status).toBe(303);
    expect(post.html).not.toContain('whsec_');
  });

  it('hides the secret by default: the page holds its id, never its value', async () => {
    const page = await show('/app/webhook-secret');
    const secret = await apiSecret();
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).toContain(`<code>${secret.id}</code>`);
    expect(page.html).not.toContain(secret.secret);
    expect(page.html).not.toContain('whsec_');
    expect(page.html).toContain('<span id="secret-hidden">Hidden</span>');
    expect(page.html).toContain('id="reveal-secret-form"');
    expect(page.html).not.toContain('id="rotation-overlap"');
  });

  it('reveals it in the answer to the Reveal form, with no-store, and never at a URL', async () => {
    const secret = await apiSecret();
    const answer = await reveal();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.html).toContain(`<code id="webhook-secret" class="secret">${secret.secret}</code>`);
    expect(answer.html).not.toContain('id="reveal-secret-form"');
    const byGet = await show('/app/webhook-secret/reveal');
    expect(byGet.status).not.toBe(200);
    expect(byGet.html).not.toContain(secret.secret);
    expect((await show('/app/webhook-secret')).html).not.toContain(secret.secret);
  });

  it('refuses a Reveal or Rotate without the session’s CSRF token, or from another site', async () => {
    const before = await apiSecret();
    const noToken = await client.post('/app/webhook-secret/reveal', {});
    expect(noToken.status).toBe(403);
    expect(noToken.html).toContain('csrf_refused');
    expect(noToken.html).not.toContain(before.secret);
    const wrong = await client.post('/app/webhook-secret/rotate', { csrf: 'x'.repeat(43) });
    expect(wrong.status).toBe(403);
    const token = csrfTokenIn((await show('/app/webhook-secret')).html);
    const foreign = await client.post(
      '/app/webhook-secret/reveal',
      { csrf: token },
      { Origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.html).not.toContain(before.secret);
    expect(await apiSecret()).toEqual(before);
  });

  it('rotates after a confirm step, then explains the overlap with both secrets and when the old one stops', async () => {
    const old = await apiSecret();
    const confirm = await show('/app/webhook-secret/rotate');
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('Rotate the signing secret?');
    expect(confirm.html).toContain('within 24 hours');
    expect(confirm.html).not.toContain('second-rotation-warning');
    expect(confirm.html).not.toContain(old.secret);
    expect(await apiSecret()).toEqual(old);

    const rotated = await client.post('/app/webhook-secret/rotate', { csrf: csrfTokenIn(confirm.html) });
    expect(rotated.status).toBe(303);
    expect(rotated.location).toBe('/app/webhook-secret');
    const now = await apiSecret();
    expect(now.id).not.toBe(old.id);
    expect(now.previous).toEqual({
      id: old.id,
      secret: old.secret,
      standard_webhooks_secret: old.standard_webhooks_secret,
      expires_at: expect.any(String),
    });

    const page = await show('/app/webhook-secret');
    const overlap = /<section[^>]*id="rotation-overlap"[\s\S]*?<\/section>/.exec(page.html)?.[0] ?? '';
    expect(overlap).toContain(`<code>${now.id}</code>`);
    expect(overlap).toContain(`<code>${old.id}</code>`);
    expect(overlap).toContain(
      `signs until <time datetime="${now.previous!.expires_at}">${utcText(now.previous!.expires_at)}</time>`,
    );
    expect(page.html).not.toContain(now.secret);
    expect(page.html).not.toContain(old.secret);

    // Revealed during the overlap: both values, the previous one inside the overlap's explanation.
    const shown = await reveal();
    expect(shown.html).toContain(`<code id="webhook-secret" class="secret">${now.secret}</code>`);
    const shownOverlap = /<section[^>]*id="rotation-overlap"[\s\S]*?<\/section>/.exec(shown.html)?.[0] ?? '';
    expect(shownOverlap).toContain(`<code id="previous-webhook-secret" class="secret">${old.secret}</code>`);
  });

  it('warns before a second rotation inside the overlap that the previous secret stops at once', async () => {
    const current = await apiSecret();
    const confirm = await show('/app/webhook-secret/rotate');
    expect(confirm.html).toContain('id="second-rotation-warning"');
    expect(confirm.html).toContain(`<code>${current.previous!.id}</code>`);
    const rotated = await client.post('/app/webhook-secret/rotate', { csrf: csrfTokenIn(confirm.html) });
    expect(rotated.status).toBe(303);
    const after = await apiSecret();
    expect(after.previous!.id).toBe(current.id);
    // The secret retired at once is no longer shown, even revealed; the two that sign are.
    const shown = await reveal();
    expect(shown.html).toContain(after.secret);
    expect(shown.html).toContain(current.secret);
    expect(shown.html).not.toContain(current.previous!.secret);
  });
});
