import type { EntityManager } from '@mikro-orm/core';
import { AccountsYearEntity, type AccountsYear } from '../../db/entities/accounts-year';
import { CompanyEntity } from '../../db/entities/company';
import { FilingEntity } from '../../db/entities/filing';
import { notFound } from '../errors';
import {
  accountsBasisSchema,
  compareYears,
  figuresOf,
  parseStoredMeasures,
  parseStoredProblems,
  sourcesOf,
  type AccountsBasis,
  type AccountsYearView,
} from './accounts-figures';
import { scannedYears } from './scanned-years';

export function accountsYearView(row: AccountsYear): AccountsYearView {
  const measures = parseStoredMeasures(row.measures);
  return {
    period_end: row.periodEnd,
    period_start: row.periodStart,
    origin: row.origin === 'filed' ? 'filed' : 'comparative',
    basis: accountsBasisSchema.parse(row.basis),
    profit_and_loss_filed: Boolean(row.profitAndLossFiled),
    accounts_type: row.accountsType,
    accounting_standard: row.accountingStandard,
    document: {
      kind: 'inline_xbrl',
      name: row.document,
      period_end: row.documentPeriodEnd,
      problems: parseStoredProblems(row.problems),
    },
    figures: figuresOf(measures),
    sources: sourcesOf(measures),
  };
}

/**
 * Every year of accounts held for a company, newest first: figures from filed documents and, for years only
 * filed on paper, scanned years without figures. An unknown company is not_found; a known one with nothing held
 * gets an empty list.
 */
export async function readAccountsYears(
  em: EntityManager,
  companyNumber: string,
  basis?: AccountsBasis,
): Promise<AccountsYearView[]> {
  const company = await em.findOne(CompanyEntity, { companyNumber }, { fields: ['companyNumber'] });
  if (company === null) throw notFound('Company', { company_number: companyNumber });
  const rows = await em.find(AccountsYearEntity, { companyNumber });
  const held = rows.map(accountsYearView);
  const filings = await em.find(FilingEntity, { companyNumber, category: 'accounts' });
  const scanned = scannedYears(filings, new Set(held.map((year) => year.period_end)));
  return [...held, ...scanned]
    .filter((year) => basis === undefined || year.basis === basis)
    .sort(compareYears);
}
