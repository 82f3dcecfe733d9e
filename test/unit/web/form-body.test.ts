import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { ServiceError } from '../../../src/domain/errors';
import { parseForm, parseFormFields, readFormBody } from '../../../src/web/form-body';

describe('form fields', () => {
  it('decode as browsers encode them: + as space, percent escapes, empty values', () => {
    expect({ ...parseFormFields('email=a%2Bb%40example.com&name=Key+clients&empty=&csrf=x') }).toEqual({
      email: 'a+b@example.com',
      name: 'Key clients',
      empty: '',
      csrf: 'x',
    });
  });

  it('keep the last of a repeated field, and treat __proto__ as an ordinary name', () => {
    const fields = parseFormFields('a=1&a=2&__proto__=x&constructor=y');
    expect(fields.a).toBe('2');
    expect(fields['__proto__']).toBe('x');
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect({ ...parseFormFields('') }).toEqual({});
  });

  it('keep every value of a repeated field in order, beside the last one, for a checkbox group', () => {
    const { fields, values } = parseForm('alert_types=new_filing&csrf=t&alert_types=status_change&a=1');
    expect({ ...values }).toEqual({
      alert_types: ['new_filing', 'status_change'],
      csrf: ['t'],
      a: ['1'],
    });
    expect(fields.alert_types).toBe('status_change');
    expect(Object.getPrototypeOf(values)).toBeNull();
    expect({ ...parseForm('').values }).toEqual({});
  });

  it('survive malformed escapes without throwing', () => {
    expect(() => parseFormFields('a=%E0%A4%A&b=%')).not.toThrow();
  });
});

describe('reading a form body', () => {
  let server: Server;
  let url: string;
  const limit = 64;

  beforeAll(async () => {
    const app = new Koa();
    app.use(async (ctx) => {
      try {
        ctx.body = { fields: { ...(await readFormBody(ctx, limit)) } };
      } catch (error) {
        ctx.status = 400;
        ctx.body = { code: error instanceof ServiceError ? error.code : 'other' };
      }
    });
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const post = async (body: string, type = 'application/x-www-form-urlencoded') =>
    (await (await fetch(url, { method: 'POST', body, headers: { 'Content-Type': type } })).json()) as {
      fields?: Record<string, string>;
      code?: string;
    };

  it('reads a urlencoded body up to the limit', async () => {
    expect(await post('a=1&b=two')).toEqual({ fields: { a: '1', b: 'two' } });
    expect(await post(`a=${'x'.repeat(limit - 2)}`)).toEqual({ fields: { a: 'x'.repeat(limit - 2) } });
  });

  it('refuses a body over the limit as payload_too_large, and another type as unsupported_media_type', async () => {
    expect(await post(`a=${'x'.repeat(limit)}`)).toEqual({ code: 'payload_too_large' });
    expect(await post('{"a":1}', 'application/json')).toEqual({ code: 'unsupported_media_type' });
    expect(await post('a=1', 'multipart/form-data; boundary=x')).toEqual({ code: 'unsupported_media_type' });
  });

  it('gives no fields for a request without a body', async () => {
    const answer = await fetch(url, { method: 'POST' });
    expect(await answer.json()).toEqual({ fields: {} });
  });
});
