import type { EntityManager } from '@mikro-orm/core';
import { FilingEntity } from '../../../db/entities/filing';
import { ServiceError } from '../../../domain/errors';
import { requireCompanyNumber } from '../../../domain/companies/company-number-argument';
import { newFilingChanges } from '../../../domain/filings/filing-changes';
import { filingHistoryListSchema } from '../../../domain/filings/filing-history-resource';
import { filingRow } from '../../../domain/filings/filing-record';
import {
  importCompanyResource,
  type ResourceImportContext,
  type ResourceImportOutcome,
} from '../../writers/company-resource-import';
import { readResourceFile, refuseResource } from './resource-file';

/*
 * Filing history import: the body of GET /company/{n}/filing-history. A history only grows, and the API hands
 * it out a page at a time, so an import adds and updates filings by transaction id and never removes one that
 * a page leaves out.
 */

export async function importFilingHistoryJson(
  em: EntityManager,
  companyNumber: string,
  json: unknown,
  context: ResourceImportContext,
  source = 'filing history JSON',
): Promise<ResourceImportOutcome> {
  const number = requireCompanyNumber(companyNumber, 'company_number');
  const parsed = filingHistoryListSchema.safeParse(json);
  if (!parsed.success) throw refuseResource(source, parsed.error);
  const items = parsed.data.items;
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    if (seen.has(item.transaction_id))
      throw new ServiceError(
        'invalid_argument',
        `${source}: items.${index}.transaction_id: ${item.transaction_id} appears twice`,
        { source, field: `items.${index}.transaction_id` },
      );
    seen.add(item.transaction_id);
  }
  return importCompanyResource(em, number, 'filing_history', context, async (tx) => {
    const held = await tx.find(
      FilingEntity,
      { companyNumber: number, transactionId: { $in: [...seen] } },
      { fields: ['transactionId'] },
    );
    const changes = newFilingChanges(number, new Set(held.map((filing) => filing.transactionId)), items);
    if (items.length > 0)
      await tx.upsertMany(
        FilingEntity,
        items.map((item) => filingRow(number, item)),
      );
    return changes;
  });
}

export async function importFilingHistoryFile(
  em: EntityManager,
  companyNumber: string,
  path: string,
  context: ResourceImportContext,
): Promise<ResourceImportOutcome> {
  return importFilingHistoryJson(em, companyNumber, await readResourceFile(path), context, path);
}
