import type { EntityManager } from '@mikro-orm/core';
import { AccountsYearEntity } from '../../db/entities/accounts-year';
import { CompanyLatestFiguresEntity } from '../../db/entities/company-latest-figures';
import { accountsYearView } from '../financials/read-accounts';
import { latestFiguresOf } from './latest-figures';

/**
 * Rewrites one company's latest-figures row from the accounts years the store holds, through `em` (the accounts
 * importer calls it inside the transaction that wrote the years, so the row and the years commit together).
 */
export async function refreshLatestFigures(em: EntityManager, companyNumber: string): Promise<void> {
  const years = await em.find(AccountsYearEntity, { companyNumber });
  const row = latestFiguresOf(companyNumber, years.map(accountsYearView));
  if (row === null) await em.nativeDelete(CompanyLatestFiguresEntity, { company_number: companyNumber });
  else await em.upsert(CompanyLatestFiguresEntity, row);
}
