import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { SanctionsRefreshOutcome } from '../domain/sanctions/sanctions-list-import-result';
import type { SanctionsListId } from '../domain/sanctions/sanctions-lists';

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
  return refreshSanctionsList(list);
}
