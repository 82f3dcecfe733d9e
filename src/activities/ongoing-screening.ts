import { Context } from '@temporalio/activity';
import {
  findRun,
  finishRun,
  startRun,
  versionChanges,
  type OngoingScreeningRun,
} from '../domain/sanctions/ongoing/ongoing-screening-runs';
import { delistRemoved, unsentMatchDeliveries } from '../domain/sanctions/ongoing/potential-matches';
import { rescreenNextBatch } from '../domain/sanctions/ongoing/rescreen-batch';
import { changedDesignationsIndex } from '../domain/sanctions/ongoing/rescreen-companies';
import { currentSanctionsLists } from '../domain/sanctions/sanctions-list';
import { sanctionsListIdSchema } from '../domain/sanctions/sanctions-lists';
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
      const started = await findRun(em, input.versionId);
      if (started === null) throw new Error(`No ongoing screening run for version ${input.versionId}`);
      let run: OngoingScreeningRun = started;
      if (run.completedAt !== null) return { run, more: false };
      // The list's current index: the designations this version changed are on it unless a later version
      // removed them since, and then there is nothing to match them with.
      const [held] = await currentSanctionsLists(em, [sanctionsListIdSchema.parse(run.list)]);
      const index = held === undefined ? null : await held.index();
      const changed = run.fullRescreen ? null : (await versionChanges(em, input.versionId)).changed;
      const changedIndex =
        changed === null || index === null ? undefined : await changedDesignationsIndex(index, changed);
      let more = true;
      for (let batch = 0; batch < input.batches && more; batch++) {
        const current = run;
        const step = await rescreenNextBatch(em, current, {
          index,
          changed,
          changedIndex,
          batchSize: input.batchSize,
          match: deps.sanctionsMatch,
          publicBaseUrl,
          now: clock,
          onCompany: () =>
            context.heartbeat({ cursor: current.cursor, companiesDone: current.companiesDone }),
        });
        if (step.deliveryEventIds.length > 0)
          await launch(await pendingDeliveriesAmong(orm.em, step.deliveryEventIds));
        run = step.run;
        more = step.more;
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
