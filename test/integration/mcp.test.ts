import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { setPlan } from '../../src/domain/accounts/accounts';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importCompanyDetailsDir } from '../../src/ingest/companies-house/resources/import-company-details';
import { companyDetailsFolder } from '../support/company-details-folder';
import { connectMcp } from '../support/mcp-client';
import { projectRoot } from '../support/paths';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');

function errorBody(result: unknown) {
  const [first] = (result as { content: unknown }).content as { type: string; text: string }[];
  return JSON.parse(first!.text) as {
    error: { code: string; message: string; details: Record<string, unknown>; next_step: string };
  };
}

async function postMcp(app: TestApp, body: unknown, headers: Record<string, string>) {
  return fetch(`${app.url}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

describe('MCP endpoint (SDK client over Streamable HTTP)', () => {
  let app: TestApp;
  let client: Client;
  let apiKey: string;

  beforeAll(async () => {
    app = await startTestApp({ UPGRADE_URL: 'https://example.com/upgrade' });
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
    const details = await importCompanyDetailsDir(app.services.orm.em.fork(), companyDetailsFolder(), {
      source: 'import',
      detectedAt: new Date('2026-11-22T00:00:00Z'),
    });
    expect(details.problems).toEqual([]);
    apiKey = (await signUp(app)).api_key;
    client = await connectMcp(app, apiKey);
  });
  afterAll(async () => {
    await client?.close();
    await app?.stop();
  });

  it('lists the tools with titles, schemas and true annotations', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    // Exactly the spec's eighteen tools: every other operation is REST only.
    expect([...names].sort()).toEqual(
      [
        'search_companies',
        'get_company',
        'get_officers',
        'get_officer_appointments',
        'get_persons_with_significant_control',
        'get_filing_history',
        'get_financial_history',
        'get_health_score',
        'get_accounts',
        'screen_companies',
        'screen_sanctions',
        'run_kyb_check',
        'list_kyb_checks',
        'get_changes',
        'get_lists',
        'create_list',
        'get_list_companies',
        'add_companies_to_list',
      ].sort(),
    );
    // Tools that change something say so; the rest are read-only and safe to retry.
    const writers = new Set(['create_list', 'add_companies_to_list', 'run_kyb_check']);
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.description).toBeTruthy();
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toMatchObject({
        readOnlyHint: !writers.has(tool.name),
        destructiveHint: false,
      });
    }
    expect(tools.find((t) => t.name === 'get_company')!.annotations?.idempotentHint).toBe(true);
    expect(tools.find((t) => t.name === 'create_list')!.annotations?.idempotentHint).toBe(false);
    const getCompany = tools.find((t) => t.name === 'get_company')!;
    expect(getCompany.inputSchema.required).toEqual(['company_number']);
  });

  it('reads a company by number, with structuredContent valid against the output schema', async () => {
    const { tools } = await client.listTools();
    const result = await client.callTool({ name: 'get_company', arguments: { company_number: 'SC412345' } });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as Record<string, unknown>;
    expect(structured).toMatchObject({
      company_number: 'SC412345',
      company_name: 'HIGHLAND TIMBER SUPPLIES LIMITED',
    });
    const [text] = result.content as { type: string; text: string }[];
    expect(JSON.parse(text!.text)).toEqual(structured);

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(tools.find((t) => t.name === 'get_company')!.outputSchema!);
    expect(validate(structured)).toBe(true);
  });

  it('finds a company by name and ranks the exact name first', async () => {
    const result = await client.callTool({
      name: 'search_companies',
      arguments: { q: 'Highland Timber Supplies Ltd' },
    });
    const structured = result.structuredContent as { items: { company_number: string }[] };
    expect(structured.items[0]?.company_number).toBe('SC412345');
  });

  it('every tool result validates against its output schema', async () => {
    const { tools } = await client.listTools();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    // Starter, so the Starter tools answer with data too (the plan gate has its own tests).
    const starter = await signUp(app);
    await setPlan(app.services.orm.em.fork(), starter.account_id, 'starter');
    const starterClient = await connectMcp(app, starter.api_key);
    const created = await starterClient.callTool({
      name: 'create_list',
      arguments: { name: 'Schema check', kind: 'clients' },
    });
    const listId = (created.structuredContent as { id: number }).id;
    const calls: Record<string, Record<string, unknown>> = {
      get_company: { company_number: '09876543' },
      search_companies: { town: 'Leeds' },
      create_list: { name: 'Suppliers for schema check', kind: 'suppliers' },
      get_lists: {},
      add_companies_to_list: { list_id: listId, company_numbers: ['09876543'] },
      get_list_companies: { list_id: listId },
      get_changes: { limit: 5 },
      get_officers: { company_number: '09876543' },
      get_officer_appointments: { name: 'Smith' },
      get_persons_with_significant_control: { company_number: 'SC412345' },
      get_filing_history: { company_number: '09876543' },
      get_accounts: { company_number: '12345678' },
      get_financial_history: { company_number: '12345678' },
      get_health_score: { company_number: '12345678' },
      screen_sanctions: { company_number: '09876543' },
      screen_companies: { sic_division: '62', sort: 'turnover' },
      run_kyb_check: {
        client_reference: 'schema-check',
        stated_company_name: 'Acorn Leaf Consulting Ltd',
        company_number: '09876543',
      },
      list_kyb_checks: {},
    };
    // The details tools answer with data, not an empty list that any schema would accept.
    const filled: Record<string, string> = {
      get_officers: 'items',
      get_officer_appointments: 'people',
      get_persons_with_significant_control: 'items',
      get_filing_history: 'items',
      get_accounts: 'years',
      get_financial_history: 'years',
    };
    for (const tool of tools) {
      const args = calls[tool.name];
      if (!args) throw new Error(`no sample call for tool ${tool.name}: add one`);
      const result = await starterClient.callTool({ name: tool.name, arguments: args });
      expect(result.isError).toBeFalsy();
      const list = filled[tool.name];
      if (list)
        expect({
          tool: tool.name,
          empty: (result.structuredContent as Record<string, unknown[]>)[list]?.length === 0,
        }).toEqual({ tool: tool.name, empty: false });
      const validate = ajv.compile(tool.outputSchema!);
      const valid = validate(result.structuredContent);
      expect(validate.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
    }
    await starterClient.close();
  });

  it('answers bad arguments with isError results carrying a stable code and a next step', async () => {
    const malformed = await client.callTool({ name: 'get_company', arguments: { company_number: 'XX12' } });
    expect(malformed.isError).toBe(true);
    expect(errorBody(malformed).error.code).toBe('invalid_company_number');
    expect(errorBody(malformed).error.next_step).toMatch(/8-character/);

    const unknown = await client.callTool({ name: 'get_company', arguments: { company_number: '99999999' } });
    expect(unknown.isError).toBe(true);
    expect(errorBody(unknown).error.code).toBe('not_found');

    const missing = await client.callTool({ name: 'get_company', arguments: {} });
    expect(missing.isError).toBe(true);
    expect(errorBody(missing).error).toMatchObject({
      code: 'invalid_argument',
      details: { problems: [{ argument: 'company_number' }] },
    });

    const noCriteria = await client.callTool({ name: 'search_companies', arguments: {} });
    expect(errorBody(noCriteria).error.code).toBe('invalid_argument');
  });

  it('answers an unknown tool with a JSON-RPC error', async () => {
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(McpError);
  });

  it('accepts the key as a Bearer token and refuses a missing key with 401', async () => {
    const bearer = await connectMcp(app, apiKey, { header: 'bearer' });
    expect((await bearer.listTools()).tools.length).toBeGreaterThan(0);
    await bearer.close();
    const response = await postMcp(
      app,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { 'MCP-Protocol-Version': '2025-06-18' },
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it('answers the reference call as JSON, and 400 for an unsupported protocol version', async () => {
    const call = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'get_company', arguments: { company_number: '01234567' } },
    };
    const ok = await postMcp(app, call, { 'X-Api-Key': apiKey, 'MCP-Protocol-Version': '2025-06-18' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await ok.json()) as { id: number; result: { structuredContent: { company_name: string } } };
    expect(body.id).toBe(7);
    expect(body.result.structuredContent.company_name).toBe('NORTHERN LOOM PLC');

    const streamed = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream, application/json',
        'X-Api-Key': apiKey,
        'MCP-Protocol-Version': '2025-06-18',
      },
      body: JSON.stringify(call),
    });
    expect(streamed.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(await streamed.text()).toContain('NORTHERN LOOM PLC');

    const unsupported = await postMcp(app, call, {
      'X-Api-Key': apiKey,
      'MCP-Protocol-Version': '1999-01-01',
    });
    expect(unsupported.status).toBe(400);
  });

  it('answers GET and DELETE /mcp with 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${app.url}/mcp`, { method, headers: { 'X-Api-Key': apiKey } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('a malformed JSON-RPC body is a JSON-RPC error, not a tool result', async () => {
    const response = await postMcp(
      app,
      { jsonrpc: '2.0', id: 3, method: 'tools/call' },
      { 'X-Api-Key': apiKey, 'MCP-Protocol-Version': '2025-06-18' },
    );
    const body = (await response.json()) as { error?: { code: number } };
    expect(body.error?.code).toBe(-32602);
  });
});

describe('MCP plans and limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ UPGRADE_URL: 'https://example.com/upgrade' });
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
  });
  afterAll(() => app?.stop());

  it('stops a Free key at its 31st tool call in a minute and says how many seconds to wait', async () => {
    const { api_key } = await signUp(app);
    const client = await connectMcp(app, api_key);
    for (let i = 1; i <= 30; i++) {
      const ok = await client.callTool({ name: 'get_company', arguments: { company_number: '01234567' } });
      expect(ok.isError).toBeFalsy();
    }
    const refused = await client.callTool({ name: 'get_company', arguments: { company_number: '01234567' } });
    expect(refused.isError).toBe(true);
    const { error } = errorBody(refused);
    expect(error.code).toBe('rate_limited');
    const seconds = error.details.retry_after_seconds as number;
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(error.message).toContain(`wait ${seconds} seconds`);
    expect(error.next_step).toContain(`Wait ${seconds} seconds`);
    // tools/list fetches no data: it still answers while tool calls are limited.
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  });

  it('does not charge tools/list, but caps such messages at 120 a minute per key', async () => {
    const { api_key } = await signUp(app);
    const headers = { 'X-Api-Key': api_key, 'MCP-Protocol-Version': '2025-06-18' };
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      statuses.push((await postMcp(app, { jsonrpc: '2.0', id: i, method: 'tools/list' }, headers)).status);
    }
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    // Tool calls are a separate budget: the 120 lists cost none of the 30 requests.
    const call = {
      jsonrpc: '2.0',
      id: 999,
      method: 'tools/call',
      params: { name: 'get_company', arguments: { company_number: '01234567' } },
    };
    const response = await postMcp(app, call, headers);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { isError?: boolean } }).result.isError).toBeFalsy();
  });

  it('Free search returns the first page only, at most 10 results', async () => {
    const { api_key, account_id } = await signUp(app);
    const client = await connectMcp(app, api_key);
    const first = await client.callTool({
      name: 'search_companies',
      arguments: { status: 'active', limit: 50 },
    });
    const page = first.structuredContent as {
      items: unknown[];
      limit: number;
      next_offset: number | null;
      limited_by_plan: boolean;
    };
    expect(page.items.length).toBeLessThanOrEqual(10);
    expect(page.limit).toBe(10);
    expect(page.next_offset).toBeNull();
    const second = await client.callTool({
      name: 'search_companies',
      arguments: { status: 'active', offset: 10 },
    });
    expect(errorBody(second).error.code).toBe('plan_required');
    await setPlan(app.services.orm.em.fork(), account_id, 'starter');
    const starter = await client.callTool({
      name: 'search_companies',
      arguments: { status: 'active', limit: 50 },
    });
    expect((starter.structuredContent as { limit: number }).limit).toBe(50);
    await client.close();
  });
});
