import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { importDemoRegister } from '../../src/demo/demo-data';
import { freePort } from '../support/free-port';
import { connectMcp } from '../support/mcp-client';
import { MemoryOAuthClient, signInAndConsent } from '../support/oauth-client';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

/*
 * The 2026-07-28 revision on /mcp beside the 2025 ones, over real HTTP: no initialize, each request carrying its
 * revision in the `_meta` envelope and the MCP-Protocol-Version, Mcp-Method and Mcp-Name headers, as the spec's
 * Streamable HTTP transport has a client send them. Raw requests, so that what is on the wire is what is tested.
 */

const REVISION = '2026-07-28';
const REDIRECT = 'http://127.0.0.1:8977/callback';

interface RpcAnswer {
  status: number;
  body: {
    result?: Record<string, unknown>;
    error?: { code: number; message: string; data?: Record<string, unknown> };
  };
}

const envelope = (revision = REVISION) => ({
  'io.modelcontextprotocol/protocolVersion': revision,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'revision-test', version: '1' },
});

describe('MCP 2026-07-28 beside 2025-11-25 and 2025-06-18 on one endpoint', () => {
  let app: TestApp;
  let mcpUrl: string;
  let apiKey: string;

  beforeAll(async () => {
    const port = await freePort();
    app = await startTestApp({ PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}` });
    mcpUrl = `${app.url}/mcp`;
    await importDemoRegister(app.services.orm.em.fork(), { companies: 5, seed: 3 });
    apiKey = (await signUp(app)).api_key;
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** A 2026-07-28 request as a client sends it: the envelope in _meta and the headers naming it. */
  async function modern(
    credential: Record<string, string>,
    method: string,
    params: Record<string, unknown> = {},
    {
      headers = {},
      revision = REVISION,
    }: { headers?: Record<string, string | undefined>; revision?: string } = {},
  ): Promise<RpcAnswer> {
    const name: Record<string, string> = typeof params.name === 'string' ? { 'Mcp-Name': params.name } : {};
    const sent: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': revision,
      'Mcp-Method': method,
      ...name,
      ...credential,
    };
    for (const [header, value] of Object.entries(headers)) {
      if (value === undefined) delete sent[header];
      else sent[header] = value;
    }
    const response = await fetch(mcpUrl, {
      method: 'POST',
      headers: sent,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method,
        params: { ...params, _meta: envelope(revision) },
      }),
    });
    return { status: response.status, body: (await response.json()) as RpcAnswer['body'] };
  }

  async function listsAndCalls(credential: Record<string, string>) {
    const discover = await modern(credential, 'server/discover');
    expect(discover).toMatchObject({ status: 200 });
    expect(discover.body.result).toMatchObject({
      supportedVersions: expect.arrayContaining([REVISION]),
      capabilities: { tools: {} },
    });

    const list = await modern(credential, 'tools/list');
    expect(list.status).toBe(200);
    const tools = list.body.result!.tools as { name: string; outputSchema?: unknown }[];
    expect(tools).toHaveLength(18);
    expect(tools.every((tool) => tool.outputSchema)).toBe(true);

    const search = await modern(credential, 'tools/call', {
      name: 'search_companies',
      arguments: { status: 'active' },
    });
    expect(search.status).toBe(200);
    // 2026-07-28 results say they are complete (the revision's resultType); the content is the 2025 one.
    expect(search.body.result).toMatchObject({ resultType: 'complete' });
    const found = search.body.result!.structuredContent as { items: { company_number: string }[] };
    expect(found.items.length).toBeGreaterThan(0);
    const number = found.items[0]!.company_number;

    const company = await modern(credential, 'tools/call', {
      name: 'get_company',
      arguments: { company_number: number },
    });
    expect(company.status).toBe(200);
    expect(company.body.result).toMatchObject({ structuredContent: { company_number: number } });
    expect(company.body.result!.isError).toBeUndefined();
  }

  it('lists and calls the tools with no initialize, with an API key', async () => {
    await listsAndCalls({ 'X-Api-Key': apiKey });
  });

  it('lists and calls the tools with no initialize, with an OAuth token', async () => {
    const client = new MemoryOAuthClient(REDIRECT);
    expect(await auth(client, { serverUrl: mcpUrl })).toBe('REDIRECT');
    const back = await signInAndConsent(app.url, client.authorizationUrl!, apiKey, 'allow');
    const code = back.searchParams.get('code')!;
    expect(await auth(client, { serverUrl: mcpUrl, authorizationCode: code })).toBe('AUTHORIZED');
    await listsAndCalls({ Authorization: `Bearer ${client.tokens()!.access_token}` });
  });

  it('serves the SDK 2.x client pinned to 2026-07-28 (it discovers, then lists and calls)', async () => {
    const client = new ModernClient(
      { name: 'modern-client', version: '1' },
      { versionNegotiation: { mode: { pin: REVISION } } },
    );
    await client.connect(
      new ModernTransport(new URL(mcpUrl), { requestInit: { headers: { 'X-Api-Key': apiKey } } }),
    );
    try {
      expect(client.getProtocolEra()).toBe('modern');
      expect((await client.listTools()).tools).toHaveLength(18);
      const search = await client.callTool({ name: 'search_companies', arguments: { status: 'active' } });
      expect(search.isError).toBeFalsy();
      expect(search.structuredContent).toMatchObject({ items: expect.any(Array) });
    } finally {
      await client.close();
    }
  });

  it('still serves the SDK 1.x client (2025-11-25) and a 2025-06-18 initialize unchanged', async () => {
    const client = await connectMcp(app, apiKey);
    try {
      expect((await client.listTools()).tools).toHaveLength(18);
      const search = await client.callTool({ name: 'search_companies', arguments: { status: 'active' } });
      expect(search.isError).toBeFalsy();
    } finally {
      await client.close();
    }
    const initialize = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        'X-Api-Key': apiKey,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'old', version: '1' },
        },
      }),
    });
    expect(initialize.status).toBe(200);
    expect(await initialize.json()).toMatchObject({ result: { protocolVersion: '2025-06-18' } });
  });

  it('refuses a revision it does not serve with -32022, naming the one it does', async () => {
    const answer = await modern({ 'X-Api-Key': apiKey }, 'tools/list', {}, { revision: '2099-01-01' });
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { code: -32022, data: { supported: [REVISION], requested: '2099-01-01' } } },
    });
  });

  it.each([
    ['a missing Mcp-Method header', 'tools/list', {}, { 'Mcp-Method': undefined }],
    ['an Mcp-Method header naming another method', 'tools/list', {}, { 'Mcp-Method': 'tools/call' }],
    [
      'an Mcp-Name header naming another tool',
      'tools/call',
      { name: 'get_company', arguments: { company_number: '00000001' } },
      { 'Mcp-Name': 'search_companies' },
    ],
    ['a missing MCP-Protocol-Version header', 'tools/list', {}, { 'MCP-Protocol-Version': undefined }],
  ])(
    'refuses %s with -32020 (headers and body disagree), before any tool runs',
    async (_, method, params, headers) => {
      const answer = await modern({ 'X-Api-Key': apiKey }, method, params, { headers });
      expect(answer).toMatchObject({ status: 400, body: { error: { code: -32020 } } });
      expect(answer.body.result).toBeUndefined();
    },
  );

  it('answers an unknown tool with -32602, as the 2025 revisions do', async () => {
    const answer = await modern({ 'X-Api-Key': apiKey }, 'tools/call', {
      name: 'no_such_tool',
      arguments: {},
    });
    expect(answer.body.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown tool: no_such_tool'),
    });
  });

  it.each([
    ['arguments that are not an object', { name: 'get_company', arguments: 'x' }, 'params.arguments'],
    ['no tool name', { arguments: {} }, 'params.name'],
  ])('answers a malformed tools/call (%s) with -32602', async (_, params, field) => {
    const answer = await modern({ 'X-Api-Key': apiKey }, 'tools/call', params);
    expect(answer.body.error).toMatchObject({ code: -32602 });
    expect(answer.body.error!.message).toContain(field.split('.')[1]);
  });

  it('answers bad arguments as the 2025 revisions do: an isError result with the service error', async () => {
    const answer = await modern({ 'X-Api-Key': apiKey }, 'tools/call', {
      name: 'get_company',
      arguments: { company_number: 5 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ isError: true, resultType: 'complete' });
    const [text] = answer.body.result!.content as { text: string }[];
    expect(JSON.parse(text!.text)).toMatchObject({ error: { code: 'invalid_argument' } });
  });

  it('refuses a 2026-07-28 request from a page of another site (the Origin check comes first)', async () => {
    const answer = await modern(
      { 'X-Api-Key': apiKey },
      'tools/list',
      {},
      { headers: { Origin: 'https://evil.example' } },
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: 'origin_refused' } });
  });

  it('refuses a 2026-07-28 request without a key before the protocol starts (401 and the OAuth challenge)', async () => {
    const answer = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': REVISION,
        'Mcp-Method': 'tools/list',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope() } }),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('resource_metadata=');
  });

  it("counts 2026-07-28 protocol messages against the key's free-message cap (120 a minute on Free)", async () => {
    const key = { 'X-Api-Key': (await signUp(app, 'modern-cap@example.com')).api_key };
    for (let sent = 0; sent < 120; sent++) expect((await modern(key, 'tools/list')).status).toBe(200);
    const over = await modern(key, 'tools/list');
    expect(over.status).toBe(429);
    expect(JSON.stringify(over.body)).toContain('free_messages_per_minute');
  });
});
