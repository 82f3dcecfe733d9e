import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Account } from '../db/entities/account';
import type { Logger } from '../logger';
import type { AppState } from './state';

const acceptableRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when sane) and a child logger, and logs it once. The child
 * is made only when something logs through it (most requests never do), and the request line is skipped before
 * any work when its level is off: this runs on every call.
 */
export function requestContext(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const offered = ctx.get('X-Request-Id');
    const requestId = acceptableRequestId.test(offered) ? offered : randomUUID();
    ctx.state = new RequestState(logger, requestId);
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      if (logger.isLevelEnabled('info')) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        ctx.state.logger.info(
          { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 },
          'request',
        );
      }
    }
  };
}

/**
 * A request's state, its logger made on first use. The getter lives on the class: defined on each request's own
 * object (Object.defineProperty with a new closure), it turned every state into a dictionary and left objects in
 * V8's old generation pointing at the request's young ones, which kept them alive through every young collection
 * until the next full one (docs/performance.md, "Hidden classes made per request"). The optional fields are
 * declared so that every state has the same shape from the start.
 */
class RequestState implements AppState {
  readonly #parent: Logger;
  #child: Logger | undefined;
  body?: unknown;
  account?: Account;

  constructor(
    parent: Logger,
    readonly requestId: string,
  ) {
    this.#parent = parent;
  }

  get logger(): Logger {
    return (this.#child ??= this.#parent.child({ requestId: this.requestId }));
  }
}
