import Koa from 'koa';
import { ServiceError } from '../domain/errors';
import { operations } from '../operations';
import type { Services } from '../services';
import { webErrorPages } from '../web/web-error-pages';
import { webRoutes } from '../web/web-routes';
import { errorBodies } from './errors';
import { healthRoutes } from './health-routes';
import { jsonBody } from './json-body';
import { mcpRoutes } from './mcp-endpoint';
import { accessTokenVerifier } from './oauth/access-tokens';
import { mcpResource } from './oauth/oauth-provider';
import { oauthServer } from './oauth/oauth-server';
import { methodGuard } from './method-guard';
import { openApiRoute } from './openapi';
import { requestContext } from './request-context';
import { restRoutes } from './rest-routes';
import type { AppState } from './state';

export function createApp(services: Services): Koa<AppState> {
  const app = new Koa<AppState>();
  app.proxy = services.config.NODE_ENV === 'production';
  const rest = restRoutes(operations, services);
  const health = healthRoutes(services);
  const openApi = openApiRoute(operations, services.config.PUBLIC_BASE_URL);
  const oauth = oauthServer(services);
  const mcp = mcpRoutes(
    operations,
    services,
    accessTokenVerifier(oauth.provider, mcpResource(services.config.PUBLIC_BASE_URL)),
  );
  const web = webRoutes(services, oauth.provider);
  const methods = methodGuard([health, openApi, mcp, web, rest]);

  app.use(requestContext(services.logger));
  app.use(errorBodies);
  // The web app's paths answer errors as HTML pages; everything else keeps the JSON error body.
  app.use(webErrorPages);
  // The authorization server answers its own paths whole (its errors are OAuth's JSON, RFC 6749 §5.2).
  app.use(oauth.middleware);
  app.use(methods.refuseUnimplemented);
  app.use(notFoundWhenUnrouted);
  app.use(methods.answerUnroutedMethods);
  app.use(health.routes());
  app.use(openApi.routes());
  // Before the JSON body middleware: /mcp reads its own body, to answer a bad one as a JSON-RPC error.
  app.use(mcp.routes());
  // Also before it: the pages' forms are urlencoded, and each page reads its own body with a limit.
  app.use(web.routes());
  app.use(jsonBody(services.config.BODY_LIMIT_BYTES));
  app.use(rest.routes());
  return app;
}

/** Runs after the routers and the method guard have had their say: anything still unanswered is a 404. */
const notFoundWhenUnrouted: Koa.Middleware<AppState> = async (ctx, next) => {
  await next();
  if (ctx.status === 404 && ctx.body === undefined && ctx.respond !== false) {
    throw new ServiceError('not_found', `No route for ${ctx.method} ${ctx.path}`);
  }
};
