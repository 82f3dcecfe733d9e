import { Context } from '@temporalio/activity';
import { monitoredCompaniesAfter } from '../domain/sanctions/ongoing/monitored-companies';
import {
  findRun,
  finishRun,
  startRun,
  versionChanges,
  type OngoingScreeningRun,
} from '../domain/sanctions/ongoing/ongoing-screening-runs';
import {
  delistRemoved,
  storeRescreenBatch,
  unsentMatchDeliveries,
} from '../domain/sanctions/ongoing/potential-matches';
import { rescreenCompany, type FoundMatch } from '../domain/sanctions/ongoing/rescreen-companies';
import { sanctionsMonitors } from '../domain/sanctions/ongoing/sanctions-alert-addresses';
import { sanctionsListName } from '../domain/sanctions/ongoing/potential-match-view';
import { currentSanctionsList } from '../domain/sanctions/sanctions-list';
import { forEachWithConcurrency } from '../temporal/delivery-catch-up-pool';
import { DELIVERY_START_CONCURRENCY, launchDeliveryWorkflow } from '../temporal/delivery-starter';
import { pendingDeliveriesAmong } from '../temporal/pending-deliveries';
import type { DeliveryToStart } from '../temporal/delivery-starter';
import type { ActivityDeps } from './deps';

export function ongoingScreeningActivities(deps: ActivityDeps) {
  const { orm, clock, logger, temporal, publicBaseUrl } = deps;

  const launch = async (deliveries: readonly DeliveryToStart[]) => {
    await forEachWithConcurrency(deliveries, DELIVERY_START_CONCURRENCY, async (delivery) => {
      await launchDeliveryWorkflow(temporal.client, temporal.taskQueue, delivery);
    });
  };

  return {
    /**
     * Starts (or finds) the run of a version and marks the open matches of the designations it removed as
     * delisted (idempotent). Null when the store holds no such version.
     */
    async startOngoingScreening(input: { versionId: number }): Promise<OngoingScreeningRun | null> {
      const em = orm.em.fork();
      const run = await startRun(em, input.versionId, clock());
      if (run === null || run.completedAt !== null) return run;
      const { removed } = await versionChanges(em, input.versionId);
      const delisted = await delistRemoved(em, run.list, input.versionId, removed, clock());
      logger.info({ ...run, removed: removed.length, delisted }, 'ongoing screening started');
      return run;
    },

    /**
     * Re-screens up to `batches` batches of monitored companies from the run's cursor. Each batch's matches,
     * deliveries and the cursor are one transaction, so a retry (after a crash or a lost heartbeat) resumes
     * after the last batch written: nothing lost, nothing repeated. Heartbeats the cursor and counts as it goes.
     */
    async rescreenMonitoredCompanies(input: {
      versionId: number;
      batchSize: number;
      batches: number;
    }): Promise<{ run: OngoingScreeningRun; more: boolean }> {
      const context = Context.current();
      const em = orm.em.fork();
      let run = await findRun(em, input.versionId);
      if (run === null) throw new Error(`No ongoing screening run for version ${input.versionId}`);
      if (run.completedAt !== null) return { run, more: false };
      // The list's current index: the designations this version changed are on it unless a later version
      // removed them since, and then there is nothing to match them with.
      const index = await currentSanctionsList(em).then((list) => list.index());
      const changed = run.fullRescreen ? null : (await versionChanges(em, input.versionId)).changed;
      let more = true;
      for (let batch = 0; batch < input.batches && more; batch++) {
        const companies = await monitoredCompaniesAfter(em.fork(), run.cursor, input.batchSize);
        more = companies.length === input.batchSize;
        if (companies.length === 0) break;
        const found: FoundMatch[] = [];
        if (index !== null)
          for (const companyNumber of companies) {
            found.push(
              ...(await rescreenCompany(em.fork(), companyNumber, {
                index,
                changed,
                match: deps.sanctionsMatch,
              })),
            );
            context.heartbeat({ cursor: run.cursor, companiesDone: run.companiesDone });
          }
        const companiesFound = [...new Set(found.map((match) => match.companyNumber))];
        const stored = await storeRescreenBatch(em.fork(), {
          versionId: input.versionId,
          list: { id: run.list, name: sanctionsListName(run.list) },
          companyNumbers: companies,
          found,
          monitors: companiesFound.length === 0 ? [] : await sanctionsMonitors(em.fork(), companiesFound),
          now: clock(),
          publicBaseUrl,
        });
        if (stored.deliveryEventIds.length > 0)
          await launch(await pendingDeliveriesAmong(orm.em, stored.deliveryEventIds));
        run = (await findRun(em.fork(), input.versionId))!;
        context.heartbeat({
          cursor: run.cursor,
          companiesDone: run.companiesDone,
          matchesFound: run.matchesFound,
        });
      }
      return { run, more };
    },

    /**
     * Closes the run. Starts any delivery of this version's matches not yet attempted first: a crash between a
     * batch's commit and its starts leaves them pending, and this is where they are picked up.
     */
    async finishOngoingScreening(input: { versionId: number }): Promise<OngoingScreeningRun | null> {
      const em = orm.em.fork();
      await launch(await unsentMatchDeliveries(em, input.versionId));
      const run = await finishRun(em, input.versionId, clock());
      logger.info({ ...run }, 'ongoing screening finished');
      return run;
    },
  };
}
