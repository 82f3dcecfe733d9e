import { refreshSanctionsList } from '../ingest/sanctions/refresh-sanctions-list';
import type { SanctionsRefreshOutcome } from '../domain/sanctions/sanctions-list-import-result';
import type { ActivityDeps } from './deps';

export function sanctionsRefreshActivities(deps: ActivityDeps) {
  const { orm, clock, logger } = deps;
  return {
    /** Reads the configured source and imports it when it differs (ingest/sanctions/refresh-sanctions-list.ts). */
    async refreshSanctionsList(): Promise<SanctionsRefreshOutcome> {
      const outcome = await refreshSanctionsList(orm.em.fork(), 'uk', deps.sanctionsList?.source ?? null, {
        ...deps.sanctionsList?.read,
        now: clock(),
      });
      const summary =
        outcome.status === 'imported' || outcome.status === 'unchanged'
          ? {
              version: outcome.version.id,
              publishedOn: outcome.version.published_on,
              rejected: outcome.rejected,
            }
          : outcome.status === 'failed'
            ? { source: outcome.source, reason: outcome.reason }
            : {};
      if (outcome.status === 'failed')
        logger.warn(summary, 'sanctions list refresh failed; the current version stays');
      else logger.info({ status: outcome.status, ...summary }, 'sanctions list refresh');
      return outcome;
    },
  };
}
