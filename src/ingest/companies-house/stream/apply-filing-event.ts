import { FilingEntity } from '../../../db/entities/filing';
import { newFilingChanges } from '../../../domain/filings/filing-changes';
import {
  filingHistoryItemSchema,
  type FilingHistoryItem,
} from '../../../domain/filings/filing-history-resource';
import { filingRow } from '../../../domain/filings/filing-record';
import { importCompanyResource } from '../../writers/company-resource-import';
import {
  eventData,
  refuseEvent,
  requireItemId,
  type AccountsFiling,
  type StreamEventApplier,
} from './stream-event-data';
import { itemIdOf } from './stream-event-target';

/*
 * The filings stream: one filing-history item (/company/{n}/filing-history/{transaction_id}), added or updated
 * by transaction id as the filing history importer does, with its `new_filing` change when the store did not
 * hold it. A deleted filing is removed and announces nothing (a history only grows; a filing Companies House
 * withdraws was never news). An accounts filing also comes back as `accountsFiling`, for the caller to fetch
 * the document when the company is monitored.
 */

function accountsFilingOf(item: FilingHistoryItem): AccountsFiling | undefined {
  if (item.category !== 'accounts') return undefined;
  const metadata = item.links?.document_metadata;
  const madeUpDate = item.description_values?.made_up_date;
  return {
    transactionId: item.transaction_id,
    documentMetadataUrl: typeof metadata === 'string' && metadata !== '' ? metadata : null,
    madeUpDate: typeof madeUpDate === 'string' && madeUpDate !== '' ? madeUpDate : null,
  };
}

export const applyFilingEvent: StreamEventApplier = async (em, event, target, context) => {
  const number = target.companyNumber;
  const transactionId = requireItemId(
    event,
    itemIdOf(target, 'filing-history'),
    '/company/{n}/filing-history/{transaction_id}',
  );
  let item: FilingHistoryItem | null = null;
  if (event.event.type === 'changed') {
    item = eventData(event, filingHistoryItemSchema);
    if (item.transaction_id !== transactionId)
      refuseEvent(event, 'data.transaction_id', `${item.transaction_id} is not the event's resource_uri`);
  }
  const outcome = await importCompanyResource(
    em,
    number,
    'filing_history',
    context,
    async (tx) => {
      const held = (await tx.count(FilingEntity, { companyNumber: number, transactionId })) > 0;
      if (!item) {
        if (held) await tx.nativeDelete(FilingEntity, { companyNumber: number, transactionId });
        return [];
      }
      await tx.upsertMany(FilingEntity, [filingRow(number, item)]);
      return newFilingChanges(number, new Set(held ? [transactionId] : []), [item]);
    },
    'item',
  );
  const accountsFiling = item && outcome.status === 'imported' ? accountsFilingOf(item) : undefined;
  return accountsFiling ? { ...outcome, accountsFiling } : outcome;
};
