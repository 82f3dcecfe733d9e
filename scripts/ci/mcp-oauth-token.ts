import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { MemoryOAuthClient, signInAndConsent } from '../../test/support/oauth-client';

/*
 * An OAuth access token for /mcp obtained the way an assistant gets one: the MCP SDK's client flow (auth() with an
 * OAuthClientProvider) discovers the authorization server from the endpoint's 401, registers, and is sent to sign
 * in with the account's key and to consent, which are driven over HTTP as a browser would. Prints the token.
 * Used by scripts/ci/mcp-conformance.sh to run the conformance suite as an OAuth client.
 *
 *   MCP_BASE_URL=http://127.0.0.1:PORT MCP_API_KEY=… npx tsx scripts/ci/mcp-oauth-token.ts
 */
async function main(): Promise<void> {
  const baseUrl = process.env.MCP_BASE_URL;
  const apiKey = process.env.MCP_API_KEY;
  if (!baseUrl || !apiKey) throw new Error('set MCP_BASE_URL and MCP_API_KEY');
  const serverUrl = new URL('/mcp', baseUrl).href;
  // A loopback redirect, as the spec allows native clients: the browser stand-in stops before following it.
  const client = new MemoryOAuthClient('http://127.0.0.1:8975/callback', {
    client_name: 'MCP conformance run',
    redirect_uris: ['http://127.0.0.1:8975/callback'],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  });
  if ((await auth(client, { serverUrl })) !== 'REDIRECT') throw new Error('the flow did not ask to sign in');
  const back = await signInAndConsent(baseUrl, client.authorizationUrl!, apiKey, 'allow');
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`consent came back without a code: ${back.href}`);
  if ((await auth(client, { serverUrl, authorizationCode: code })) !== 'AUTHORIZED')
    throw new Error('the code was not exchanged for a token');
  process.stdout.write(`${client.tokens()!.access_token}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
