import { EntitySchema } from '@mikro-orm/core';

/**
 * One year of a company's accounts figures on one basis (company or group), read from filed accounts
 * (domain/financials). Origin: filed (the year a document reports), comparative (a prior year restated in a later
 * document, kept only while no filing of its own is held) or scanned (a year known from a paper filing, without
 * figures). `measures` is JSON: each measure's value in whole pounds and the facts it was read from; `document`
 * names the file or filing the figures came from, `documentPeriodEnd` that document's own year end.
 */
export interface AccountsYear {
  companyNumber: string;
  periodEnd: string;
  basis: string;
  origin: string;
  periodStart: string | null;
  profitAndLossFiled: boolean;
  measures: string;
  document: string;
  documentPeriodEnd: string | null;
  accountsType: string | null;
  accountingStandard: string | null;
  /** JSON: what the reader could not use in the document (conflicting facts, other currencies), as it said. */
  problems: string;
}

const text = (fieldName: string) => ({ type: 'string', fieldName, nullable: true }) as const;

export const AccountsYearEntity = new EntitySchema<AccountsYear>({
  name: 'AccountsYear',
  tableName: 'accounts_years',
  properties: {
    companyNumber: { type: 'string', primary: true, fieldName: 'company_number' },
    periodEnd: { type: 'string', primary: true, fieldName: 'period_end' },
    basis: { type: 'string', primary: true },
    origin: { type: 'string' },
    periodStart: text('period_start'),
    profitAndLossFiled: { type: 'boolean', fieldName: 'profit_and_loss_filed' },
    measures: { type: 'text' },
    document: { type: 'text' },
    documentPeriodEnd: text('document_period_end'),
    accountsType: text('accounts_type'),
    accountingStandard: text('accounting_standard'),
    problems: { type: 'text' },
  },
});
