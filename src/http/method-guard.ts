import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { ServiceError } from '../domain/errors';
import type { AppState } from './state';

/**
 * What the service answers for a method its routes do not serve, from the routes of every router (so it can
 * never disagree with them):
 * - a method no route of the service implements (TRACE, PROPFIND, PURGE, LOCK, SEARCH, MKCOL, QUERY, PUT, …)
 *   is 501 `not_implemented` on every path, before any body is read, any key checked or any handler run;
 * - a method the service implements elsewhere is 405 `method_not_allowed` on a path that exists;
 * - OPTIONS on a path that exists is 204;
 * and each of them carries `Allow` with the path's methods when the path exists. An unknown path stays 404.
 * Node's HTTP parser answers what never reaches Koa (an unknown method token, CONNECT): see raw-request-guard.ts.
 */
export function methodGuard(routers: readonly Router<AppState>[]): {
  refuseUnimplemented: Middleware<AppState>;
  answerUnroutedMethods: Middleware<AppState>;
} {
  const implemented = new Set(['OPTIONS']);
  for (const router of routers)
    for (const layer of router.stack) layer.methods.forEach((m) => implemented.add(m));

  function allowedOn(path: string): string[] {
    const allowed = new Set<string>();
    for (const router of routers) {
      for (const layer of router.match(path, 'GET').path) layer.methods.forEach((m) => allowed.add(m));
    }
    return [...allowed].sort();
  }

  const refuseUnimplemented: Middleware<AppState> = async (ctx, next) => {
    if (implemented.has(ctx.method)) return next();
    const allowed = allowedOn(ctx.path);
    if (allowed.length > 0) ctx.set('Allow', allowed.join(', '));
    throw new ServiceError('not_implemented', `This service does not implement the ${ctx.method} method`, {
      method: ctx.method,
      implemented: [...implemented].sort(),
    });
  };

  // Runs after the routers: only a request none of them answered reaches the checks below.
  const answerUnroutedMethods: Middleware<AppState> = async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body !== undefined || ctx.respond === false) return;
    const allowed = allowedOn(ctx.path);
    if (allowed.length === 0) return;
    ctx.set('Allow', allowed.join(', '));
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      return;
    }
    throw new ServiceError(
      'method_not_allowed',
      `${ctx.method} is not allowed on ${ctx.path}: use ${allowed.join(' or ')}`,
      {
        method: ctx.method,
        allowed,
      },
    );
  };

  return { refuseUnimplemented, answerUnroutedMethods };
}
