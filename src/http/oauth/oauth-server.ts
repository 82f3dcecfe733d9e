import type { Middleware } from 'koa';
import type { Provider } from 'oidc-provider';
import { ServiceError } from '../../domain/errors';
import { signupClientKey } from '../../domain/accounts/signup-limit';
import type { Services } from '../../services';
import type { AppState } from '../state';
import { createOAuthProvider, OAUTH_ROUTES } from './oauth-provider';
import { PROTECTED_RESOURCE_PATHS, protectedResourceMetadata } from './protected-resource';

/**
 * The OAuth side of the app: the provider, built once per process (its keys are read from the database, so it is
 * ready only after that read), and the middleware that hands it its own paths.
 */
export interface OAuthServer {
  provider(): Promise<Provider>;
  middleware: Middleware<AppState>;
}

/** A registration is a few hundred bytes of JSON; this leaves room for long names and many redirect URIs. */
export const REGISTRATION_LIMIT_BYTES = 16 * 1024;

/** Everything under /oauth/ (its endpoints, and the resume step after consent: /oauth/authorize/<uid>). */
function isProviderPath(path: string): boolean {
  return path.startsWith('/oauth/') || path === '/.well-known/openid-configuration';
}

export function oauthServer(services: Services): OAuthServer {
  let building: Promise<Provider> | undefined;
  const provider = () => (building ??= createOAuthProvider(services));
  const metadata = protectedResourceMetadata(services.config.PUBLIC_BASE_URL);

  const middleware: Middleware<AppState> = async (ctx, next) => {
    if (PROTECTED_RESOURCE_PATHS.includes(ctx.path) && ctx.method === 'GET') {
      // Public facts, read by clients that run in a browser too (RFC 9728 §3 asks nothing of them but JSON).
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.body = metadata;
      return;
    }
    // RFC 8414's well-known path, which MCP clients try first, answers what OpenID discovery does.
    if (ctx.path === '/.well-known/oauth-authorization-server') ctx.url = '/.well-known/openid-configuration';
    if (!isProviderPath(ctx.path)) return next();
    if (ctx.path === OAUTH_ROUTES.registration && ctx.method === 'POST') {
      if (ctx.request.length > REGISTRATION_LIMIT_BYTES)
        throw new ServiceError(
          'payload_too_large',
          `A client registration is at most ${REGISTRATION_LIMIT_BYTES} bytes`,
          {
            limit_bytes: REGISTRATION_LIMIT_BYTES,
          },
        );
      await services.quotas.chargeClientRegistration(
        signupClientKey(ctx.ip),
        services.config.OAUTH_REGISTRATIONS_PER_HOUR,
      );
    }
    const handle = (await provider()).callback();
    ctx.respond = false;
    await handle(ctx.req, ctx.res);
  };
  return { provider, middleware };
}
