import { ApplicationFailure } from '@temporalio/activity';
import type { SanctionsRefreshOutcome } from '../domain/sanctions/sanctions-list-import-result';
import { sanctionsListIdSchema } from '../domain/sanctions/sanctions-lists';
import { refreshSanctionsList } from '../ingest/sanctions/refresh-sanctions-list';
import type { ActivityDeps } from './deps';

export function sanctionsRefreshActivities(deps: ActivityDeps) {
  const { orm, clock, logger } = deps;
  return {
    /** Reads the list's configured source and imports it when it differs (ingest/sanctions/refresh-sanctions-list.ts). */
    async refreshSanctionsList(listArgument: string): Promise<SanctionsRefreshOutcome> {
      const parsed = sanctionsListIdSchema.safeParse(listArgument);
      // A Schedule's argument is this code's own: a list it does not know will not become one on a retry.
      if (!parsed.success)
        throw ApplicationFailure.nonRetryable(`unknown sanctions list ${JSON.stringify(listArgument)}`);
      const list = parsed.data;
      const outcome = await refreshSanctionsList(
        orm.em.fork(),
        list,
        deps.sanctionsLists?.sources[list] ?? null,
        { ...deps.sanctionsLists?.read, now: clock() },
      );
      const summary =
        outcome.status === 'imported' || outcome.status === 'unchanged'
          ? {
              list,
              version: outcome.version.id,
              publishedOn: outcome.version.published_on,
              rejected: outcome.rejected,
            }
          : outcome.status === 'failed'
            ? { list, source: outcome.source, reason: outcome.reason }
            : { list };
      if (outcome.status === 'failed')
        logger.warn(summary, 'sanctions list refresh failed; the current version stays');
      else logger.info({ status: outcome.status, ...summary }, 'sanctions list refresh');
      return outcome;
    },
  };
}
