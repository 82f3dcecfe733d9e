import Router from '@koa/router';
import { isDatabaseReachable } from '../db/orm';
import { isTemporalReachable } from '../temporal/connection';
import type { Services } from '../services';
import type { AppState } from './state';

/** Liveness says the process answers; readiness says it can serve: database and Temporal both reachable. */
export function healthRoutes(services: Services): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const [database, temporal] = await Promise.all([
      isDatabaseReachable(services.orm),
      isTemporalReachable(services.temporal),
    ]);
    const failing = [...(database ? [] : ['database']), ...(temporal ? [] : ['temporal'])];
    ctx.status = failing.length === 0 ? 200 : 503;
    // waiting_for: what a balancer or a person is waiting on, e.g. npm start's Temporal while it restarts.
    ctx.body = {
      status: failing.length === 0 ? 'ready' : 'unavailable',
      checks: { database: database ? 'ok' : 'unreachable', temporal: temporal ? 'ok' : 'unreachable' },
      ...(failing.length > 0
        ? {
            waiting_for: failing,
            error: { code: 'unavailable', message: `Unreachable: ${failing.join(', ')}` },
          }
        : {}),
    };
  });
  return router;
}
