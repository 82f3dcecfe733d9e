import { join } from 'node:path';
import { setPlan } from '../../src/domain/accounts/accounts';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { startLoggedEdge, type LogLine, type LoggedEdge } from '../support/logged-edge';
import { connectMcp, toolError } from '../support/mcp-client';
import { BODY_LIMIT, call, caseRequest, corpus, type Case } from '../support/mcp-corpus';
import { projectRoot } from '../support/paths';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

/*
 * The corpus of malformed MCP traffic (support/mcp-corpus.ts), each case sent with real HTTP to the real app: not
 * JSON, JSON that is not a message, wrong ids, unknown methods and tools, arguments of the wrong types, huge and
 * deeply nested values, wrong headers, batches per protocol version and NUL characters. Every case must be answered
 * without a 5xx, by the JSON-RPC error or the tool error its kind calls for; after the whole corpus the
 * server still serves a normal tool call and /readyz, and has logged nothing at error level.
 */

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');

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
    const response = await fetch(`${url}/mcp`, caseRequest(item, apiKey));
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
