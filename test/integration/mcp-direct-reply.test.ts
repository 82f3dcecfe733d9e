import { join } from 'node:path';
import { setPlan } from '../../src/domain/accounts/accounts';
import { OneRequestTransport } from '../../src/http/mcp-direct-reply';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { startLoggedEdge, type LogLine, type LoggedEdge } from '../support/logged-edge';
import { call, caseRequest, corpus, list, type Case } from '../support/mcp-corpus';
import { projectRoot } from '../support/paths';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

/*
 * POST /mcp answers one JSON-answered request itself (src/http/mcp-direct-reply.ts) and everything else through
 * the SDK's Streamable HTTP transport. Every case here goes to one store twice with the same request id: through
 * the app as it runs, and through the app with MCP_ALWAYS_SDK_TRANSPORT set. Status, content type and body must be
 * the same, byte for byte. The well-formed calls below must have been answered directly by the first and never by
 * the second, so the comparison cannot pass by both taking the transport.
 */

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');

/** What a case sends: its body and the headers it changes. */
type Sent = Pick<Case, 'body' | 'headers'>;

/** Well-formed traffic, and whether the endpoint answers it itself. */
const wellFormed: (Sent & { name: string; direct: boolean })[] = [
  { name: 'get_company', body: call('get_company', { company_number: '09876543' }), direct: true },
  {
    name: 'get_company, unknown number',
    body: call('get_company', { company_number: '00000001' }),
    direct: true,
  },
  { name: 'search_companies', body: call('search_companies', { q: 'acorn leaf' }), direct: true },
  { name: 'get_lists', body: call('get_lists', {}), direct: true },
  { name: 'tools/list', body: list(4), direct: true },
  { name: 'ping', body: { jsonrpc: '2.0', id: 5, method: 'ping' }, direct: true },
  { name: 'an unknown method', body: { jsonrpc: '2.0', id: 6, method: 'resources/list' }, direct: true },
  { name: 'an unknown tool', body: call('no_such_tool', {}), direct: true },
  { name: 'a string id', body: call('get_company', { company_number: '09876543' }, 'req-a'), direct: true },
  { name: 'id 0', body: call('get_company', { company_number: '09876543' }, 0), direct: true },
  {
    name: 'a progress token',
    body: {
      ...call('search_companies', { q: 'timber' }),
      params: { name: 'search_companies', arguments: { q: 'timber' }, _meta: { progressToken: 'p1' } },
    },
    direct: true,
  },
  {
    name: 'no MCP-Protocol-Version',
    body: call('get_company', { company_number: 'SC412345' }),
    headers: { 'MCP-Protocol-Version': null },
    direct: true,
  },
  {
    name: 'protocol version 2025-03-26',
    body: call('get_company', { company_number: 'SC412345' }),
    headers: { 'MCP-Protocol-Version': '2025-03-26' },
    direct: true,
  },
  {
    name: 'a charset on the content type',
    body: call('get_company', { company_number: 'SC412345' }),
    headers: { 'Content-Type': 'Application/JSON; charset=utf-8' },
    direct: true,
  },
  {
    name: 'an event stream preferred',
    body: call('get_company', { company_number: '09876543' }),
    headers: { Accept: 'text/event-stream, application/json' },
    direct: false,
  },
  {
    name: 'JSON only accepted',
    body: call('get_company', { company_number: '09876543' }),
    headers: { Accept: 'application/json' },
    direct: false,
  },
  {
    name: 'an unsupported protocol version',
    body: call('get_company', { company_number: '09876543' }),
    headers: { 'MCP-Protocol-Version': '1999-01-01' },
    direct: false,
  },
  {
    name: 'initialize',
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'diff', version: '1' } },
    },
    direct: false,
  },
  { name: 'a notification', body: { jsonrpc: '2.0', method: 'notifications/initialized' }, direct: false },
];

describe('MCP requests answered directly and through the SDK transport get the same answer', () => {
  let app: TestApp;
  let direct: LoggedEdge;
  let throughSdk: LoggedEdge;
  const keys = { direct: '', throughSdk: '' };
  const deliver = jest.spyOn(OneRequestTransport.prototype, 'deliver');

  beforeAll(async () => {
    app = await startTestApp();
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
    // One Team key per edge: each edge's calls count against its own per-minute quota and message cap.
    for (const edge of ['direct', 'throughSdk'] as const) {
      const account = await signUp(app);
      await setPlan(app.services.orm.em.fork(), account.account_id, 'team');
      keys[edge] = account.api_key;
    }
    direct = await startLoggedEdge(app.services);
    const config = { ...app.services.config, MCP_ALWAYS_SDK_TRANSPORT: true };
    throughSdk = await startLoggedEdge({ ...app.services, config });
  });
  afterAll(async () => {
    deliver.mockRestore();
    await direct?.stop();
    await throughSdk?.stop();
    await app?.stop();
  });

  let sequence = 0;
  /** Sends one case to one edge; the answer, and whether the endpoint answered it itself. */
  async function send(edge: LoggedEdge, apiKey: string, item: Sent, requestId: string) {
    const before = deliver.mock.calls.length;
    // The same request id both ways: tool errors quote it.
    const response = await fetch(`${edge.url}/mcp`, caseRequest(item, apiKey, { 'X-Request-Id': requestId }));
    const answer = {
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: await response.text(),
    };
    return { answer, answeredDirectly: deliver.mock.calls.length > before };
  }

  async function both(item: Sent) {
    const requestId = `diff-${++sequence}`;
    const fromDirect = await send(direct, keys.direct, item, requestId);
    const fromSdk = await send(throughSdk, keys.throughSdk, item, requestId);
    return { fromDirect, fromSdk };
  }

  it.each(wellFormed.map((item) => [item.name, item] as const))('%s', async (_name, item) => {
    const { fromDirect, fromSdk } = await both(item);
    expect(fromDirect.answer).toEqual(fromSdk.answer);
    expect(fromDirect.answer.status).toBeLessThan(500);
    expect(fromDirect.answeredDirectly).toBe(item.direct);
    expect(fromSdk.answeredDirectly).toBe(false);
  });

  it.each(corpus.map((item: Case) => [item.name, item] as const))('corpus: %s', async (_name, item) => {
    const { fromDirect, fromSdk } = await both(item);
    expect(fromDirect.answer).toEqual(fromSdk.answer);
    expect(fromSdk.answeredDirectly).toBe(false);
  });

  it('answered the get_company call with the company, and logged no error either way', async () => {
    const { fromDirect } = await both(wellFormed[0]!);
    const reply = JSON.parse(fromDirect.answer.body) as {
      id: number;
      result: { structuredContent: { company_number: string } };
    };
    expect(reply.id).toBe(1);
    expect(reply.result.structuredContent.company_number).toBe('09876543');
    const errors = (lines: LogLine[]) => lines.filter((line) => line.level >= 50);
    expect(errors(direct.logLines)).toEqual([]);
    expect(errors(throughSdk.logLines)).toEqual([]);
  });
});
