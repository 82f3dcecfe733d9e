import type { Middleware, ParameterizedContext } from 'koa';
import { z } from 'zod';
import { ServiceError } from '../domain/errors';
import { httpStatusOf } from './error-status';
import type { AppState } from './state';

/** A zod failure as a ServiceError naming each bad argument by its path. */
export function invalidArgument(error: z.ZodError): ServiceError {
  const problems = error.issues.map((issue) => ({
    argument: issue.path.length > 0 ? issue.path.join('.') : '(body)',
    problem: issue.message,
  }));
  const first = problems[0];
  const message = first ? `Invalid argument ${first.argument}: ${first.problem}` : 'Invalid arguments';
  return new ServiceError('invalid_argument', message, { problems });
}

/**
 * What anything thrown while answering means to the caller, the same for the JSON API and the web app's pages: a
 * ServiceError as it is, a zod failure as `invalid_argument`, anything else `internal` (logged, never shown).
 */
export function serviceErrorOf(thrown: unknown, ctx: ParameterizedContext<AppState>): ServiceError {
  const error =
    thrown instanceof ServiceError
      ? thrown
      : thrown instanceof z.ZodError
        ? invalidArgument(thrown)
        : new ServiceError('internal', 'Internal error; quote the request id when reporting it');
  if (error.code === 'internal') ctx.state.logger.error({ err: thrown }, 'request failed');
  return error;
}

/** The HTTP status of an error answer, and Retry-After when a quota says when to come back. */
export function setErrorStatus(ctx: ParameterizedContext<AppState>, error: ServiceError): number {
  ctx.status = httpStatusOf[error.code];
  if (error.code === 'rate_limited' && typeof error.details?.retry_after_seconds === 'number') {
    ctx.set('Retry-After', String(error.details.retry_after_seconds));
  }
  return ctx.status;
}

/** Errors become `{"error":{"code","message","details","request_id"}}` here, and only here. */
export const errorBodies: Middleware<AppState> = async (ctx, next) => {
  try {
    await next();
  } catch (thrown) {
    const error = serviceErrorOf(thrown, ctx);
    setErrorStatus(ctx, error);
    ctx.body = errorBody(error, ctx.state.requestId);
  }
};

/** The one JSON error body: also written raw for what never reaches Koa (raw-request-guard.ts). */
export function errorBody(error: ServiceError, requestId: string) {
  return {
    error: {
      code: error.code,
      message: error.message,
      details: error.details ?? {},
      request_id: requestId,
    },
  };
}
