import { request as httpRequest } from 'node:http';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

/*
 * The Origin check on /mcp over real HTTP, against the app listening on 127.0.0.1 (a loopback listener, so Host is
 * checked too), as the MCP conformance scenario dns-rebinding-protection probes it. Sent with node:http rather
 * than fetch, which decides the Host header itself.
 */

const PUBLIC_ORIGIN = 'https://companies.example.com';
const ALLOWED_ORIGIN = 'https://assistant.example.org';
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'origin-test', version: '1' },
  },
});

interface Answer {
  status: number;
  body: { error?: { code: string; details: { reason?: string } }; result?: unknown };
}

describe('/mcp refuses pages of other sites (Origin) and other names for a loopback listener (Host)', () => {
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_BASE_URL: `${PUBLIC_ORIGIN}/`, MCP_ALLOWED_ORIGINS: ALLOWED_ORIGIN });
    apiKey = (await signUp(app)).api_key;
  });
  afterAll(async () => {
    await app?.stop();
  });

  function post(path: string, headers: Record<string, string>, body = INITIALIZE): Promise<Answer> {
    const url = new URL(path, app.url);
    return new Promise((resolve, reject) => {
      const sent = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
            Host: url.host,
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }),
          );
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  }
  const mcp = (headers: Record<string, string>) => post('/mcp', { 'X-Api-Key': apiKey, ...headers });

  it.each([
    ['no Origin', {}],
    ["PUBLIC_BASE_URL's origin", { Origin: PUBLIC_ORIGIN }],
    ['an origin of MCP_ALLOWED_ORIGINS', { Origin: ALLOWED_ORIGIN }],
    ['Host localhost', { Host: 'localhost' }],
    ["Host PUBLIC_BASE_URL's name", { Host: 'companies.example.com', Origin: PUBLIC_ORIGIN }],
  ])('answers with %s', async (_, headers) => {
    const answer = await mcp(headers);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ protocolVersion: '2025-11-25' });
  });

  it.each([
    ['another site', 'http://evil.example.com'],
    ['our name over http', 'http://companies.example.com'],
    ['null', 'null'],
  ])('refuses Origin %s with 403 origin_refused', async (_, origin) => {
    const answer = await mcp({ Origin: origin });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({
      code: 'origin_refused',
      details: { reason: 'foreign_origin' },
    });
  });

  it('refuses a rebound name in Host (the conformance probe: Host and Origin evil.example.com)', async () => {
    const answer = await mcp({ Host: 'evil.example.com', Origin: 'http://evil.example.com' });
    expect(answer.status).toBe(403);
    expect(answer.body.error?.code).toBe('origin_refused');
    const hostOnly = await mcp({ Host: 'evil.example.com' });
    expect(hostOnly.status).toBe(403);
    expect(hostOnly.body.error?.details.reason).toBe('foreign_host');
  });

  it('refuses before the key is looked at: 403, not 401, without a key', async () => {
    const answer = await post('/mcp', { Origin: 'http://evil.example.com' });
    expect(answer.status).toBe(403);
    expect(answer.body.error?.code).toBe('origin_refused');
  });

  it('leaves the REST API alone (key in a header, no cookies, no CORS: docs/api.md)', async () => {
    const answer = await post(
      '/lists',
      { 'X-Api-Key': apiKey, Origin: 'http://evil.example.com' },
      JSON.stringify({ name: 'From anywhere', kind: 'clients' }),
    );
    expect(answer.status).toBe(201);
  });
});
