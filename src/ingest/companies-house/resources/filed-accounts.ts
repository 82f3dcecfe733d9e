import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import { AccountsYearEntity, type AccountsYear as StoredYear } from '../../../db/entities/accounts-year';
import type { ChangeDraft } from '../../../domain/changes/company-changes';
import { normaliseCompanyNumber } from '../../../domain/companies/company-number';
import { ServiceError } from '../../../domain/errors';
import { figuresOf } from '../../../domain/financials/accounts-figures';
import { describeFiguresAvailable } from '../../../domain/financials/financials-wording';
import {
  becomesFiled,
  incomingYearWins,
  type HeldYearSource,
} from '../../../domain/financials/year-precedence';
import type { FiledAccounts } from '../../../domain/financials/accounts-measures';
import { mapAccountsMeasures } from '../accounts/ixbrl-measures';
import { refreshLatestFigures } from '../../../domain/screening/refresh-latest-figures';
import { IxbrlDocumentError, parseIxbrlDocument } from '../accounts/ixbrl-document';
import {
  importCompanyResource,
  type ResourceImportContext,
  type ResourceImportOutcome,
} from '../../writers/company-resource-import';

/*
 * Filed accounts in inline XBRL (what Companies House serves for electronically filed accounts and publishes in
 * its daily and monthly accounts bulk products) into the accounts figures store, one document at a time. Which
 * year's figures are kept when documents overlap is domain/financials/year-precedence.ts.
 */

/** Companies House accounts bulk product names: Prod223_3016_00012345_20231231.html (number, balance sheet date). */
const BULK_FILE_NAME = /^Prod\d+_\d+_([A-Za-z0-9]{8})_(\d{4})(\d{2})(\d{2})\.x?html?$/;

export function bulkFileNameParts(
  documentName: string,
): { companyNumber: string; balanceSheetDate: string } | null {
  const match = BULK_FILE_NAME.exec(basename(documentName));
  if (!match) return null;
  return { companyNumber: match[1]!.toUpperCase(), balanceSheetDate: `${match[2]}-${match[3]}-${match[4]}` };
}

function refuse(documentName: string, message: string, details: Record<string, unknown> = {}): ServiceError {
  return new ServiceError('invalid_argument', `${documentName}: ${message}`, {
    document: documentName,
    ...details,
  });
}

/** The company the document is about: its own statement and its bulk file name must agree where both exist. */
export function accountsCompanyNumber(accounts: FiledAccounts, documentName: string): string {
  const fromName = bulkFileNameParts(documentName);
  let fromDocument: string | null = null;
  if (accounts.company_number !== null) {
    const number = normaliseCompanyNumber(accounts.company_number);
    if (!number.ok)
      throw refuse(documentName, `UKCompaniesHouseRegisteredNumber: ${number.message}`, {
        field: 'UKCompaniesHouseRegisteredNumber',
      });
    fromDocument = number.companyNumber;
  }
  if (fromDocument !== null && fromName !== null && fromDocument !== fromName.companyNumber)
    throw refuse(
      documentName,
      `the document states company number ${fromDocument} but its file name says ${fromName.companyNumber}`,
      { field: 'UKCompaniesHouseRegisteredNumber' },
    );
  const companyNumber = fromDocument ?? fromName?.companyNumber;
  if (companyNumber === undefined)
    throw refuse(
      documentName,
      'no company number: the document does not tag UKCompaniesHouseRegisteredNumber and its file name is not a ' +
        'Companies House accounts bulk file name (Prod223_3016_<company number>_<YYYYMMDD>.html)',
      { field: 'UKCompaniesHouseRegisteredNumber' },
    );
  return companyNumber;
}

function readAccounts(source: string, documentName: string): FiledAccounts {
  try {
    return mapAccountsMeasures(parseIxbrlDocument(source));
  } catch (error) {
    if (error instanceof IxbrlDocumentError)
      throw refuse(documentName, `not an inline XBRL accounts document: ${error.message}`);
    throw error;
  }
}

/**
 * Imports one filed accounts document: every year it holds, company and group basis, under the precedence
 * rules. A year newly held as filed is a financials_available change (after the company's baseline import).
 */
export async function importAccountsDocument(
  em: EntityManager,
  source: string,
  documentName: string,
  context: ResourceImportContext,
): Promise<ResourceImportOutcome> {
  const accounts = readAccounts(source, documentName);
  const companyNumber = accountsCompanyNumber(accounts, documentName);
  const documentPeriodEnd =
    accounts.years.find((year) => year.origin === 'filed')?.period_end ?? accounts.balance_sheet_date;
  const namedDate = bulkFileNameParts(documentName)?.balanceSheetDate;
  if (namedDate !== undefined && documentPeriodEnd !== null && namedDate !== documentPeriodEnd)
    throw refuse(
      documentName,
      `the document reports a year ending ${documentPeriodEnd} but its file name says ${namedDate}`,
      { field: 'BalanceSheetDate' },
    );

  return importCompanyResource(em, companyNumber, 'accounts', context, async (tx) => {
    const held = new Map(
      (await tx.find(AccountsYearEntity, { companyNumber })).map((row) => [
        `${row.periodEnd}|${row.basis}`,
        row,
      ]),
    );
    const drafts: ChangeDraft[] = [];
    for (const year of accounts.years) {
      const existing = held.get(`${year.period_end}|${year.basis}`);
      const before: HeldYearSource | undefined = existing && {
        origin: existing.origin === 'filed' ? 'filed' : 'comparative',
        documentPeriodEnd: existing.documentPeriodEnd,
      };
      const incoming: HeldYearSource = { origin: year.origin, documentPeriodEnd };
      if (!incomingYearWins(before, incoming)) continue;
      const row: StoredYear = {
        companyNumber,
        periodEnd: year.period_end,
        basis: year.basis,
        origin: year.origin,
        periodStart: year.period_start,
        profitAndLossFiled: year.profit_and_loss_filed,
        measures: JSON.stringify(year.measures),
        document: documentName,
        documentPeriodEnd,
        accountsType: accounts.accounts_type,
        accountingStandard: accounts.accounting_standard,
        problems: JSON.stringify(accounts.problems),
      };
      if (existing) tx.assign(existing, row);
      else tx.persist(tx.create(AccountsYearEntity, row));
      if (becomesFiled(before, incoming)) {
        const figures = figuresOf(year.measures);
        drafts.push({
          companyNumber,
          change: 'updated',
          field: 'accounts_figures',
          alertType: 'financials_available',
          oldValue: null,
          newValue: {
            period_end: year.period_end,
            basis: year.basis,
            description: describeFiguresAvailable({
              period_end: year.period_end,
              basis: year.basis,
              figures,
            }),
          },
        });
      }
    }
    await tx.flush();
    await refreshLatestFigures(tx, companyNumber);
    return drafts;
  });
}

/** importAccountsDocument on a file; the file name is the document's name (and may carry the company number). */
export async function importAccountsFile(
  em: EntityManager,
  path: string,
  context: ResourceImportContext,
): Promise<ResourceImportOutcome> {
  return importAccountsDocument(em, await readFile(path, 'utf8'), basename(path), context);
}
