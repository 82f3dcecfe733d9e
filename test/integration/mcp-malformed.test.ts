import { join } from 'node:path';
import { setPlan } from '../../src/domain/accounts/accounts';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { startLoggedEdge, type LogLine, type LoggedEdge } from '../support/logged-edge';
import { connectMcp, toolError } from '../support/mcp-client';
import { projectRoot } from '../support/paths';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

/*
 * A corpus of malformed MCP traffic, each case sent with real HTTP to the real app: not JSON, JSON that is
 * not a message, wrong ids, unknown methods and tools, arguments of the wrong types, huge and deeply nested
 * values, wrong headers, batches per protocol version and NUL characters. Every case must be answered
 * without a 5xx, by the JSON-RPC error or the tool error its kind calls for; after the whole corpus the
 * server still serves a normal tool call and /readyz, and has logged nothing at error level.
 */

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
const BODY_LIMIT = 1_048_576;

type Expected =
  | { rpc: number; status: number } // a JSON-RPC error answering the whole request
  | { tool: string } // an isError tool result with this service error code
  | { batch: number } // a JSON array of this many responses (a batch a 2025-03-26 client may send)
  | { accepted: true } // 202 and no body: a notification, which JSON-RPC never answers
  | { result: true }; // a well-formed request after all, answered normally

interface Case {
  name: string;
  /** The raw body, or a value to send as JSON. */
  body: string | unknown;
  headers?: Record<string, string | null>;
  expected: Expected;
}

const call = (name: string, args: unknown, id: unknown = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});
const list = (id: unknown = 1) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'corpus', version: '1' } },
});
/** Nesting written as text: JSON.stringify itself overflows the stack long before 10,000 levels. */
function nested(depth: number, inner: string): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}
/** A tools/call whose arguments object is given as JSON text. */
function rawCall(name: string, argumentsJson: string) {
  return raw(
    `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${name}","arguments":${argumentsJson}}}`,
  );
}
const raw = (bytes: string | Buffer) => ({ raw: bytes });

const corpus: Case[] = [
  // Not JSON at all, or nothing.
  { name: 'text that is not JSON', body: raw('hello'), expected: { rpc: -32700, status: 400 } },
  { name: 'truncated JSON', body: raw('{"jsonrpc":"2.0","id":1,'), expected: { rpc: -32700, status: 400 } },
  { name: 'an empty body', body: raw(''), expected: { rpc: -32700, status: 400 } },
  { name: 'whitespace only', body: raw('  \n '), expected: { rpc: -32700, status: 400 } },
  {
    name: 'bytes that are not UTF-8',
    body: raw(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])),
    expected: { rpc: -32700, status: 400 },
  },
  // JSON that is not one message.
  { name: 'a number', body: 42, expected: { rpc: -32600, status: 400 } },
  { name: 'a string', body: 'tools/list', expected: { rpc: -32600, status: 400 } },
  { name: 'null', body: null, expected: { rpc: -32600, status: 400 } },
  { name: 'true', body: true, expected: { rpc: -32600, status: 400 } },
  { name: 'an empty object', body: {}, expected: { rpc: -32600, status: 400 } },
  {
    name: 'a request without jsonrpc',
    body: { id: 1, method: 'tools/list' },
    expected: { rpc: -32600, status: 400 },
  },
  {
    name: 'jsonrpc 1.0',
    body: { jsonrpc: '1.0', id: 1, method: 'tools/list' },
    expected: { rpc: -32600, status: 400 },
  },
  {
    name: 'jsonrpc as a number',
    body: { jsonrpc: 2, id: 1, method: 'tools/list' },
    expected: { rpc: -32600, status: 400 },
  },
  {
    name: 'a method that is not a string',
    body: { jsonrpc: '2.0', id: 1, method: ['tools/list'] },
    expected: { rpc: -32600, status: 400 },
  },
  { name: 'params as an array', body: { ...list(), params: [1, 2] }, expected: { rpc: -32600, status: 400 } },
  {
    name: 'an unknown top-level member',
    body: { ...list(), extra: true },
    expected: { rpc: -32600, status: 400 },
  },
  // Ids of the wrong type.
  { name: 'an object id', body: list({ a: 1 }), expected: { rpc: -32600, status: 400 } },
  { name: 'an array id', body: list([1]), expected: { rpc: -32600, status: 400 } },
  { name: 'a fractional id', body: list(1.5), expected: { rpc: -32600, status: 400 } },
  { name: 'a boolean id', body: list(true), expected: { rpc: -32600, status: 400 } },
  { name: 'a null id on a request', body: list(null), expected: { rpc: -32600, status: 400 } },
  // Methods and tools the server does not have.
  {
    name: 'an unknown method',
    body: { jsonrpc: '2.0', id: 1, method: 'tools/explode' },
    expected: { rpc: -32601, status: 200 },
  },
  {
    name: 'resources/list (no such capability)',
    body: { jsonrpc: '2.0', id: 1, method: 'resources/list' },
    expected: { rpc: -32601, status: 200 },
  },
  {
    name: 'an unknown notification',
    body: { jsonrpc: '2.0', method: 'notifications/nonsense' },
    expected: { accepted: true },
  },
  {
    name: 'tools/call of an unknown tool',
    body: call('drop_tables', {}),
    expected: { rpc: -32602, status: 200 },
  },
  {
    name: 'tools/call of a tool named with a NUL',
    body: call('get_com\u0000pany', {}),
    expected: { rpc: -32602, status: 200 },
  },
  {
    name: 'tools/call without params',
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call' },
    expected: { rpc: -32602, status: 200 },
  },
  {
    name: 'tools/call with a numeric name',
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 7 } },
    expected: { rpc: -32602, status: 200 },
  },
  {
    name: 'tools/call with arguments as a string',
    body: call('get_company', '01234567'),
    expected: { rpc: -32602, status: 200 },
  },
  {
    name: 'tools/call with arguments as an array',
    body: call('get_company', ['01234567']),
    expected: { rpc: -32602, status: 200 },
  },
  // Arguments of the wrong types.
  {
    name: 'a number for a company number',
    body: call('get_company', { company_number: 1234567 }),
    expected: { tool: 'invalid_argument' },
  },
  {
    name: 'an object for a company number',
    body: call('get_company', { company_number: { $ne: '' } }),
    expected: { tool: 'invalid_argument' },
  },
  {
    name: 'a word for a limit',
    body: call('search_companies', { q: 'loom', limit: 'ten' }),
    expected: { tool: 'invalid_argument' },
  },
  {
    name: 'a negative offset',
    body: call('search_companies', { q: 'loom', offset: -1 }),
    expected: { tool: 'invalid_argument' },
  },
  {
    name: 'an array for q',
    body: call('search_companies', { q: ['loom'] }),
    expected: { tool: 'invalid_argument' },
  },
  {
    name: 'an unknown argument',
    body: call('search_companies', { q: 'loom', drop: true }),
    expected: { tool: 'invalid_argument' },
  },
  {
    name: 'a boolean for a list name',
    body: call('create_list', { name: true, kind: 'clients' }),
    expected: { tool: 'invalid_argument' },
  },
  {
    name: 'a huge number of companies to add',
    body: call('add_companies_to_list', { company_numbers: Array(5_000).fill('01234567') }),
    expected: { tool: 'invalid_argument' },
  },
  // Huge and deep values.
  {
    name: 'a 1,000,000-character argument (under the body limit)',
    body: call('search_companies', { q: 'a'.repeat(1_000_000) }),
    expected: { tool: 'invalid_argument' },
  },
  {
    name: 'a 2 MB argument (over the body limit)',
    body: call('search_companies', { q: 'a'.repeat(2 * BODY_LIMIT) }),
    expected: { rpc: -32000, status: 413 },
  },
  {
    name: 'an argument nested 10,000 arrays deep',
    body: rawCall('get_company', `{"company_number":${nested(10_000, '"01234567"')}}`),
    expected: { tool: 'invalid_argument' },
  },
  {
    name: 'an argument nested 100,000 arrays deep',
    body: rawCall('get_company', `{"company_number":${nested(100_000, '1')}}`),
    expected: { tool: 'invalid_argument' },
  },
  {
    name: 'params nested 10,000 objects deep',
    body: raw(
      `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}}`,
    ),
    expected: { result: true },
  },
  {
    name: 'a body of 10,000 nested arrays',
    body: raw(nested(10_000, '1')),
    expected: { rpc: -32600, status: 400 },
  },
  // NUL characters in arguments.
  {
    name: 'a NUL in a company number',
    body: call('get_company', { company_number: '0123\u00004567' }),
    expected: { tool: 'invalid_argument' },
  },
  {
    name: 'a NUL in a search town',
    body: call('search_companies', { town: 'Leeds\u0000' }),
    expected: { tool: 'invalid_argument' },
  },
  {
    name: 'a NUL in a new list name',
    body: call('create_list', { name: 'Cli\u0000ents', kind: 'clients' }),
    expected: { tool: 'invalid_argument' },
  },
  {
    name: 'a NUL in a list of company numbers',
    body: call('add_companies_to_list', { company_numbers: ['\u0000'] }),
    expected: { tool: 'invalid_argument' },
  },
  {
    name: 'a NUL in a KYB reference',
    body: call('run_kyb_check', { client_reference: 'r\u0000', stated_company_name: 'Acme' }),
    expected: { tool: 'invalid_argument' },
  },
  // Wrong headers.
  { name: 'no Accept', body: list(), headers: { Accept: null }, expected: { rpc: -32000, status: 406 } },
  {
    name: 'Accept: text/html',
    body: list(),
    headers: { Accept: 'text/html' },
    expected: { rpc: -32000, status: 406 },
  },
  {
    name: 'Accept: application/json only',
    body: list(),
    headers: { Accept: 'application/json' },
    expected: { rpc: -32000, status: 406 },
  },
  {
    name: 'Content-Type: text/plain',
    body: list(),
    headers: { 'Content-Type': 'text/plain' },
    expected: { rpc: -32000, status: 415 },
  },
  {
    name: 'no Content-Type',
    body: list(),
    headers: { 'Content-Type': null },
    expected: { rpc: -32000, status: 415 },
  },
  {
    name: 'form-encoded',
    body: raw('jsonrpc=2.0&method=tools/list'),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    expected: { rpc: -32000, status: 415 },
  },
  {
    name: 'an unsupported protocol version',
    body: list(),
    headers: { 'MCP-Protocol-Version': '1999-01-01' },
    expected: { rpc: -32000, status: 400 },
  },
  {
    name: 'a protocol version that is not a date',
    body: list(),
    headers: { 'MCP-Protocol-Version': 'latest' },
    expected: { rpc: -32000, status: 400 },
  },
  // Batches, per protocol version.
  { name: 'an empty batch (2025-06-18)', body: [], expected: { rpc: -32600, status: 400 } },
  {
    name: 'an empty batch (2025-03-26)',
    body: [],
    headers: { 'MCP-Protocol-Version': '2025-03-26' },
    expected: { rpc: -32600, status: 400 },
  },
  {
    name: 'an empty batch (no version)',
    body: [],
    headers: { 'MCP-Protocol-Version': null },
    expected: { rpc: -32600, status: 400 },
  },
  { name: 'a batch (2025-06-18)', body: [list(1), list(2)], expected: { rpc: -32600, status: 400 } },
  {
    name: 'a batch (2025-11-25)',
    body: [list(1), list(2)],
    headers: { 'MCP-Protocol-Version': '2025-11-25' },
    expected: { rpc: -32600, status: 400 },
  },
  {
    name: 'a batch of one initialize (2025-06-18)',
    body: [initialize('2025-06-18')],
    headers: { 'MCP-Protocol-Version': null },
    expected: { rpc: -32600, status: 400 },
  },
  {
    name: 'a batch (2025-03-26)',
    body: [list(1), call('get_company', { company_number: '01234567' }, 2)],
    headers: { 'MCP-Protocol-Version': '2025-03-26' },
    expected: { batch: 2 },
  },
  {
    name: 'a batch (no version: 2025-03-26 assumed)',
    body: [list(1), list(2), list(3)],
    headers: { 'MCP-Protocol-Version': null },
    expected: { batch: 3 },
  },
  {
    name: 'a batch with a non-message (2025-03-26)',
    body: [list(1), 42],
    headers: { 'MCP-Protocol-Version': '2025-03-26' },
    expected: { rpc: -32600, status: 400 },
  },
  {
    name: 'a batch of 101 (2025-03-26)',
    body: Array.from({ length: 101 }, (_, i) => list(i)),
    headers: { 'MCP-Protocol-Version': '2025-03-26' },
    expected: { rpc: -32600, status: 400 },
  },
  {
    name: 'a batch of two initializes (2025-03-26)',
    body: [initialize('2025-03-26'), { ...initialize('2025-03-26'), id: 2 }],
    headers: { 'MCP-Protocol-Version': null },
    expected: { rpc: -32600, status: 400 },
  },
];

describe('malformed MCP traffic never breaks the server', () => {
  let app: TestApp;
  let apiKey: string;
  let server: LoggedEdge;
  let url: string;
  let logLines: LogLine[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
    const account = await signUp(app);
    apiKey = account.api_key;
    // Team: the corpus's tool calls stay well inside the per-minute quota, so no case is a 429.
    await setPlan(app.services.orm.em.fork(), account.account_id, 'team');
    // The app as server.ts serves it, with its log kept: nothing in the corpus may be logged as an error.
    server = await startLoggedEdge(app.services);
    url = server.url;
    logLines = server.logLines;
  });
  afterAll(async () => {
    await server?.stop();
    await app?.stop();
  });

  async function send(item: Case) {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-06-18',
      'X-Api-Key': apiKey,
    };
    for (const [name, value] of Object.entries(item.headers ?? {})) {
      if (value === null) delete headers[name];
      else headers[name] = value;
    }
    const isRaw = typeof item.body === 'object' && item.body !== null && 'raw' in item.body;
    const bytes = isRaw ? (item.body as { raw: string | Buffer }).raw : JSON.stringify(item.body);
    // Bytes, so that fetch adds no Content-Type of its own when a case leaves it out.
    const response = await fetch(`${url}/mcp`, { method: 'POST', headers, body: Buffer.from(bytes) });
    const body = await response.text();
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', body };
  }

  it.each(corpus.map((item) => [item.name, item] as const))('%s', async (_name, item) => {
    const { status, contentType, body } = await send(item);
    expect(status).toBeLessThan(500);
    const { expected } = item;
    if ('accepted' in expected) {
      expect(status).toBe(202);
      expect(body).toBe('');
      return;
    }
    expect(contentType).toMatch(/^application\/json/);
    const json = JSON.parse(body) as unknown;
    if ('batch' in expected) {
      expect(status).toBe(200);
      expect(Array.isArray(json)).toBe(true);
      expect((json as { result?: unknown }[]).filter((r) => r.result !== undefined)).toHaveLength(
        expected.batch,
      );
      return;
    }
    const message = json as { jsonrpc: string; id: unknown; error?: { code: number }; result?: unknown };
    expect(message.jsonrpc).toBe('2.0');
    if ('result' in expected) {
      expect(status).toBe(200);
      expect(message.result).toBeDefined();
    } else if ('rpc' in expected) {
      expect(status).toBe(expected.status);
      expect(message.error?.code).toBe(expected.rpc);
      expect(message.result).toBeUndefined();
    } else {
      expect(status).toBe(200);
      expect(message.error).toBeUndefined();
      const result = message.result as { isError?: boolean; content: { text: string }[] };
      expect(result.isError).toBe(true);
      expect(toolError(result).code).toBe(expected.tool);
    }
  });

  it('names the field a NUL was found in, and creates nothing', async () => {
    const { body } = await send({
      name: '',
      body: call('create_list', { name: 'Cli\u0000ents', kind: 'clients' }),
      expected: { tool: 'invalid_argument' },
    });
    const error = toolError((JSON.parse(body) as { result: unknown }).result);
    expect(error.details).toEqual({
      problems: [{ argument: 'name', problem: 'contains a NUL character (U+0000)' }],
    });
    const lists = await send({ name: '', body: call('get_lists', {}), expected: { tool: '' } });
    expect(
      (
        JSON.parse(lists.body) as { result: { structuredContent: { lists: { name: string }[] } } }
      ).result.structuredContent.lists.map((l) => l.name),
    ).not.toContain('Cli\u0000ents');
  });

  it('answers a refused request before the protocol with id null and the service code in data', async () => {
    const tooLarge = await send({
      name: '',
      body: call('search_companies', { q: 'a'.repeat(2 * BODY_LIMIT) }),
      expected: { rpc: -32000, status: 413 },
    });
    expect(JSON.parse(tooLarge.body)).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, data: { code: 'payload_too_large', details: { limit_bytes: BODY_LIMIT } } },
    });
  });

  it('still serves a normal tool call and is ready after the whole corpus, having logged no error', async () => {
    const client = await connectMcp({ ...app, url }, apiKey);
    const result = await client.callTool({ name: 'get_company', arguments: { company_number: '01234567' } });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { company_name: string }).company_name).toBe('NORTHERN LOOM PLC');
    await client.close();
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(logLines.length).toBeGreaterThan(corpus.length);
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
