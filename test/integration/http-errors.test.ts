import { request, startTestApp, type TestApp } from '../support/test-app';

describe('bad requests get JSON errors with stable codes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(() => app?.stop());

  it.each([
    ['not an email', { email: 'not-an-email' }, 'email'],
    ['a missing email', {}, 'email'],
    ['an email of the wrong type', { email: 42 }, 'email'],
    ['an unknown field', { email: 'a@example.com', plan: 'team' }, '(body)'],
  ])('sign-up with %s is a 400 naming the argument', async (_name, body, argument) => {
    const response = await request(app, 'POST', '/signup', { body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'invalid_argument' } });
    const problems = (response.body.error as { details: { problems: { argument: string }[] } }).details
      .problems;
    expect(problems.map((p) => p.argument)).toContain(argument);
  });

  it('a body that is JSON but not an object is a 400', async () => {
    const response = await request(app, 'POST', '/signup', { rawBody: '["a@example.com"]' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'invalid_argument' } });
  });

  it('malformed JSON is a 400 invalid_json', async () => {
    const response = await request(app, 'POST', '/signup', { rawBody: '{"email": "a@example.com"' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'invalid_json' } });
  });

  it('a body over the limit is a 413 and creates nothing', async () => {
    const email = `${'a'.repeat(3000)}@example.com`;
    const response = await request(app, 'POST', '/signup', { body: { email } });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      error: { code: 'payload_too_large', details: { limit_bytes: 2048 } },
    });
    const count = await app.services.orm.em
      .fork()
      .getConnection()
      .execute('select count(*) as n from accounts');
    expect(Number(count[0]?.n)).toBe(0);
  });

  it('a body that is not JSON is a 415', async () => {
    const response = await request(app, 'POST', '/signup', {
      rawBody: 'email=a@example.com',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('an unknown route is a JSON 404', async () => {
    const response = await request(app, 'GET', '/no/such/route');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.body).toMatchObject({ error: { code: 'not_found' } });
  });

  it('a known path with the wrong method is a JSON 405', async () => {
    const response = await request(app, 'DELETE', '/signup');
    expect(response.status).toBe(405);
    expect(response.body).toMatchObject({ error: { code: 'method_not_allowed' } });
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const given = await request(app, 'GET', '/nope', { headers: { 'X-Request-Id': 'trace-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-123');
    expect((given.body.error as { request_id: string }).request_id).toBe('trace-123');
    const invented = await request(app, 'GET', '/nope', {
      headers: { 'X-Request-Id': 'bad id with spaces' },
    });
    expect(invented.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
