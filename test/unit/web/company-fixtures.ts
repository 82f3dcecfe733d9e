import type { AccountsYearView } from '../../../src/domain/financials/accounts-figures';
import { emptyFigures } from '../../../src/domain/financials/accounts-figures';
import { financialHistory } from '../../../src/domain/financials/financial-history';
import { evidence } from '../../../src/domain/health/health-evidence';
import type { CompanyAnswer } from '../../../src/web/pages/company-profile-section';
import type { HealthAnswer } from '../../../src/web/pages/company-health-section';

/* Answers of the company page's operations, as their schemas shape them, for the page's unit tests. */

export const HOSTILE = '<img src=x onerror=alert(1)>"&</script>';

export function companyAnswer(overrides: Partial<CompanyAnswer> = {}): CompanyAnswer {
  return {
    company_number: '00445790',
    company_name: HOSTILE,
    company_status: 'active',
    company_status_detail: null,
    type: 'ltd',
    subtype: null,
    jurisdiction: 'england-wales',
    date_of_creation: '2001-04-02',
    date_of_cessation: null,
    registered_office_address: {
      care_of: null,
      po_box: null,
      address_line_1: '1 High Street',
      address_line_2: null,
      locality: 'Leeds',
      region: null,
      country: 'England',
      postal_code: 'LS1 1AA',
    },
    sic_codes: ['62020'],
    accounts: {
      accounting_reference_date: { day: 31, month: 3 },
      last_accounts: { made_up_to: '2025-03-31', type: 'small' },
      next_made_up_to: '2026-03-31',
      next_due: '2026-12-31',
      overdue: false,
    },
    confirmation_statement: {
      last_made_up_to: '2025-10-01',
      next_made_up_to: '2026-10-01',
      next_due: '2026-10-15',
      overdue: true,
    },
    annual_return: { last_made_up_to: null, next_due: null },
    previous_company_names: [],
    has_charges: false,
    charge_counts: { total: 0, outstanding: 0, part_satisfied: 0, satisfied: 0 },
    has_insolvency_history: false,
    country_of_origin: null,
    uri: null,
    charges: [],
    insolvency_cases: [],
    registered_office_place: null,
    source: 'register_import',
    fetched_at: null,
    ...overrides,
  };
}

/** A year of accounts with the given figures (the rest unstated), read from a document of `documentEnd`. */
export function accountsYear(
  periodEnd: string,
  origin: 'filed' | 'comparative',
  figures: Partial<Record<'turnover' | 'profit_loss' | 'net_assets' | 'cash', number>>,
  documentEnd = periodEnd,
): AccountsYearView {
  const empty = emptyFigures();
  return {
    period_end: periodEnd,
    period_start: null,
    origin,
    basis: 'company',
    profit_and_loss_filed: true,
    accounts_type: 'small',
    accounting_standard: null,
    document: {
      kind: 'inline_xbrl',
      name: `accounts-${documentEnd}.xhtml`,
      period_end: documentEnd,
      problems: [],
    },
    figures: { ...empty.figures, ...figures },
    sources: empty.sources,
  };
}

/** Three years, newest first as the operation orders them: two filed, the oldest a comparative of the middle one. */
export function threeYearHistory() {
  return financialHistory(
    '00445790',
    [
      accountsYear('2025-03-31', 'filed', { turnover: 1_200_000, profit_loss: -50_000, net_assets: 300_000 }),
      accountsYear('2024-03-31', 'filed', { turnover: 1_000_000, profit_loss: 20_000, net_assets: 350_000 }),
      accountsYear('2023-03-31', 'comparative', { turnover: 900_000, net_assets: 330_000 }, '2024-03-31'),
    ],
    undefined,
  );
}

export function healthAnswer(overrides: Partial<HealthAnswer> = {}): HealthAnswer {
  return {
    company_number: '00445790',
    company_name: HOSTILE,
    model_version: 'health-1',
    as_of: '2026-11-24',
    score: 72,
    grade: 'B',
    risk_level: 'moderate',
    score_unavailable_reason: null,
    disclaimer: 'A rules-based indicator, not a credit rating.',
    calculation: '100 - 28 = 72',
    confidence: { level: 'high', reasons: [] },
    signals: [
      {
        code: 'confirmation_statement_overdue',
        title: 'Confirmation statement overdue',
        category: 'filing_discipline',
        effect: -28,
        cap: null,
        detail: `Due 2026-10-15, ${HOSTILE}`,
        evidence: evidence({
          dates: [{ name: 'next_due', date: '2026-10-15' }],
          accounts_figures: [
            { period_end: '2025-03-31', measure: 'net_assets', value: 300_000, sources: [] },
          ],
        }),
      },
    ],
    checks_passed: [
      {
        code: 'accounts_overdue',
        title: 'Accounts on time',
        category: 'filing_discipline',
        looked_at: 'next_due',
      },
    ],
    missing_data: { resources_not_imported: [], rules_not_applied: [] },
    reconstruction: [],
    valid_until: null,
    ...overrides,
  };
}
