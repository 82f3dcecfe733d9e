import type { AccountsYearView, Figures } from '../../../src/domain/financials/accounts-figures';
import { emptyFigures } from '../../../src/domain/financials/accounts-figures';
import type { FilingFact, HealthFacts } from '../../../src/domain/health/health-facts';
import { companyResources } from '../../../src/db/entities/company-resource-import';

/** The day the healthy company is scored on. */
export const AS_OF = '2026-06-01';

/** One year of accounts on the company basis, each given figure traced to a fact on its own line. */
export function accountsYear(
  periodEnd: string,
  given: Partial<Figures>,
  options: { accountsType?: string; profitAndLoss?: boolean; documentPeriodEnd?: string } = {},
): AccountsYearView {
  const { figures, sources } = emptyFigures();
  let line = 10;
  for (const [measure, value] of Object.entries(given) as [keyof Figures, number][]) {
    figures[measure] = value;
    sources[measure] = [{ fact: `core:${measure}`, context: `c-${periodEnd}`, line: line++ }];
  }
  return {
    period_end: periodEnd,
    period_start: null,
    origin: options.documentPeriodEnd && options.documentPeriodEnd !== periodEnd ? 'comparative' : 'filed',
    basis: 'company',
    profit_and_loss_filed: options.profitAndLoss ?? true,
    accounts_type: options.accountsType ?? 'full',
    accounting_standard: 'FRS 102',
    document: {
      kind: 'inline_xbrl',
      name: `accounts-${options.documentPeriodEnd ?? periodEnd}.xhtml`,
      period_end: options.documentPeriodEnd ?? periodEnd,
      problems: [],
    },
    figures,
    sources,
  };
}

export function filing(parts: Partial<FilingFact> & Pick<FilingFact, 'transactionId' | 'date'>): FilingFact {
  return {
    category: 'miscellaneous',
    type: 'MISC',
    descriptionCode: 'legacy',
    description: 'a filing',
    madeUpDate: null,
    ...parts,
  };
}

export function accountsFiling(transactionId: string, madeUpDate: string, date: string): FilingFact {
  return filing({
    transactionId,
    date,
    category: 'accounts',
    type: 'AA',
    descriptionCode: 'accounts-with-accounts-type-full',
    description: `Full accounts made up to ${madeUpDate}`,
    madeUpDate,
  });
}

export function statementFiling(transactionId: string, madeUpDate: string, date: string): FilingFact {
  return filing({
    transactionId,
    date,
    category: 'confirmation-statement',
    type: 'CS01',
    descriptionCode: 'confirmation-statement-with-no-updates',
    description: `Confirmation statement made on ${madeUpDate}, no changes to report`,
    madeUpDate,
  });
}

/**
 * A company with nothing wrong on 2026-06-01: active, ten years old, filings on time, two directors, one
 * identified PSC, no charges or insolvency, growing and solvent. Tests change one thing at a time.
 */
export function healthyFacts(): HealthFacts {
  return {
    companyNumber: '09876543',
    companyName: 'ACORN LEAF CONSULTING LTD',
    profile: {
      status: 'active',
      statusDetail: null,
      type: 'ltd',
      dateOfCreation: '2015-11-14',
      dateOfCessation: null,
      accountingReferenceDay: 30,
      accountingReferenceMonth: 11,
      lastAccountsMadeUpTo: '2025-11-30',
      lastAccountsType: 'full',
      nextAccountsDue: '2027-08-31',
      confirmationStatementLastMadeUpTo: '2025-11-14',
      confirmationStatementNextDue: '2026-11-28',
      hasInsolvencyHistory: false,
      chargesOutstanding: 0,
    },
    imported: new Set(companyResources),
    filings: [
      accountsFiling('AA2025', '2025-11-30', '2026-03-02'),
      accountsFiling('AA2024', '2024-11-30', '2025-05-20'),
      statementFiling('CS2025', '2025-11-14', '2025-11-20'),
      statementFiling('CS2024', '2024-11-14', '2024-11-25'),
    ],
    officers: [
      {
        appointmentId: 'ap-1',
        name: 'SMITH, John',
        role: 'director',
        appointedOn: '2015-11-14',
        resignedOn: null,
      },
      {
        appointmentId: 'ap-2',
        name: 'SHARMA, Priya',
        role: 'director',
        appointedOn: '2019-04-01',
        resignedOn: null,
      },
      {
        appointmentId: 'ap-3',
        name: 'ACORN SECRETARIES LIMITED',
        role: 'corporate-secretary',
        appointedOn: '2023-07-01',
        resignedOn: null,
      },
    ],
    pscs: [
      {
        pscId: 'psc-1',
        kind: 'individual-person-with-significant-control',
        statement: null,
        notifiedOn: '2016-04-06',
        ceasedOn: null,
      },
    ],
    charges: [],
    insolvencyCases: [],
    accountsYears: [
      accountsYear('2025-11-30', {
        turnover: 500_000,
        profit_loss: 40_000,
        net_assets: 120_000,
        current_assets: 150_000,
        creditors_within_one_year: 60_000,
        cash: 80_000,
      }),
      accountsYear('2024-11-30', {
        turnover: 450_000,
        profit_loss: 30_000,
        net_assets: 90_000,
        current_assets: 120_000,
        creditors_within_one_year: 50_000,
        cash: 60_000,
      }),
    ],
    disqualifications: {},
    reconstruction: [],
  };
}
