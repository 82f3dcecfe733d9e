import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { LiveAccountsInput } from '../temporal/contracts';

const { importLiveAccountsFiling } = proxyActivities<Activities>({
  // Metadata, a download of at most 20 MB under a 60 s limit, one import.
  startToCloseTimeout: '3 minutes',
  // What the document is comes back as the outcome; what throws is Companies House being unreachable, rate
  // limiting, or refusing the key, or the store failing: worth trying for two days before the filing is
  // left to a later fetch of the company.
  retry: { initialInterval: '30 seconds', backoffCoefficient: 2, maximumInterval: '1 hour' },
  scheduleToCloseTimeout: '2 days',
});

/**
 * One new accounts filing of a monitored company, fetched from the Document API and imported
 * (ingest/companies-house/live/live-accounts.ts). Its own workflow, id
 * `companies-house-accounts/<company>/<transaction id>`, so a stream that moves on never waits for a document
 * and a document Companies House cannot serve yet is not lost: it is retried here.
 */
export async function liveAccountsWorkflow(input: LiveAccountsInput) {
  return importLiveAccountsFiling(input);
}
