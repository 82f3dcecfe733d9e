import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../logger';
import type { AppState } from './state';

const acceptableRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/** Gives every request an id (the caller's X-Request-Id when sane) and a child logger, and logs it once. */
export function requestContext(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const offered = ctx.get('X-Request-Id');
    const requestId = acceptableRequestId.test(offered) ? offered : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.logger = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.logger.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    }
  };
}
