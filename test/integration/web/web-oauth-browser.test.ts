import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser, Page } from 'playwright-core';
import { importDemoRegister } from '../../../src/demo/demo-data';
import { expectUsablePage, launchBrowser, viewports } from '../../support/browser';
import { freePort } from '../../support/free-port';
import { callToolChecked } from '../../support/mcp-client';
import { MemoryOAuthClient } from '../../support/oauth-client';
import { signUp, startTestApp, type TestApp } from '../../support/test-app';

/*
 * An OAuth sign-in as a person does it, in Debian's chromium: the MCP SDK's client flow sends the browser to the
 * authorization page; the person signs in with their key, reads the consent page (which assistant, which host it
 * returns to, what it may do) and allows it; the browser lands on the assistant's loopback redirect URI with the
 * code. The assistant then calls tools, and stops working once the person disconnects it in the web app. Each page
 * is checked by axe-core and for sideways scrolling at a phone's width.
 */
describe('an OAuth sign-in in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let callback: Server;
  let redirectUri: string;

  beforeAll(async () => {
    const port = await freePort();
    app = await startTestApp({ PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}` });
    await importDemoRegister(app.services.orm.em.fork(), { companies: 5, seed: 5 });
    // The assistant's own loopback listener, as a desktop client has: it only says the sign-in is done.
    callback = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(
        '<!DOCTYPE html><html lang="en"><title>Done</title><main><h1>Signed in</h1></main></html>',
      );
    });
    await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
    redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: viewports.phone })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (callback ? callback.close(() => resolve()) : resolve()));
    await app?.stop();
  });

  it('signs in, consents, calls tools with the token, and is refused after Disconnect', async () => {
    const { api_key } = await signUp(app);
    const client = new MemoryOAuthClient(redirectUri);
    const mcpUrl = `${app.url}/mcp`;
    expect(await auth(client, { serverUrl: mcpUrl })).toBe('REDIRECT');

    await page.goto(client.authorizationUrl!.href);
    expect(new URL(page.url()).pathname).toBe('/app/sign-in');
    await page.getByLabel('API key').fill(api_key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(new URL(page.url()).pathname).toMatch(/^\/app\/connect\//);
    expect(await page.locator('#client-name').textContent()).toBe('Test assistant');
    expect(await page.locator('#redirect-host').textContent()).toBe(new URL(redirectUri).host);
    await expectUsablePage(page, 'oauth-consent', 'web-oauth-consent-phone');

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    const landed = new URL(page.url());
    expect(`${landed.origin}${landed.pathname}`).toBe(redirectUri);
    const code = landed.searchParams.get('code')!;
    expect(await auth(client, { serverUrl: mcpUrl, authorizationCode: code })).toBe('AUTHORIZED');

    const mcp = new Client({ name: 'browser-oauth', version: '1' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: client }));
    const found = (await callToolChecked(mcp, 'search_companies', { status: 'active' })) as {
      items: { company_number: string }[];
    };
    await callToolChecked(mcp, 'get_company', { company_number: found.items[0]!.company_number });
    await mcp.close();

    await page.goto(`${app.url}/app/connected-clients`);
    await expectUsablePage(page, 'oauth-connected-clients', 'web-oauth-connected-clients-phone');
    await page.getByRole('button', { name: 'Disconnect' }).click();
    expect(await page.locator('#no-clients').count()).toBe(1);

    const refused = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${client.saved!.access_token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refused.status).toBe(401);
  });
});
