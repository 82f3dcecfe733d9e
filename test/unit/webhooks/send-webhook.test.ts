import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  classifySendError,
  RESPONSE_SNIPPET_BYTES,
  sendOutcomeSchema,
  sendWebhook,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_USER_AGENT,
  type SendOptions,
  type SendOutcome,
} from '../../../src/domain/webhooks/send-webhook';
import type { Resolver } from '../../../src/domain/outbound/vetted-lookup';

// Real HTTP, loopback only: every server listens on 127.0.0.1 and is reached through a dev-override origin.
// Names are resolved by injected resolvers that answer 127.0.0.1; no test does a real DNS lookup.

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  remoteAddress: string | undefined;
}

interface TestServer {
  server: http.Server;
  port: number;
  origin: string;
  received: Received[];
}

async function startServer(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        remoteAddress: req.socket.remoteAddress,
      });
      handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, origin: `http://127.0.0.1:${port}`, received } satisfies TestServer;
}

async function stopServer(server: http.Server) {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Resolves the named host to loopback and records what it was asked; anything else is a test bug. */
function loopbackResolver(name: string, asked: string[] = []): Resolver {
  return async (hostname) => {
    asked.push(hostname);
    if (hostname !== name)
      throw Object.assign(new Error(`unexpected lookup of ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address: '127.0.0.1', family: 4 }];
  };
}

const tenKilobytes = 'x'.repeat(10 * 1024);

let receiver: TestServer;
let redirectTarget: TestServer;
let closedPort: number;

beforeAll(async () => {
  redirectTarget = await startServer((_req, res) => res.end('should never be reached'));
  receiver = await startServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    switch (path) {
      case '/ok':
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok, thanks');
        return;
      case '/no-content':
        res.writeHead(204).end();
        return;
      case '/fail':
        res.writeHead(500).end('boom');
        return;
      case '/redirect':
        res.writeHead(302, { Location: `${redirectTarget.origin}/stolen` }).end();
        return;
      case '/big':
        res.writeHead(200).end(tenKilobytes);
        return;
      case '/slow': {
        const timer = setTimeout(() => res.writeHead(200).end('too late'), 1_500);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      case '/slow-body': {
        // Headers at once, the rest of the body after the limit: the whole exchange must fit the limit.
        res.writeHead(200);
        res.write('partial');
        const timer = setTimeout(() => res.end(' rest'), 1_500);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      case '/endless':
        // 80 KiB and then never ends: only the drain cap lets the exchange finish.
        res.writeHead(200);
        res.write(Buffer.alloc(80 * 1024, 'y'));
        return;
      default:
        res.writeHead(200).end();
    }
  });
  const closed = await startServer(() => undefined);
  closedPort = closed.port;
  await stopServer(closed.server);
});

afterAll(async () => {
  await Promise.all([stopServer(receiver.server), stopServer(redirectTarget.server)]);
});

beforeEach(() => {
  receiver.received.length = 0;
  redirectTarget.received.length = 0;
});

const body = JSON.stringify({ id: 'evt_123', type: 'company.alert' });

async function send(
  path: string,
  options: SendOptions = {},
  url = `${receiver.origin}${path}`,
): Promise<SendOutcome> {
  const outcome = await sendWebhook(
    { url, body, headers: { 'Service-Event-Id': 'evt_123' } },
    { devAllowedOrigins: [receiver.origin], ...options },
  );
  // Every outcome must be recordable as it stands.
  expect(sendOutcomeSchema.parse(outcome)).toEqual(outcome);
  return outcome;
}

describe('sendWebhook against a local receiver', () => {
  it('delivers on 200 and keeps the reply as a snippet', async () => {
    const outcome = await send('/ok');
    expect(outcome).toMatchObject({
      delivered: true,
      statusCode: 200,
      responseBodySnippet: 'ok, thanks',
      resolvedAddress: '127.0.0.1',
    });
    expect(outcome.errorClass).toBeUndefined();
    expect(receiver.received).toHaveLength(1);
  });

  it('delivers on 204 with an empty snippet', async () => {
    expect(await send('/no-content')).toMatchObject({
      delivered: true,
      statusCode: 204,
      responseBodySnippet: '',
    });
  });

  it('fails with http_status on 500', async () => {
    expect(await send('/fail')).toMatchObject({
      delivered: false,
      statusCode: 500,
      errorClass: 'http_status',
      responseBodySnippet: 'boom',
    });
  });

  it('does not follow a redirect: the Location target receives nothing', async () => {
    const outcome = await send('/redirect');
    expect(outcome).toMatchObject({ delivered: false, statusCode: 302, errorClass: 'redirect' });
    expect(outcome.errorMessage).toContain(`${redirectTarget.origin}/stolen`);
    expect(receiver.received).toHaveLength(1);
    // Give a (wrongly) followed request time to arrive before asserting it never did.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(redirectTarget.received).toHaveLength(0);
  });

  it('times out when the reply comes after the limit', async () => {
    const outcome = await send('/slow', { timeoutMs: 300 });
    expect(outcome).toMatchObject({ delivered: false, errorClass: 'timeout' });
    expect(outcome.statusCode).toBeUndefined();
    expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
    expect(outcome.durationMs).toBeLessThan(1_500);
  });

  it('times out when the headers are in time but the body is not', async () => {
    const outcome = await send('/slow-body', { timeoutMs: 300 });
    expect(outcome).toMatchObject({ delivered: false, errorClass: 'timeout' });
  });

  it('uses a 10 second limit by default, judged on the whole exchange', async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
    // The injected clock says the (instant) loopback reply completed 10.001 s after the start.
    const late = [0, 10_001];
    const outcome = await send('/ok', { now: () => late.shift() ?? 10_001 });
    expect(outcome).toMatchObject({ delivered: false, errorClass: 'timeout', durationMs: 10_001 });

    const inTime = [0, 9_999];
    expect(await send('/ok', { now: () => inTime.shift() ?? 9_999 })).toMatchObject({
      delivered: true,
      durationMs: 9_999,
    });
  });

  it('keeps only the first 2048 bytes of a 10 KB reply', async () => {
    const outcome = await send('/big');
    expect(outcome.delivered).toBe(true);
    expect(RESPONSE_SNIPPET_BYTES).toBe(2048);
    expect(outcome.responseBodySnippet).toBe(tenKilobytes.slice(0, 2048));
  });

  it('stops reading a reply that never ends once the drain cap is reached', async () => {
    const outcome = await send('/endless', { timeoutMs: 1_000 });
    expect(outcome).toMatchObject({ delivered: true, statusCode: 200 });
    expect(outcome.responseBodySnippet).toHaveLength(2048);
  });

  it('reports connect when nothing listens on the port', async () => {
    const origin = `http://127.0.0.1:${closedPort}`;
    const outcome = await send('/x', { devAllowedOrigins: [origin] }, `${origin}/x`);
    expect(outcome).toMatchObject({ delivered: false, errorClass: 'connect' });
    expect(outcome.errorMessage).toMatch(/ECONNREFUSED/);
  });

  it('sends the headers as given, with our Content-Type, User-Agent and the URL host', async () => {
    const outcome = await sendWebhook(
      {
        url: `${receiver.origin}/echo?attempt=1`,
        body,
        headers: {
          'Service-Signature': 't=1700000000,v1=abc',
          'Service-Event-Id': 'evt_123',
          'Service-Event-Type': 'company.alert',
          Host: 'attacker.example',
          'content-type': 'text/plain',
        },
      },
      { devAllowedOrigins: [receiver.origin] },
    );
    expect(outcome.delivered).toBe(true);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got).toMatchObject({ method: 'POST', url: '/echo?attempt=1', body });
    expect(got?.headers).toMatchObject({
      host: `127.0.0.1:${receiver.port}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': WEBHOOK_USER_AGENT,
      'service-signature': 't=1700000000,v1=abc',
      'service-event-id': 'evt_123',
      'service-event-type': 'company.alert',
    });
  });

  it('connects to the vetted address while Host stays the URL host', async () => {
    const name = 'hooks.test-receiver.example';
    const origin = `http://${name}:${receiver.port}`;
    const asked: string[] = [];
    const outcome = await send(
      '/ok',
      { devAllowedOrigins: [origin], resolve: loopbackResolver(name, asked) },
      `${origin}/ok`,
    );
    expect(outcome).toMatchObject({ delivered: true, resolvedAddress: '127.0.0.1' });
    expect(asked).toEqual([name]);
    expect(receiver.received[0]?.headers.host).toBe(`${name}:${receiver.port}`);
    expect(receiver.received[0]?.remoteAddress).toBe('127.0.0.1');
  });

  it('resolves again on every attempt (fresh connection each time)', async () => {
    const name = 'hooks.test-receiver.example';
    const origin = `http://${name}:${receiver.port}`;
    const asked: string[] = [];
    const options = { devAllowedOrigins: [origin], resolve: loopbackResolver(name, asked) };
    await send('/ok', options, `${origin}/ok`);
    await send('/ok', options, `${origin}/ok`);
    expect(asked).toEqual([name, name]);
  });
});

describe('sendWebhook refusals', () => {
  it('refuses a plain http loopback URL without an override, and the server receives nothing', async () => {
    const outcome = await send('/ok', { devAllowedOrigins: [] });
    expect(outcome).toMatchObject({ delivered: false, errorClass: 'refused_address' });
    expect(outcome.errorMessage).toMatch(/scheme_not_https/);
    expect(outcome.statusCode).toBeUndefined();
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses a name whose resolver answers a private address, before connecting', async () => {
    // Loopback is the private answer here so that even a broken build could only ever reach this machine.
    const asked: string[] = [];
    const outcome = await sendWebhook(
      { url: 'https://hooks.example.com/hook', body, headers: {} },
      { resolve: loopbackResolver('hooks.example.com', asked) },
    );
    expect(outcome).toMatchObject({ delivered: false, errorClass: 'refused_address' });
    expect(outcome.errorMessage).toMatch(/127\.0\.0\.1.*not a public address/);
    expect(outcome.resolvedAddress).toBeUndefined();
    expect(asked).toEqual(['hooks.example.com']);
  });

  it('refuses a malformed URL', async () => {
    expect(await sendWebhook({ url: 'not a url', body, headers: {} }, {})).toMatchObject({
      delivered: false,
      errorClass: 'refused_address',
    });
  });

  it('returns an outcome instead of throwing when the request cannot even be built', async () => {
    const outcome = await sendWebhook(
      { url: `${receiver.origin}/ok`, body, headers: { 'X-Bad': 'line\nbreak' } },
      { devAllowedOrigins: [receiver.origin] },
    );
    expect(outcome).toMatchObject({ delivered: false, errorClass: 'connect' });
    expect(receiver.received).toHaveLength(0);
  });

  it('reports dns when the resolver cannot find the name', async () => {
    const origin = `http://missing.test-receiver.example:${receiver.port}`;
    const outcome = await sendWebhook(
      { url: `${origin}/ok`, body, headers: {} },
      { devAllowedOrigins: [origin], resolve: loopbackResolver('other.example') },
    );
    expect(outcome).toMatchObject({ delivered: false, errorClass: 'dns' });
  });
});

describe('classifySendError', () => {
  it.each([
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['ERR_REFUSED_ADDRESS', 'refused_address'],
    ['ECONNREFUSED', 'connect'],
    ['ECONNRESET', 'connect'],
    ['EHOSTUNREACH', 'connect'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['CERT_HAS_EXPIRED', 'tls'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls'],
    ['EPROTO', 'tls'],
  ])('%s -> %s', (code, expected) => {
    expect(classifySendError(Object.assign(new Error(code), { code }))).toBe(expected);
  });

  it('treats an error without a code as a connection failure', () => {
    expect(classifySendError(new Error('socket hang up'))).toBe('connect');
    expect(classifySendError('not even an error')).toBe('connect');
  });
});
