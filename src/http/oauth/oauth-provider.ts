import { errors, Provider } from 'oidc-provider';
import type { Services } from '../../services';
import { oauthAdapterClass } from './oauth-store';
import { readFile } from 'node:fs/promises';
import { dnsServerResolver } from '../../domain/outbound/dns-server-resolver';
import {
  CLIENT_METADATA_LIMIT_BYTES,
  clientMetadataFetch,
  ClientMetadataRefusal,
} from './client-metadata-fetch';
import { oauthSecrets } from './oauth-keys';
import { renderOAuthError } from './oauth-error-page';

/*
 * The OAuth 2.1 authorization server for /mcp: oidc-provider (certified, built on Koa) configured for what the
 * MCP authorization specification asks of it, and nothing more. Authorization code with PKCE (S256, always),
 * dynamic client registration of public clients, rotating refresh tokens, revocation, and resource indicators:
 * every access token is issued for the one MCP resource (`<PUBLIC_BASE_URL>/mcp`) and names it as its audience.
 * Access tokens are opaque and stored (oauth-store.ts), so a revoked grant stops working at once on every process.
 */

export const MCP_SCOPE = 'mcp';

/** Where the authorization server's endpoints live (the issuer is PUBLIC_BASE_URL, the paths under /oauth). */
export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
  end_session: '/oauth/session/end',
} as const;

/** The consent step is a page of the web app (src/web/connect-routes.tsx). */
export const INTERACTION_PATH_PREFIX = '/app/connect/';

const ACCESS_TOKEN_SECONDS = 60 * 60;
/**
 * A client metadata document is kept as its Cache-Control (or Expires) says, between these bounds: at least a
 * minute so a busy client does not cause a fetch per request, at most an hour so a changed document (a redirect
 * URI removed) takes effect within one.
 */
const CLIENT_METADATA_CACHE_SECONDS = { min: 60, max: 60 * 60 };
const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;

/** The MCP endpoint's URL: the resource every token is for. */
export function mcpResource(publicBaseUrl: string): string {
  return new URL('/mcp', publicBaseUrl).href;
}

export function issuerOf(publicBaseUrl: string): string {
  return new URL(publicBaseUrl).origin;
}

export async function createOAuthProvider(services: Services): Promise<Provider> {
  const { config } = services;
  const secrets = await oauthSecrets(services.orm.em.fork());
  const resource = mcpResource(config.PUBLIC_BASE_URL);
  const fetchClientMetadata = clientMetadataFetch({
    devAllowedOrigins: config.clientMetadataDevAllowedOrigins,
    ...(config.clientMetadataDevCaFile
      ? { devCa: await readFile(config.clientMetadataDevCaFile, 'utf8') }
      : {}),
    // The resolver webhooks use in tests and development, when one is set; the system's otherwise.
    ...(config.webhookDnsServer ? { resolve: dnsServerResolver(config.webhookDnsServer) } : {}),
  });
  const provider = new Provider(issuerOf(config.PUBLIC_BASE_URL), {
    adapter: oauthAdapterClass(services.orm, services.clock),
    jwks: { keys: [secrets.signingJwk] },
    cookies: { keys: secrets.cookieKeys },
    routes: OAUTH_ROUTES,
    // The subject is the id of the API key the account signed in with: a token acts as that key (its account,
    // plan and quotas), and stops when the key is revoked.
    findAccount: async (_ctx: unknown, sub: string) => ({ accountId: sub, claims: async () => ({ sub }) }),
    // `mcp` is listed here too, or a registration naming it (as MCP clients' do) is refused.
    scopes: ['openid', 'offline_access', MCP_SCOPE],
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      // The one signing key is an EC P-256 key (oauth-keys.ts).
      id_token_signed_response_alg: 'ES256',
    },
    // Public clients (no secret): PKCE and exact redirect URIs are what protect their codes.
    clientAuthMethods: ['none'],
    // An assistant runs long after the sign-in: it gets a refresh token without asking for offline_access.
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_SECONDS,
      Grant: REFRESH_TOKEN_SECONDS,
      Interaction: 10 * 60,
      Session: 12 * 60 * 60,
    },
    // Every outbound request oidc-provider makes (here, only for client metadata documents) goes through the
    // webhooks' address rules; its own special-use check is replaced, not relied on.
    fetch: fetchClientMetadata,
    fetchResponseBodyLimits: { 'client_id metadata document': CLIENT_METADATA_LIMIT_BYTES },
    renderError: renderOAuthError,
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${INTERACTION_PATH_PREFIX}${interaction.uid}`,
    },
    // Token, registration and revocation answer browser-based clients too (their own CORS); nothing else does.
    clientBasedCORS: () => true,
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: false },
      // A client_id that is an https URL names the client's own JSON document (MCP authorization 2025-11-25,
      // draft-ietf-oauth-client-id-metadata-document); oidc-provider checks what the draft asks of it (client_id
      // equal to the URL, no client secret or shared-secret method) and the client schema the rest, as for a
      // registered client. Experimental in 9.13.3, acknowledged at the draft it implements.
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        cacheDuration: CLIENT_METADATA_CACHE_SECONDS,
      },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      introspection: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          // No token passthrough, no other audience: the one resource this server protects.
          if (indicator !== resource)
            throw new errors.InvalidTarget(`tokens are issued for ${resource} only`);
          return {
            scope: MCP_SCOPE,
            audience: resource,
            accessTokenFormat: 'opaque',
            accessTokenTTL: ACCESS_TOKEN_SECONDS,
          };
        },
      },
    },
  });
  provider.proxy = config.NODE_ENV === 'production';
  // The provider answers its own errors (OAuth's JSON); a fault on our side is still logged as the app's are.
  provider.on('server_error', (_ctx, error) => services.logger.error({ err: error }, 'OAuth server error'));
  provider.on('authorization.error', (_ctx, error) => {
    const cause = error instanceof Error ? error.cause : undefined;
    if (cause instanceof ClientMetadataRefusal)
      services.logger.info({ reason: cause.code, detail: cause.message }, 'Client metadata document refused');
  });
  return provider;
}
