import {
  continueAsNew,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  upsertMemo,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import {
  ongoingScreeningProgressQuery,
  RESCREEN_BATCH_SIZE,
  RESCREEN_BATCHES_PER_CALL,
  type OngoingScreeningInput,
  type OngoingScreeningProgress,
} from '../temporal/ongoing-screening-contracts';

type Run = NonNullable<Awaited<ReturnType<Activities['startOngoingScreening']>>>;

// Starting and finishing are short and idempotent.
const { startOngoingScreening, finishOngoingScreening } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { maximumInterval: '1 minute' },
});

// A call re-screens a few batches and heartbeats between companies: a worker lost mid-call is noticed within the
// heartbeat timeout and the call retried, resuming from the cursor its last batch wrote.
const { rescreenMonitoredCompanies } = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { maximumInterval: '1 minute' },
});

/**
 * Ongoing screening of one sanctions list version (id `ongoing-screening/<version id>`, started by the refresh
 * that imported it): every monitored company re-screened against what the version added or amended (all of the
 * list when the matcher changed), in batches; new potential matches stored once per account and sent to lists
 * that opted in. The state lives in the database (the run's cursor), so a long run continues as new with only
 * its input, and the Web UI shows its progress (memo, current details, the `progress` query).
 */
export async function ongoingScreeningWorkflow(
  input: OngoingScreeningInput,
): Promise<OngoingScreeningProgress> {
  let progress: OngoingScreeningProgress = {
    versionId: input.versionId,
    list: null,
    fullRescreen: false,
    designations: 0,
    companiesDone: 0,
    companiesTotal: 0,
    matchesFound: 0,
    state: 'starting',
  };
  setHandler(ongoingScreeningProgressQuery, () => progress);
  const show = (run: Run, state: OngoingScreeningProgress['state']) => {
    progress = {
      versionId: input.versionId,
      list: run.list,
      fullRescreen: run.fullRescreen,
      designations: run.designations,
      companiesDone: run.companiesDone,
      companiesTotal: run.companiesTotal,
      matchesFound: run.matchesFound,
      state,
    };
    upsertMemo({ progress });
    setCurrentDetails(
      `${state === 'completed' ? 'Re-screened' : 'Re-screening'} ${run.companiesDone} of ${run.companiesTotal} ` +
        `monitored companies against ${run.designations} ${run.fullRescreen ? '(all)' : 'added or amended'} ` +
        `designations of list ${run.list}, version ${input.versionId}: ${run.matchesFound} new potential matches`,
    );
  };

  const run = await startOngoingScreening(input);
  if (run === null) {
    progress = { ...progress, state: 'version_not_found' };
    return progress;
  }
  show(run, run.completedAt === null ? 'screening' : 'completed');
  if (run.completedAt !== null) return progress;
  for (;;) {
    const step = await rescreenMonitoredCompanies({
      versionId: input.versionId,
      batchSize: RESCREEN_BATCH_SIZE,
      batches: RESCREEN_BATCHES_PER_CALL,
    });
    show(step.run, 'screening');
    if (!step.more) break;
    if (workflowInfo().continueAsNewSuggested) await continueAsNew<typeof ongoingScreeningWorkflow>(input);
  }
  const finished = await finishOngoingScreening(input);
  if (finished !== null) show(finished, 'completed');
  return progress;
}
