import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { csrfTokenIn, WebClient } from './web-client';

/**
 * The MCP SDK's OAuthClientProvider as an assistant implements it, holding everything in memory: the flow's
 * redirect to the authorization page is kept (`authorizationUrl`) for the test's browser stand-in to follow.
 */
export class MemoryOAuthClient implements OAuthClientProvider {
  information?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  /** Set, the client identifies itself by this metadata document's URL instead of registering. */
  clientMetadataUrl?: string;

  constructor(
    readonly redirectUrl: string,
    readonly clientMetadata: OAuthClientMetadata = {
      client_name: 'Test assistant',
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
  ) {}

  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/**
 * What a person does in the browser between the assistant's redirect and the code coming back: the
 * authorization server sends them to sign in (with their API key), then to the consent page, where they press
 * Allow (or Deny). Returns the URL the browser is finally sent to (the assistant's redirect URI).
 */
export async function signInAndConsent(
  baseUrl: string,
  authorizationUrl: URL,
  apiKey: string,
  decision: 'allow' | 'deny' = 'allow',
  seen: { consentPage?: string } = {},
): Promise<URL> {
  const browser = new WebClient(baseUrl);
  const local = (location: string) => {
    const url = new URL(location, baseUrl);
    return `${url.pathname}${url.search}`;
  };
  let answer = await browser.get(local(authorizationUrl.href));
  for (let step = 0; step < 10; step++) {
    if (answer.status !== 302 && answer.status !== 303)
      throw new Error(`the sign-in stopped at ${answer.status}: ${answer.html.slice(0, 300)}`);
    const location = new URL(answer.location!, baseUrl);
    if (location.origin !== new URL(baseUrl).origin) return location;
    const path = local(location.href);
    if (location.pathname === '/app/sign-in') {
      answer = await browser.submit(path, '/app/sign-in', {
        api_key: apiKey,
        next: location.searchParams.get('next')!,
      });
    } else if (location.pathname.startsWith('/app/connect/')) {
      const page = await browser.get(path);
      if (page.status !== 200) {
        answer = page; // signed out: on to sign in first
        continue;
      }
      seen.consentPage = page.html;
      answer = await browser.post(location.pathname, { csrf: csrfTokenIn(page.html), decision });
    } else answer = await browser.get(path);
  }
  throw new Error('the sign-in went round in circles');
}
