import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { ServiceError } from '../domain/errors';
import { readIdempotencyKeyHeader } from '../operations/idempotency-key';
import { callContext } from '../operations/call-context';
import { invokeOperation } from '../operations/invoke';
import type { Operation } from '../operations/operation';
import type { Services } from '../services';
import { authenticate } from './authenticate';
import { refuseEmptyNumberQuery } from './empty-number-query';
import type { AppState } from './state';

/** `/company/{company_number}` → `/company/:company_number` */
export function koaPath(openApiPath: string): string {
  return openApiPath.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

function restInput(
  ctx: ParameterizedContext<AppState>,
  params: Record<string, string>,
): Record<string, unknown> {
  const body = ctx.state.body;
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new ServiceError('invalid_argument', 'The body must be a JSON object', {
      problems: [{ argument: '(body)', problem: 'expected an object' }],
    });
  }
  // Path parameters last: they name the resource and must not be overridden from the query or body.
  return { ...ctx.query, ...(body as Record<string, unknown> | undefined), ...params };
}

/** One route per operation in the table; nothing here is written per endpoint. */
export function restRoutes(operations: readonly Operation[], services: Services): Router<AppState> {
  const router = new Router<AppState>();
  for (const operation of operations) {
    router.register(koaPath(operation.path), [operation.method], async (ctx) => {
      // The key is read through readRows on the ORM's root: no unit of work is forked unless the handler uses one.
      const account =
        operation.auth === 'api_key' ? (await authenticate(services.orm.em, ctx.headers)).account : undefined;
      const idempotencyKey =
        operation.auth === 'api_key' && operation.replay
          ? readIdempotencyKeyHeader(ctx.headers['idempotency-key'])
          : undefined;
      refuseEmptyNumberQuery(operation.input, ctx.query);
      const context = callContext(services, { now: services.clock(), idempotencyKey, clientAddress: ctx.ip });
      const result = await invokeOperation(operation, restInput(ctx, ctx.params), context, account);
      ctx.status = operation.successStatus ?? 200;
      ctx.body = result;
    });
  }
  return router;
}
