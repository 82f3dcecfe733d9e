import {
  importAccountsFiling,
  type AccountsFilingOutcome,
} from '../ingest/companies-house/live/live-accounts';
import type { LiveAccountsInput } from '../temporal/contracts';
import type { ActivityDeps } from './deps';

export function liveAccountsActivities(deps: ActivityDeps) {
  const { orm, clock, logger } = deps;
  return {
    /** One accounts filing's inline XBRL from the Document API into the accounts store (see live-accounts.ts). */
    async importLiveAccountsFiling(input: LiveAccountsInput): Promise<AccountsFilingOutcome> {
      const documents = deps.companiesHouseDocuments;
      if (!documents) throw new Error('COMPANIES_HOUSE_API_KEY is not set on this worker: no Document API');
      const outcome = await importAccountsFiling(
        orm.em.fork(),
        documents,
        input.companyNumber,
        {
          transactionId: input.transactionId,
          documentMetadataUrl: input.documentMetadataUrl,
          madeUpDate: input.madeUpDate,
        },
        { source: input.source, detectedAt: clock() },
      );
      const log = { company: input.companyNumber, transaction: input.transactionId, status: outcome.status };
      if (outcome.status === 'refused')
        logger.warn({ ...log, error: outcome.error }, 'live accounts refused');
      else logger.info(log, 'live accounts filing');
      return outcome;
    },
  };
}
