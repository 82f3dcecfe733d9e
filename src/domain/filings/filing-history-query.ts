import type { EntityManager } from '@mikro-orm/core';
import { FilingEntity } from '../../db/entities/filing';
import type { FilingCategory } from './filing-categories';
import { filingItem, type FilingItem } from './filing-record';

export const FILING_HISTORY_DEFAULT_LIMIT = 25;
export const FILING_HISTORY_MAX_LIMIT = 100;

export interface FilingHistoryPage {
  totalCount: number;
  items: FilingItem[];
  hasMore: boolean;
  nextOffset: number | null;
}

/**
 * One page of a company's filings, newest first. Filings processed the same day keep one fixed order (by
 * transaction id) so that offsets page through them without repeats or gaps.
 */
export async function readFilingHistory(
  em: EntityManager,
  companyNumber: string,
  options: { categories?: readonly FilingCategory[]; limit: number; offset: number },
): Promise<FilingHistoryPage> {
  const where =
    options.categories && options.categories.length > 0
      ? { companyNumber, category: { $in: [...options.categories] } }
      : { companyNumber };
  const [rows, totalCount] = await em.findAndCount(FilingEntity, where, {
    orderBy: [{ date: 'desc' }, { transactionId: 'asc' }],
    limit: options.limit,
    offset: options.offset,
  });
  const end = options.offset + rows.length;
  const hasMore = end < totalCount;
  return { totalCount, items: rows.map(filingItem), hasMore, nextOffset: hasMore ? end : null };
}
