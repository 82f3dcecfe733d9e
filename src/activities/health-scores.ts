import { heartbeat } from '@temporalio/activity';
import {
  addRefreshCounts,
  refreshHealthScores,
  type HealthScoresRefreshed,
} from '../domain/health/store/refresh-health-scores';
import type { ActivityDeps } from './deps';

/*
 * The change check's last step keeps stored health scores in step (domain/health/store). Work is bounded per
 * check: a backlog (a whole register queued by a migration or a bulk import) is worked off over several checks,
 * so alerts are never held back behind it; `npm run cli -- health refresh` drains it at once.
 */

/** Wall-clock time one check spends refreshing scores at most (checked between calls). */
export const HEALTH_REFRESH_BUDGET_MS = 2 * 60_000;

export function healthScoreActivities(deps: ActivityDeps) {
  const { orm, clock, logger } = deps;
  return {
    /** Refresh calls, each bounded, with a heartbeat between them, until nothing is left or the budget is spent. */
    async refreshHealthScores(): Promise<HealthScoresRefreshed> {
      const started = Date.now();
      const now = clock();
      let total: HealthScoresRefreshed | undefined;
      for (;;) {
        const call = await refreshHealthScores(orm.em.fork(), now, { scorer: deps.healthScorer });
        total = total ? addRefreshCounts(total, call) : call;
        heartbeat(total.rescored);
        if (!total.more || Date.now() - started >= HEALTH_REFRESH_BUDGET_MS) break;
      }
      logger.info({ ...total }, 'health scores refreshed');
      return total;
    },
  };
}
