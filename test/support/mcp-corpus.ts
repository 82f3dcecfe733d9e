/*
 * A corpus of malformed MCP traffic: not JSON, JSON that is not a message, wrong ids, unknown methods and tools,
 * arguments of the wrong types, huge and deeply nested values, wrong headers, batches per protocol version and NUL
 * characters, each with the answer its kind calls for. Every case is a refusal or a read, so the corpus can be
 * sent again and again to the same store (mcp-malformed.test.ts, mcp-direct-reply.test.ts).
 */

export const BODY_LIMIT = 1_048_576;

/**
 * The init of a POST /mcp that sends a case as a client would, with a key, to the protocol version 2025-06-18;
 * the case's own headers replace those, or remove one (null). The body goes as bytes, so that fetch adds no
 * Content-Type of its own when a case leaves it out.
 */
export function caseRequest(
  item: { body: unknown; headers?: Record<string, string | null> },
  apiKey: string,
  extraHeaders: Record<string, string> = {},
): RequestInit {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': '2025-06-18',
    'X-Api-Key': apiKey,
    ...extraHeaders,
  };
  for (const [name, value] of Object.entries(item.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  const isRaw = typeof item.body === 'object' && item.body !== null && 'raw' in item.body;
  const bytes = isRaw ? (item.body as { raw: string | Buffer }).raw : JSON.stringify(item.body);
  return { method: 'POST', headers, body: Buffer.from(bytes) };
}

export type Expected =
  | { rpc: number; status: number } // a JSON-RPC error answering the whole request
  | { tool: string } // an isError tool result with this service error code
  | { batch: number } // a JSON array of this many responses (a batch a 2025-03-26 client may send)
  | { accepted: true } // 202 and no body: a notification, which JSON-RPC never answers
  | { result: true }; // a well-formed request after all, answered normally

export interface Case {
  name: string;
  /** The raw body, or a value to send as JSON. */
  body: string | unknown;
  headers?: Record<string, string | null>;
  expected: Expected;
}

export const call = (name: string, args: unknown, id: unknown = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});
export const list = (id: unknown = 1) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
export const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'corpus', version: '1' } },
});
/** Nesting written as text: JSON.stringify itself overflows the stack long before 10,000 levels. */
export function nested(depth: number, inner: string): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}
/** A tools/call whose arguments object is given as JSON text. */
export function rawCall(name: string, argumentsJson: string) {
  return raw(
    `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${name}","arguments":${argumentsJson}}}`,
  );
}
export const raw = (bytes: string | Buffer) => ({ raw: bytes });

export const corpus: Case[] = [
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
    // A header naming no 2025-era revision puts the request on the 2026-07-28 path (the SDK 2.x classification,
    // mcp-modern-era.ts), which refuses a request with such a header and no _meta envelope as invalid params.
    expected: { rpc: -32602, status: 400 },
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
