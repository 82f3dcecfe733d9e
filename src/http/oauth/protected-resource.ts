import { issuerOf, MCP_SCOPE, mcpResource } from './oauth-provider';

/*
 * /mcp as an OAuth protected resource (RFC 9728): the metadata that names its authorization server, and the
 * WWW-Authenticate challenge on its 401s that points a client at that metadata.
 */

export const PROTECTED_RESOURCE_PATHS = [
  '/.well-known/oauth-protected-resource',
  // RFC 9728 §3.1: the well-known path with the resource's own path after it, which clients try first.
  '/.well-known/oauth-protected-resource/mcp',
];

export function protectedResourceMetadata(publicBaseUrl: string) {
  return {
    resource: mcpResource(publicBaseUrl),
    authorization_servers: [issuerOf(publicBaseUrl)],
    scopes_supported: [MCP_SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: 'UK company data (MCP)',
    resource_documentation: new URL('/openapi.json', publicBaseUrl).href,
  };
}

/** The challenge on a 401 from /mcp; `invalid_token` when a bearer token was sent and refused. */
export function bearerChallenge(publicBaseUrl: string, invalidToken: boolean): string {
  const metadata = new URL(PROTECTED_RESOURCE_PATHS[1]!, publicBaseUrl).href;
  const error = invalidToken ? ', error="invalid_token"' : '';
  return `Bearer resource_metadata="${metadata}", scope="${MCP_SCOPE}"${error}`;
}
