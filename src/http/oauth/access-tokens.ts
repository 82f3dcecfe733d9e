import type { Provider } from 'oidc-provider';

/** Looks an opaque access token up: the subject (an API key id) it acts as, or undefined when refused. */
export type AccessTokenVerifier = (token: string) => Promise<string | undefined>;

/**
 * A token counts only while it is stored (not revoked, its grant not withdrawn), unexpired, and issued for this
 * resource: a token another resource's server would accept is refused here (RFC 8707), so none is passed through.
 */
export function accessTokenVerifier(
  provider: () => Promise<Provider>,
  resource: string,
): AccessTokenVerifier {
  return async (token) => {
    const accessToken = await (await provider()).AccessToken.find(token);
    if (!accessToken || accessToken.isExpired) return undefined;
    const audiences = Array.isArray(accessToken.aud) ? accessToken.aud : [accessToken.aud];
    if (!audiences.includes(resource)) return undefined;
    return accessToken.accountId;
  };
}
