import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, patched, proxyActivities, startChild } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { SanctionsRefreshOutcome } from '../domain/sanctions/sanctions-list-import-result';
import type { SanctionsListId } from '../domain/sanctions/sanctions-lists';
import { ongoingScreeningWorkflowId, workflowTypes } from '../temporal/names';
import type { OngoingScreeningInput } from '../temporal/ongoing-screening-contracts';

const { refreshSanctionsList } = proxyActivities<Activities>({
  // Download (2 minutes at most), parse and one transaction of a list of tens of thousands of names.
  startToCloseTimeout: '10 minutes',
  // An unreadable source or a bad file comes back as a `failed` outcome, never retried; what throws is the
  // store being unavailable, worth a few tries before the next day's run.
  retry: { maximumAttempts: 5, initialInterval: '30 seconds', maximumInterval: '5 minutes' },
});

/**
 * One refresh of one sanctions list, started daily by that list's Schedule (`sanctions-refresh` for the UK,
 * `sanctions-refresh-<list>` for the others): reads the list's configured source and imports it as a new version
 * when its content differs. The outcome is the workflow's result. The list defaults to the UK's: runs the UK
 * Schedule started before it passed its list (with no argument) still mean the UK list.
 */
export async function sanctionsRefreshWorkflow(
  list: SanctionsListId = 'uk',
): Promise<SanctionsRefreshOutcome> {
  const outcome = await refreshSanctionsList(list);
  if (outcome.status === 'imported' && patched('ongoing-screening'))
    await startOngoingScreening(outcome.version.id, outcome.version.imported_at);
  // A current version imported some other way (the CLI) has had no re-screen: this refresh starts it, and it
  // covers every version since the list's last re-screen. One that had its re-screen is refused by its id.
  else if (outcome.status === 'unchanged' && patched('ongoing-screening-of-unscreened-version'))
    await startOngoingScreening(outcome.version.id, outcome.version.imported_at);
  return outcome;
}

/**
 * A new version re-screens every monitored company (workflows/ongoing-screening.ts), as a workflow of its own
 * that outlives this refresh (ABANDON); its id is the version's, so a version is re-screened once.
 */
async function startOngoingScreening(versionId: number, importedAt: string): Promise<void> {
  try {
    await startChild<(input: OngoingScreeningInput) => Promise<unknown>>(workflowTypes.ongoingScreening, {
      workflowId: ongoingScreeningWorkflowId(versionId, importedAt),
      args: [{ versionId }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
