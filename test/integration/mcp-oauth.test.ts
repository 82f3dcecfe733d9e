import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { importDemoRegister } from '../../src/demo/demo-data';
import { revokeApiKey } from '../../src/domain/accounts/accounts';
import { dialectOf } from '../../src/domain/companies/register-sql';
import { createApp } from '../../src/http/app';
import {
  startClientMetadataHost,
  jsonDocument,
  type ClientMetadataHost,
} from '../support/client-metadata-host';
import { freePort } from '../support/free-port';
import { startLoopbackDnsServer, type LoopbackDnsServer } from '../support/loopback-dns-server';
import { callToolChecked, connectMcp, toolError } from '../support/mcp-client';
import { MemoryOAuthClient, signInAndConsent } from '../support/oauth-client';
import { signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';
import { csrfTokenIn, WebClient } from '../support/web-client';

/*
 * OAuth 2.1 on /mcp end to end, with the MCP TypeScript SDK's own client flow (auth() and an
 * OAuthClientProvider) against the real app: discovery from a bare 401, dynamic registration, sign-in with the
 * account's key and consent (driven over plain HTTP as a browser would), the code exchanged with PKCE, tool
 * calls with the token, refresh, and revocation from the web app. Then each guard on its own. Last, a client
 * that does not register but names its client ID metadata document, served on loopback https, and each way
 * such a document is refused.
 */

const REDIRECT = 'http://127.0.0.1:8976/callback';
const REGISTRATIONS_PER_HOUR = 30;

describe('an MCP client connects through OAuth and acts as the account that signed in', () => {
  let app: TestApp;
  let mcpUrl: string;
  let documents: ClientMetadataHost;
  let dns: LoopbackDnsServer;
  /** A public-looking name that resolves to loopback: a client metadata document URL aimed inside. */
  const insideName = `cimd-${Date.now().toString(36)}.example.com`;

  beforeAll(async () => {
    const port = await freePort();
    documents = await startClientMetadataHost();
    dns = await startLoopbackDnsServer(({ name, type }) =>
      name === insideName && type === 'A' ? [{ type: 'A', address: '127.0.0.1' }] : 'NXDOMAIN',
    );
    app = await startTestApp({
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      // Every test here registers a client or two; the last one spends what is left (see "registration").
      OAUTH_REGISTRATIONS_PER_HOUR: String(REGISTRATIONS_PER_HOUR),
      // The one origin let past the address rules, with the one certificate trusted for it.
      OAUTH_CLIENT_METADATA_DEV_ALLOWED_ORIGINS: documents.origin,
      OAUTH_CLIENT_METADATA_DEV_CA_FILE: documents.caFile,
      WEBHOOK_DNS_SERVER: dns.server,
    });
    mcpUrl = `${app.url}/mcp`;
    await importDemoRegister(app.services.orm.em.fork(), { companies: 5, seed: 3 });
  });
  afterAll(async () => {
    await app?.stop();
    await documents?.close();
    await dns?.close();
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
    expect(
      (await fetch(`${app.url}/.well-known/oauth-protected-resource`)).headers.get(
        'access-control-allow-origin',
      ),
    ).toBe('*');
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

  const tokenRequest = (fields: Record<string, string>) =>
    fetch(`${app.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });

  it('the account sees the client in the web app and disconnects it: its access and refresh tokens stop at once', async () => {
    const { api_key } = await signUp(app);
    const { client } = await connect(api_key);
    const { access_token, refresh_token } = client.saved!;
    expect((await postMcp(access_token)).status).toBe(200);

    const browser = new WebClient(app.url);
    await browser.submit('/app/sign-in', '/app/sign-in', { api_key });
    const listed = await browser.get('/app/connected-clients');
    expect(listed.html).toContain('Test assistant');
    expect(listed.html).toContain('127.0.0.1:8976');
    const action = /action="(\/app\/connected-clients\/[^"]+\/revoke)"/.exec(listed.html)![1]!;
    expect((await browser.post(action, { csrf: csrfTokenIn(listed.html) })).status).toBe(303);
    expect((await browser.get('/app/connected-clients')).html).not.toContain('Test assistant');

    const refused = await postMcp(access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(((await refused.json()) as ErrorBody).error.details).toEqual({ reason: 'invalid_token' });
    const refresh = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: refresh_token!,
      client_id: client.information!.client_id,
    });
    expect(refresh.status).toBe(400);
  });

  it("another account cannot disconnect an account's client", async () => {
    const owner = await signUp(app);
    await connect(owner.api_key);
    const ownerBrowser = new WebClient(app.url);
    await ownerBrowser.submit('/app/sign-in', '/app/sign-in', { api_key: owner.api_key });
    const listed = await ownerBrowser.get('/app/connected-clients');
    const action = /action="(\/app\/connected-clients\/[^"]+\/revoke)"/.exec(listed.html)![1]!;

    const other = new WebClient(app.url);
    await other.submit('/app/sign-in', '/app/sign-in', { api_key: (await signUp(app)).api_key });
    const page = await other.get('/app/connected-clients');
    expect((await other.post(action, { csrf: csrfTokenIn(page.html) })).status).toBe(404);
    expect((await ownerBrowser.get('/app/connected-clients')).html).toContain('Test assistant');
  });

  it('a token issued for another resource is refused by /mcp, and none is issued for one', async () => {
    const { api_key } = await signUp(app);
    const { client } = await connect(api_key);
    // The same token as the provider stores it, with only its audience changed: what another resource's
    // authorization server sharing this store would have issued.
    const connection = app.services.orm.em.fork().getConnection();
    const [row] = await connection.execute<{ payload: string; expires_at: unknown; grant_id: string }[]>(
      "select payload, expires_at, grant_id from oauth_records where model = 'AccessToken' and id = ?",
      [client.saved!.access_token],
      'all',
    );
    const foreign = `${client.saved!.access_token.slice(0, -4)}zzzz`;
    const payload = { ...JSON.parse(row!.payload), jti: foreign, aud: 'https://other.example.com/mcp' };
    await connection.execute(
      "insert into oauth_records (model, id, payload, grant_id, expires_at) values ('AccessToken', ?, ?, ?, ?)",
      [foreign, JSON.stringify(payload), row!.grant_id, row!.expires_at],
      'run',
    );
    expect((await postMcp(client.saved!.access_token)).status).toBe(200);
    const refused = await postMcp(foreign);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as ErrorBody).error.details).toEqual({ reason: 'invalid_token' });

    const elsewhere = new URL(client.authorizationUrl!);
    elsewhere.searchParams.set('resource', 'https://other.example.com/mcp');
    const asked = await new WebClient(app.url).get(`${elsewhere.pathname}${elsewhere.search}`);
    const back = new URL(asked.location!);
    expect(back.searchParams.get('error')).toBe('invalid_target');
  });

  it('a code is exchanged with its own PKCE verifier only, and only once', async () => {
    const { api_key } = await signUp(app);
    const client = new MemoryOAuthClient(REDIRECT);
    expect(await auth(client, { serverUrl: mcpUrl })).toBe('REDIRECT');
    const back = await signInAndConsent(app.url, client.authorizationUrl!, api_key);
    const code = back.searchParams.get('code')!;
    const exchange = (verifier: string) =>
      tokenRequest({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: REDIRECT,
        client_id: client.information!.client_id,
        resource: mcpUrl,
      });

    const wrong = await exchange(`${client.verifier.slice(0, -4)}AAAA`);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    // The control: the same code with its own verifier is exchanged, so the verifier alone was refused.
    const right = await exchange(client.verifier);
    expect(right.status).toBe(200);

    const second = new MemoryOAuthClient(REDIRECT);
    const tokens = await connect(api_key, second);
    const replay = await tokenRequest({
      grant_type: 'authorization_code',
      code: tokens.code,
      code_verifier: second.verifier,
      redirect_uri: REDIRECT,
      client_id: second.information!.client_id,
      resource: mcpUrl,
    });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    // A replayed code withdraws what the first exchange issued (OAuth 2.1 §4.1.3).
    expect((await postMcp(second.saved!.access_token)).status).toBe(401);
  });

  it('PKCE is required, S256 only', async () => {
    const client = new MemoryOAuthClient(REDIRECT);
    expect(await auth(client, { serverUrl: mcpUrl })).toBe('REDIRECT');
    const ask = async (change: (params: URLSearchParams) => void) => {
      const url = new URL(client.authorizationUrl!);
      change(url.searchParams);
      const answer = await new WebClient(app.url).get(`${url.pathname}${url.search}`);
      return new URL(answer.location!).searchParams;
    };
    const without = await ask((params) => {
      params.delete('code_challenge');
      params.delete('code_challenge_method');
    });
    expect(without.get('error')).toBe('invalid_request');
    const plain = await ask((params) => params.set('code_challenge_method', 'plain'));
    expect(plain.get('error')).toBe('invalid_request');
  });

  it('a redirect URI other than the registered one, exactly, is refused without sending the browser there', async () => {
    const client = new MemoryOAuthClient(REDIRECT);
    expect(await auth(client, { serverUrl: mcpUrl })).toBe('REDIRECT');
    for (const other of [
      'http://127.0.0.1:8976/callback/other',
      'http://127.0.0.1:8976/callback?x=1',
      'https://evil.example.com/callback',
    ]) {
      const url = new URL(client.authorizationUrl!);
      url.searchParams.set('redirect_uri', other);
      const answer = await new WebClient(app.url).get(`${url.pathname}${url.search}`);
      expect(answer.status).toBe(400);
      expect(answer.location).toBeNull();
      expect(answer.html).toContain('redirect_uri');
    }
  });

  it('a token acts as the key its account signed in with: revoking that key ends the token', async () => {
    const { api_key, api_key_id } = await signUp(app);
    const { client } = await connect(api_key);
    expect((await postMcp(client.saved!.access_token)).status).toBe(200);
    await revokeApiKey(app.services.orm.em.fork(), api_key_id, new Date());
    expect((await postMcp(client.saved!.access_token)).status).toBe(401);
  });

  it('an expired access token is refused; the refresh token still gets a new one', async () => {
    const { api_key } = await signUp(app);
    const { client } = await connect(api_key);
    const token = client.saved!.access_token;
    expect((await postMcp(token)).status).toBe(200);
    // An hour on: the stored token's expiry, in the row and in the provider's own payload, is in the past.
    const em = app.services.orm.em.fork();
    const connection = em.getConnection();
    const [row] = await connection.execute<{ payload: string }[]>(
      "select payload from oauth_records where model = 'AccessToken' and id = ?",
      [token],
      'all',
    );
    const past = new Date(Date.now() - 1_000);
    const payload = { ...JSON.parse(row!.payload), exp: Math.floor(past.getTime() / 1000) - 1 };
    const postgres = dialectOf(em) === 'postgresql';
    await connection.execute(
      "update oauth_records set payload = ?, expires_at = ? where model = 'AccessToken' and id = ?",
      [JSON.stringify(payload), postgres ? past : past.getTime(), token],
      'run',
    );
    const refused = await postMcp(token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(await auth(client, { serverUrl: mcpUrl })).toBe('AUTHORIZED');
    expect((await postMcp(client.saved!.access_token)).status).toBe(200);
  });

  it('a client revokes its own access token at /oauth/revoke (RFC 7009)', async () => {
    const { api_key } = await signUp(app);
    const { client } = await connect(api_key);
    const token = client.saved!.access_token;
    const revoked = await fetch(`${app.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, client_id: client.information!.client_id }),
    });
    expect(revoked.status).toBe(200);
    expect((await postMcp(token)).status).toBe(401);
  });

  it("a Free account's token spends the account's own quota, the same one its key spends", async () => {
    const { api_key } = await signUp(app);
    const { client } = await connect(api_key);
    const byToken = await mcpWith(client.saved!.access_token);
    const byKey = await connectMcp(app, api_key);
    const [company] = (
      (await callToolChecked(byKey, 'search_companies', { status: 'active' })) as {
        items: { company_number: string }[];
      }
    ).items;
    const call = (mcp: Client) =>
      mcp.callTool({ name: 'get_company', arguments: { company_number: company!.company_number } });
    // Free: 30 requests a minute. One went on the search; 29 more, taken in turns through the key and the token.
    for (let n = 0; n < 29; n++) expect((await call(n % 2 === 0 ? byToken : byKey)).isError).toBeFalsy();
    const limited = await call(byToken);
    expect(limited.isError).toBe(true);
    expect(toolError(limited)).toMatchObject({
      code: 'rate_limited',
      details: { limit: 'requests_per_minute' },
    });
    expect(toolError(await call(byKey)).code).toBe('rate_limited');
    await byToken.close();
    await byKey.close();
  });

  it('another api process (its own provider, same database) accepts the token and publishes the same keys', async () => {
    const { api_key } = await signUp(app);
    const { client } = await connect(api_key);
    const other = createServer(createApp(app.services).callback());
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      const answer = await fetch(`${otherUrl}/mcp`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${client.saved!.access_token}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(answer.status).toBe(200);
      const keys = async (base: string) => (await fetch(`${base}/oauth/jwks`)).json();
      expect(await keys(otherUrl)).toEqual(await keys(app.url));
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it('Deny sends the assistant back with access_denied and no code', async () => {
    const { api_key } = await signUp(app);
    const client = new MemoryOAuthClient(REDIRECT);
    expect(await auth(client, { serverUrl: mcpUrl })).toBe('REDIRECT');
    const back = await signInAndConsent(app.url, client.authorizationUrl!, api_key, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('sign-in returns only to a connect step: a next naming anything else goes to the lists', async () => {
    const { api_key } = await signUp(app);
    const browser = new WebClient(app.url);
    const page = await browser.get(`/app/sign-in?next=${encodeURIComponent('https://evil.example.com/')}`);
    expect(page.html).not.toContain('name="next"');
    const signedIn = await browser.post('/app/sign-in', {
      csrf: csrfTokenIn(page.html),
      api_key,
      next: '//evil.example.com/app/connect/abc',
    });
    expect(signedIn.location).toBe('/app/lists');
  });

  it('registration: at most 16 KiB, and a limited number an hour from one address', async () => {
    const register = (metadata: Record<string, unknown>) =>
      fetch(`${app.url}/oauth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(metadata),
      });
    const metadata = { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', client_name: 'x' };
    const oversized = await register({ ...metadata, client_name: 'x'.repeat(17 * 1024) });
    expect(oversized.status).toBe(413);
    expect(((await oversized.json()) as ErrorBody).error.code).toBe('payload_too_large');

    let answer = await register(metadata);
    for (let n = 0; answer.status === 201 && n < REGISTRATIONS_PER_HOUR; n++)
      answer = await register(metadata);
    expect(answer.status).toBe(429);
    expect(((await answer.json()) as ErrorBody).error.details).toMatchObject({
      limit: 'client_registrations_per_hour',
    });
  });

  describe('client ID metadata documents', () => {
    const document = (clientId: string, extra: Record<string, unknown> = {}) => ({
      client_id: clientId,
      client_name: 'Published assistant',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...extra,
    });

    /** The error page's fields (oauth-error-page.ts), e.g. { error, error_description, reason }. */
    function errorFields(html: string): Record<string, string> {
      const fields: Record<string, string> = {};
      for (const [, key, value] of html.matchAll(/<strong>([^<]+)<\/strong>: <code>([^<]*)<\/code>/g))
        fields[key!] = value!;
      return fields;
    }

    /** An authorization request from `clientId`, as a browser would send it; refusals stay on our page. */
    async function authorize(clientId: string, redirectUri = REDIRECT) {
      const params = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        scope: 'mcp',
        resource: mcpUrl,
      });
      const answer = await new WebClient(app.url).get(`/oauth/authorize?${params}`);
      expect(answer.location).toBeNull();
      expect(answer.status).toBe(400);
      return errorFields(answer.html);
    }

    it('the SDK client names its document instead of registering, signs in, consents and calls tools', async () => {
      const server = (await (
        await fetch(`${app.url}/.well-known/oauth-authorization-server`)
      ).json()) as Record<string, unknown>;
      expect(server.client_id_metadata_document_supported).toBe(true);

      const url = documents.url('/assistant.json');
      documents.serve('/assistant.json', jsonDocument(document(url), { 'Cache-Control': 'max-age=600' }));
      const client = new MemoryOAuthClient(REDIRECT);
      client.clientMetadataUrl = url;
      const { api_key } = await signUp(app);
      const { seen } = await connect(api_key, client);
      expect(client.information?.client_id).toBe(url);
      expect(seen.consentPage).toContain('Published assistant');
      expect(seen.consentPage).toContain('127.0.0.1:8976');
      expect(seen.consentPage).toMatch(
        /id="published-by">\s*a document it publishes at <code>127\.0\.0\.1:\d+<\/code>/,
      );

      const first = client.saved!;
      const mcp = await mcpWith(first.access_token);
      const search = (await callToolChecked(mcp, 'search_companies', { status: 'active' })) as {
        items: unknown[];
      };
      expect(search.items.length).toBeGreaterThan(0);
      await mcp.close();
      // The refresh finds the client again from the cached document (max-age=600): fetched once in all.
      expect(await auth(client, { serverUrl: mcpUrl })).toBe('AUTHORIZED');
      expect(client.saved!.access_token).not.toBe(first.access_token);
      expect(documents.requested.filter((path) => path === '/assistant.json')).toHaveLength(1);

      // The account's list names it as its document does, with the host it sends the browser back to.
      const browser = new WebClient(app.url);
      await browser.submit('/app/sign-in', '/app/sign-in', { api_key });
      const listed = await browser.get('/app/connected-clients');
      expect(listed.html).toMatch(/<td>Published assistant<\/td>\s*<td>\s*<code>127\.0\.0\.1:8976<\/code>/);
    });

    it('a redirect URI the document does not list is refused', async () => {
      const url = documents.url('/listed.json');
      documents.serve('/listed.json', jsonDocument(document(url)));
      expect(await authorize(url, 'http://127.0.0.1:8976/elsewhere')).toMatchObject({
        error: 'invalid_redirect_uri',
      });
      // The control: the listed one is taken, and sends the browser on to sign in.
      const params = new URLSearchParams({
        client_id: url,
        redirect_uri: REDIRECT,
        response_type: 'code',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        scope: 'mcp',
        resource: mcpUrl,
      });
      const listed = await new WebClient(app.url).get(`/oauth/authorize?${params}`);
      expect(listed.status).toBe(303);
      expect(listed.location).toContain('/app/connect/');
    });

    it('a document that names another client_id, or carries a client secret, is refused', async () => {
      const mismatch = documents.url('/mismatch.json');
      documents.serve('/mismatch.json', jsonDocument(document(documents.url('/other.json'))));
      expect(await authorize(mismatch)).toMatchObject({
        error: 'invalid_client_metadata',
        error_description: 'client_id metadata document client_id does not match the expected value',
      });
      const secret = documents.url('/secret.json');
      documents.serve('/secret.json', jsonDocument(document(secret, { client_secret: 'shared' })));
      expect(await authorize(secret)).toMatchObject({
        error: 'invalid_client_metadata',
        error_description:
          'client_id metadata document must not contain client_secret or client_secret_expires_at',
      });
    });

    it('only an https document is fetched, and only from a public address unless its origin is allowed', async () => {
      const before = documents.requested.length;
      // An http client_id is no document URL at all: an unknown client, refused before any fetch (no reason).
      const plain = await authorize(`http://127.0.0.1:${new URL(documents.origin).port}/assistant.json`);
      expect(plain).toMatchObject({ error: 'invalid_client' });
      expect(plain.reason).toBeUndefined();
      // The host's own address without the allowance (another port), and a public name that resolves inside.
      expect(await authorize('https://127.0.0.1/assistant.json')).toMatchObject({
        error: 'invalid_client',
        reason: 'private_address',
      });
      expect(await authorize(`https://${insideName}/assistant.json`)).toMatchObject({
        error: 'invalid_client',
        reason: 'private_address',
      });
      expect(dns.queries.some((query) => query.name === insideName)).toBe(true);
      expect(documents.requested.length).toBe(before);
    });

    it('a document that redirects, is not JSON, or is too large is refused with its reason', async () => {
      const cases: [string, ReturnType<typeof jsonDocument>, string][] = [];
      const redirecting = documents.url('/moved.json');
      cases.push([
        redirecting,
        { status: 302, headers: { Location: documents.url('/assistant.json') } },
        'redirect',
      ]);
      const html = documents.url('/page.json');
      cases.push([
        html,
        { ...jsonDocument(document(html)), headers: { 'Content-Type': 'text/html' } },
        'not_json',
      ]);
      const large = documents.url('/large.json');
      cases.push([large, jsonDocument(document(large, { client_name: 'x'.repeat(6 * 1024) })), 'too_large']);
      for (const [url, reply, reason] of cases) {
        documents.serve(new URL(url).pathname, reply);
        expect({ url, ...(await authorize(url)) }).toMatchObject({ url, error: 'invalid_client', reason });
      }
    });
  });
});
