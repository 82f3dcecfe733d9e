import Koa from 'koa';
import { ServiceError } from '../domain/errors';
import { operations } from '../operations';
import type { Services } from '../services';
import { errorBodies } from './errors';
import { healthRoutes } from './health-routes';
import { jsonBody } from './json-body';
import { mcpRoutes } from './mcp-endpoint';
import { openApiRoute } from './openapi';
import { requestContext } from './request-context';
import { restRoutes } from './rest-routes';
import type { AppState } from './state';

export function createApp(services: Services): Koa<AppState> {
  const app = new Koa<AppState>();
  app.proxy = services.config.NODE_ENV === 'production';
  const rest = restRoutes(operations, services);
  const health = healthRoutes(services);
  const mcp = mcpRoutes(operations, services);

  app.use(requestContext(services.logger));
  app.use(errorBodies);
  app.use(notFoundWhenUnrouted);
  app.use(health.routes());
  app.use(openApiRoute(operations, services.config.PUBLIC_BASE_URL).routes());
  app.use(jsonBody(services.config.BODY_LIMIT_BYTES));
  app.use(mcp.routes());
  app.use(rest.routes());
  app.use(
    rest.allowedMethods({
      throw: true,
      methodNotAllowed: () =>
        new ServiceError('method_not_allowed', 'This method is not allowed on this path'),
    }),
  );
  return app;
}

/** Runs after the routers (and allowedMethods' 405) have had their say: anything still unanswered is a 404. */
const notFoundWhenUnrouted: Koa.Middleware<AppState> = async (ctx, next) => {
  await next();
  if (ctx.status === 404 && ctx.body === undefined) {
    throw new ServiceError('not_found', `No route for ${ctx.method} ${ctx.path}`);
  }
};
