import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { SanctionsRefreshOutcome } from '../domain/sanctions/sanctions-list-import-result';

const { refreshSanctionsList } = proxyActivities<Activities>({
  // Download (2 minutes at most), parse and one transaction of a list of ~20,000 names.
  startToCloseTimeout: '10 minutes',
  // An unreadable source or a bad file comes back as a `failed` outcome, never retried; what throws is the
  // store being unavailable, worth a few tries before the next day's run.
  retry: { maximumAttempts: 5, initialInterval: '30 seconds', maximumInterval: '5 minutes' },
});

/**
 * One refresh of the UK Sanctions List, started daily by the `sanctions-refresh` Schedule: reads the configured
 * source and imports it as a new version when its content differs. The outcome is the workflow's result.
 */
export async function sanctionsRefreshWorkflow(): Promise<SanctionsRefreshOutcome> {
  return refreshSanctionsList();
}
