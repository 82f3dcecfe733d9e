import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { readJsonBody } from '../../../src/http/json-body';
import { ServiceError } from '../../../src/domain/errors';

/** A real Koa server reading its body with readJsonBody, answering what it read or the error's code. */
describe('reading a JSON body', () => {
  let server: Server;
  let port: number;
  const limit = 256;

  beforeAll(async () => {
    const app = new Koa();
    app.use(async (ctx) => {
      // What Koa's own type check says, beside what the reader does: the two must agree.
      const koaSaysJson = ctx.is('application/json') === 'application/json';
      try {
        ctx.body = { body: (await readJsonBody(ctx, limit)) ?? null, koaSaysJson };
      } catch (error) {
        ctx.status = 400;
        ctx.body = { code: error instanceof ServiceError ? error.code : 'other', koaSaysJson };
      }
    });
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** Sends the body in the chunks given (chunked transfer when more than one), with the Content-Type given. */
  const post = (chunks: Buffer[], contentType: string) =>
    new Promise<{ body?: unknown; code?: string; koaSaysJson: boolean }>((resolve, reject) => {
      const length = chunks.length === 1 ? { 'Content-Length': String(chunks[0]!.length) } : {};
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/',
          headers: { 'Content-Type': contentType, ...length },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve(JSON.parse(text) as { koaSaysJson: boolean }));
        },
      );
      req.on('error', reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });
  const json = (value: unknown) => [Buffer.from(JSON.stringify(value))];

  it('reads JSON, whatever the case of the type and its parameters', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json;',
    ]) {
      expect({ type, answer: await post(json({ a: 'é' }), type) }).toEqual({
        type,
        answer: { body: { a: 'é' }, koaSaysJson: true },
      });
    }
  });

  it('refuses every other type as unsupported_media_type, where Koa would not call it JSON either', async () => {
    for (const type of [
      'text/plain',
      'application/jsonx',
      'application/json-patch+json',
      'application/ld+json',
      'json',
      '',
    ]) {
      expect({ type, answer: await post(json({ a: 1 }), type) }).toEqual({
        type,
        answer: { code: 'unsupported_media_type', koaSaysJson: false },
      });
    }
  });

  it('drops a UTF-8 byte-order mark, and decodes a character split between chunks', async () => {
    const withMark = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"Zoë"}')]);
    expect(await post([withMark], 'application/json')).toEqual({ body: { name: 'Zoë' }, koaSaysJson: true });
    const bytes = Buffer.from('{"name":"Zoë €"}');
    const split = bytes.indexOf(Buffer.from('€')) + 1; // inside the euro sign's three bytes
    expect(await post([bytes.subarray(0, split), bytes.subarray(split)], 'application/json')).toEqual({
      body: { name: 'Zoë €' },
      koaSaysJson: true,
    });
  });

  it('reads bytes that are not UTF-8 as replacement characters, as a decoder does', async () => {
    const bytes = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    expect(await post([bytes], 'application/json')).toEqual({
      body: { a: '\ufffd\ufffd' },
      koaSaysJson: true,
    });
  });

  it('refuses a body over the limit, and one that is not JSON', async () => {
    expect(await post(json({ a: 'x'.repeat(limit) }), 'application/json')).toMatchObject({
      code: 'payload_too_large',
    });
    expect(await post([Buffer.from('{"a":')], 'application/json')).toMatchObject({ code: 'invalid_json' });
    expect(await post([Buffer.from('   ')], 'application/json')).toEqual({ body: null, koaSaysJson: true });
  });
});
