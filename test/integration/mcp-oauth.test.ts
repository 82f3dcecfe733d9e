import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { importDemoRegister } from '../../src/demo/demo-data';
import { freePort } from '../support/free-port';
import { callToolChecked, toolError } from '../support/mcp-client';
import { MemoryOAuthClient, signInAndConsent } from '../support/oauth-client';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

/*
 * OAuth 2.1 on /mcp end to end, with the MCP TypeScript SDK's own client flow (auth() and an
 * OAuthClientProvider) against the real app: discovery from a bare 401, dynamic registration, sign-in with the
 * account's key and consent (driven over plain HTTP as a browser would), the code exchanged with PKCE, tool
 * calls with the token, refresh, and revocation from the web app. Then each guard on its own.
 */

const REDIRECT = 'http://127.0.0.1:8976/callback';

describe('an MCP client connects through OAuth and acts as the account that signed in', () => {
  let app: TestApp;
  let mcpUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    app = await startTestApp({ PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}` });
    mcpUrl = `${app.url}/mcp`;
    await importDemoRegister(app.services.orm.em.fork(), { companies: 5, seed: 3 });
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** The whole flow up to a saved token; returns the client (its tokens saved) and what it saw. */
  async function connect(apiKey: string, client = new MemoryOAuthClient(REDIRECT)) {
    expect(await auth(client, { serverUrl: mcpUrl })).toBe('REDIRECT');
    const seen: { consentPage?: string } = {};
    const back = await signInAndConsent(app.url, client.authorizationUrl!, apiKey, 'allow', seen);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    const code = back.searchParams.get('code')!;
    expect(await auth(client, { serverUrl: mcpUrl, authorizationCode: code })).toBe('AUTHORIZED');
    return { client, seen, code };
  }

  async function mcpWith(token: string) {
    const mcp = new Client({ name: 'oauth-test', version: '1' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(mcpUrl), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    return mcp;
  }

  const postMcp = (token: string) =>
    fetch(mcpUrl, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

  it('a bare 401 names the protected resource metadata, which names the authorization server', async () => {
    const bare = await fetch(mcpUrl, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bare.status).toBe(401);
    const challenge = bare.headers.get('www-authenticate')!;
    expect(challenge).toBe(
      `Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource/mcp", scope="mcp"`,
    );
    const metadata = (await (await fetch(`${app.url}/.well-known/oauth-protected-resource/mcp`)).json()) as {
      resource: string;
      authorization_servers: string[];
    };
    expect(metadata).toMatchObject({ resource: mcpUrl, authorization_servers: [app.url] });
    const server = (await (
      await fetch(`${app.url}/.well-known/oauth-authorization-server`)
    ).json()) as Record<string, unknown>;
    expect(server).toMatchObject({
      issuer: app.url,
      authorization_endpoint: `${app.url}/oauth/authorize`,
      token_endpoint: `${app.url}/oauth/token`,
      registration_endpoint: `${app.url}/oauth/register`,
      revocation_endpoint: `${app.url}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('discovers, registers, signs in, consents, calls tools as the account, refreshes, and is refused once revoked', async () => {
    const { api_key } = await signUp(app);
    const { client, seen } = await connect(api_key);
    expect(seen.consentPage).toContain('Test assistant');
    expect(seen.consentPage).toContain('127.0.0.1:8976');

    const first = client.saved!;
    expect(first.refresh_token).toBeDefined();
    const mcp = await mcpWith(first.access_token);
    const search = (await callToolChecked(mcp, 'search_companies', { status: 'active' })) as {
      items: { company_number: string }[];
    };
    const number = search.items[0]!.company_number;
    expect(await callToolChecked(mcp, 'get_company', { company_number: number })).toMatchObject({
      company_number: number,
    });
    // A Free account's token gets the Free plan's answers: get_accounts needs Starter.
    const refused = await mcp.callTool({ name: 'get_accounts', arguments: { company_number: number } });
    expect(refused.isError).toBe(true);
    expect(toolError(refused).code).toBe('plan_required');
    await mcp.close();

    // Refresh: a new access token and a new refresh token; the old refresh token is spent (rotation).
    expect(await auth(client, { serverUrl: mcpUrl })).toBe('AUTHORIZED');
    const second = client.saved!;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await postMcp(second.access_token)).status).toBe(200);
    const replayedRefresh = await fetch(`${app.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token!,
        client_id: client.information!.client_id,
      }),
    });
    expect(replayedRefresh.status).toBe(400);
  });
});
