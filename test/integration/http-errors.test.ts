import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { startLoggedEdge, type LogLine, type LoggedEdge } from '../support/logged-edge';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

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

/** A request through node:http, which (unlike fetch) sends any method, TRACE included. */
function send(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; allow: string | undefined; contentType: string; body: ErrorBody | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          allow: res.headers.allow,
          contentType: res.headers['content-type'] ?? '',
          body: text ? (JSON.parse(text) as ErrorBody) : undefined,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Bytes written straight to the socket (what no HTTP client will send), and the answer up to the close. */
function sendRaw(baseUrl: string, text: string): Promise<{ status: number; body: ErrorBody | undefined }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text, 'latin1'));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, body: body ? (JSON.parse(body) as ErrorBody) : undefined });
    });
  });
}

describe('the edge refuses what it cannot serve, with the JSON error body', () => {
  let app: TestApp;
  let apiKey: string;
  let listId: number;
  // The same app served as server.ts serves it, with the raw-request guard, and its log kept for inspection.
  let edge: LoggedEdge;
  let edgeUrl: string;
  let logLines: LogLine[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    apiKey = (await signUp(app)).api_key;
    const list = await request<{ id: number }>(app, 'POST', '/lists', {
      key: apiKey,
      body: { name: 'Clients', kind: 'clients' },
    });
    listId = list.body.id;
    edge = await startLoggedEdge(app.services);
    edgeUrl = edge.url;
    logLines = edge.logLines;
  });
  afterAll(async () => {
    await edge?.stop();
    await app?.stop();
  });

  describe('a NUL character in any string of the input is a 400 naming the field', () => {
    async function lists() {
      return (await request<{ lists: unknown[] }>(app, 'GET', '/lists', { key: apiKey })).body.lists.length;
    }

    it.each([
      ['a JSON body field (list name)', 'POST', '/lists', { name: 'Cli\u0000ents', kind: 'clients' }, 'name'],
      [
        'a webhook_url',
        'PATCH',
        '/lists/{list}',
        { webhook_url: 'https://hooks.example.com/\u0000' },
        'webhook_url',
      ],
      [
        'a test-send url',
        'POST',
        '/watchlist/webhooks/test',
        { url: 'https://hooks.example.com/\u0000' },
        'url',
      ],
      ['a query parameter (town)', 'GET', '/companies?town=Le%00eds', undefined, 'town'],
      ['a path parameter (company number)', 'GET', '/company/0123%004567', undefined, 'company_number'],
      ['a path parameter (delivery id)', 'GET', '/watchlist/webhooks/deliveries/evt_1%00_1', undefined, 'id'],
      [
        'a nested array item',
        'POST',
        '/lists/companies',
        { company_numbers: ['01234567', '\u0000'] },
        'company_numbers.1',
      ],
      ['sign-up, without a key', 'POST', '/signup', { email: 'a\u0000b@example.com' }, 'email'],
    ])('in %s', async (_where, method, path, body, argument) => {
      const before = await lists();
      const response = await request<ErrorBody>(app, method, path.replace('{list}', String(listId)), {
        key: path === '/signup' ? undefined : apiKey,
        body,
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'invalid_argument',
        details: { problems: [{ argument, problem: 'contains a NUL character (U+0000)' }] },
      });
      expect(response.body.error.message).toBe(
        `Invalid argument ${argument}: contains a NUL character (U+0000)`,
      );
      expect(await lists()).toBe(before);
    });

    it('in a key of the body, naming the body', async () => {
      const response = await request<ErrorBody>(app, 'POST', '/lists', {
        key: apiKey,
        rawBody: '{"name":"Ok","kind":"clients","x\\u0000":1}',
      });
      expect(response.status).toBe(400);
      expect(response.body.error.details).toEqual({
        problems: [{ argument: '(body)', problem: 'a key in it contains a NUL character (U+0000)' }],
      });
    });
  });

  describe('an Idempotency-Key that no key can be', () => {
    it('with a tab or a byte outside ASCII is a 400 naming the header', async () => {
      for (const value of ['a\tb', 'caf\u00e9']) {
        const response = await request<ErrorBody>(app, 'POST', '/kyb/checks', {
          key: apiKey,
          headers: { 'Idempotency-Key': value },
          body: { client_reference: 'r', stated_company_name: 'Acme' },
        });
        expect(response.status).toBe(400);
        expect(response.body.error).toMatchObject({
          code: 'invalid_argument',
          details: { problems: [{ argument: 'Idempotency-Key' }] },
        });
      }
    });

    it.each([
      ['a NUL', '\u0000'],
      ['a control character', '\u0001'],
      ['DEL', '\u007f'],
    ])('with %s is refused by the HTTP parser, answered with the JSON body', async (_name, character) => {
      const response = await sendRaw(
        edgeUrl,
        `POST /kyb/checks HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${apiKey}\r\n` +
          `Idempotency-Key: a${character}b\r\nContent-Length: 0\r\n\r\n`,
      );
      expect(response.status).toBe(400);
      expect(response.body?.error).toMatchObject({
        code: 'invalid_argument',
        details: { reason: 'HPE_INVALID_HEADER_TOKEN' },
      });
    });
  });

  describe('methods', () => {
    const unimplemented = [
      'TRACE',
      'PROPFIND',
      'PURGE',
      'LOCK',
      'UNLOCK',
      'SEARCH',
      'MKCOL',
      'COPY',
      'QUERY',
      'PUT',
    ];

    it('a method no route implements is 501 not_implemented on every path, with or without a key', async () => {
      const paths: [string, string | undefined][] = [
        ['/signup', 'POST'],
        ['/company/01234567', 'GET, HEAD'],
        [`/lists/${listId}`, 'DELETE, PATCH'],
        ['/mcp', 'POST'],
        ['/readyz', 'GET, HEAD'],
        ['/openapi.json', 'GET, HEAD'],
        ['/no/such/route', undefined],
      ];
      const wrong: string[] = [];
      for (const method of unimplemented) {
        for (const [path, allow] of paths) {
          for (const headers of [{}, { 'X-Api-Key': apiKey }] as Record<string, string>[]) {
            const response = await send(edgeUrl, method, path, headers);
            const ok =
              response.status === 501 &&
              response.contentType.startsWith('application/json') &&
              response.body?.error.code === 'not_implemented' &&
              response.allow === allow;
            if (!ok) wrong.push(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });

    it.each([
      ['an unknown method token', 'BREW / HTTP/1.1\r\nHost: x\r\n\r\n'],
      ['a lower-case method', 'get /readyz HTTP/1.1\r\nHost: x\r\n\r\n'],
      ['CONNECT', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'],
    ])('%s, which Node refuses before the app, is 501 not_implemented too', async (_name, text) => {
      const response = await sendRaw(edgeUrl, text);
      expect(response.status).toBe(501);
      expect(response.body?.error).toMatchObject({ code: 'not_implemented' });
      expect(response.body?.error.request_id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it.each([
      ['DELETE', '/signup', 'POST'],
      ['GET', '/signup', 'POST'],
      ['POST', '/company/01234567', 'GET, HEAD'],
      ['PATCH', '/mcp', 'POST'],
      ['GET', '/mcp', 'POST'],
      ['POST', '/readyz', 'GET, HEAD'],
      ['DELETE', '/openapi.json', 'GET, HEAD'],
      ['GET', '/lists/1', 'DELETE, PATCH'],
    ])('%s %s, a method served elsewhere, is 405 with Allow: %s', async (method, path, allow) => {
      const response = await send(edgeUrl, method, path);
      expect(response.status).toBe(405);
      expect(response.allow).toBe(allow);
      expect(response.body?.error).toMatchObject({ code: 'method_not_allowed', details: { method } });
    });

    it('OPTIONS names the methods of a path that exists, and is 404 elsewhere', async () => {
      const known = await send(edgeUrl, 'OPTIONS', '/signup');
      expect(known.status).toBe(204);
      expect(known.allow).toBe('POST');
      const unknown = await send(edgeUrl, 'OPTIONS', '/no/such/route');
      expect(unknown.status).toBe(404);
      expect(unknown.body?.error.code).toBe('not_found');
    });

    it('HEAD still answers where GET does', async () => {
      const response = await send(edgeUrl, 'HEAD', '/readyz');
      expect(response.status).toBe(200);
    });

    it('none of it was logged as an error or answered 500', () => {
      expect(logLines.length).toBeGreaterThan(100);
      expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
      expect(logLines.filter((line) => line.status === 500)).toEqual([]);
    });
  });
});
