import type { ChangeDraft } from '../changes/company-changes';
import { describeFiling } from './filing-descriptions';
import type { FilingHistoryItem } from './filing-history-resource';

/**
 * One `new_filing` change per filing the store did not hold before (by transaction id), oldest first so the feed
 * reads in filing order. Filings already held raise nothing, even if Companies House reworded them.
 */
export function newFilingChanges(
  companyNumber: string,
  held: ReadonlySet<string>,
  items: readonly FilingHistoryItem[],
): ChangeDraft[] {
  return items
    .filter((item) => !held.has(item.transaction_id))
    .sort((a, b) => a.date.localeCompare(b.date) || a.transaction_id.localeCompare(b.transaction_id))
    .map((item) => ({
      companyNumber,
      change: 'updated',
      field: 'filing_history',
      alertType: 'new_filing',
      oldValue: null,
      newValue: {
        transaction_id: item.transaction_id,
        category: item.category,
        type: item.type,
        date: item.date,
        description: `new ${item.type} filing: ${describeFiling(item.description, item.description_values ?? {})}, ${item.date}`,
      },
    }));
}
