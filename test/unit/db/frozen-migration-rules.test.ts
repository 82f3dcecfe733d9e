import {
  LATEST_FIGURES_COLUMNS as FROZEN_COLUMNS,
  latestFiguresOf as frozenLatestFiguresOf,
  storedYear,
} from '../../../src/db/migrations/0010-latest-figures-rows';
import { STATUS_RANK_OF_COMPANY_STATUS } from '../../../src/db/migrations/status-rank-0018';
import type { AccountsYear } from '../../../src/db/entities/accounts-year';
import { statusRankSql } from '../../../src/domain/companies/search/status-rank';
import { MEASURE_NAMES } from '../../../src/domain/financials/accounts-measures';
import { accountsYearView } from '../../../src/domain/financials/read-accounts';
import { latestFiguresOf } from '../../../src/domain/screening/latest-figures';
import { LATEST_FIGURES_COLUMNS } from '../../../src/domain/screening/latest-figures-row';

/*
 * Migrations carry frozen copies of the rules they ran (docs/decisions.md, "Migrations are frozen history").
 * These tests say where a frozen copy and the live rule must still agree, and why.
 */

describe("migration 0018's status rank", () => {
  it('is the very expression the live search ranks by, so its indexes serve the search', () => {
    // An expression index is used only for the same expression, character for character: a changed live rank
    // would leave the search sorting every match. Change the rank with a new migration and new indexes.
    expect(statusRankSql('company_status')).toBe(STATUS_RANK_OF_COMPANY_STATUS);
  });
});

/** A small deterministic generator, so the cases are the same on every run. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function storedRows(companyNumber: string, random: () => number): Record<string, unknown>[] {
  const count = Math.floor(random() * 5);
  const ends = [
    '2019-03-31',
    '2020-02-29',
    '2020-12-31',
    '2021-06-30',
    '2021-12-31',
    '2022-08-31',
    '2023-12-31',
  ];
  const rows = new Map<string, Record<string, unknown>>();
  for (let k = 0; k < count; k++) {
    const periodEnd = ends[Math.floor(random() * ends.length)]!;
    const basis = random() < 0.3 ? 'group' : 'company';
    const measures = Object.fromEntries(
      MEASURE_NAMES.map((name) => {
        const pick = random();
        const value =
          pick < 0.2
            ? null
            : pick < 0.3
              ? 0
              : pick < 0.45
                ? -Math.round(random() * 1e6)
                : Math.round(random() * 1e7);
        return [name, { value, sources: [] }];
      }),
    );
    rows.set(`${periodEnd}/${basis}`, {
      company_number: companyNumber,
      period_end: periodEnd,
      basis,
      origin: random() < 0.6 ? 'filed' : 'comparative',
      period_start: random() < 0.2 ? null : '2019-01-01',
      profit_and_loss_filed: random() < 0.7 ? 1 : 0,
      measures: JSON.stringify(measures),
      document: `${companyNumber}-${periodEnd}.xhtml`,
      document_period_end: random() < 0.2 ? null : periodEnd,
      accounts_type: null,
      accounting_standard: null,
      problems: '[]',
    });
  }
  return [...rows.values()];
}

const asEntity = (raw: Record<string, unknown>): AccountsYear => ({
  companyNumber: String(raw.company_number),
  periodEnd: String(raw.period_end),
  basis: String(raw.basis),
  origin: String(raw.origin),
  periodStart: raw.period_start as string | null,
  profitAndLossFiled: Boolean(raw.profit_and_loss_filed),
  measures: String(raw.measures),
  document: String(raw.document),
  documentPeriodEnd: raw.document_period_end as string | null,
  accountsType: null,
  accountingStandard: null,
  problems: String(raw.problems),
});

describe("migration 0010's latest-figures backfill", () => {
  // The copy was taken from the live rule unchanged since the migration's commit (5bbbf4d). When the live rule
  // changes, rows written before keep the old rule's values: this test then fails, to ask for a migration that
  // rebuilds company_latest_figures by the new rule (and for this comparison to move to that migration).
  it('writes the same columns, in the same order, as the live row', () => {
    expect(FROZEN_COLUMNS).toEqual(LATEST_FIGURES_COLUMNS);
  });

  it('gives every company the row the live rule gives it', () => {
    const random = generator(36);
    let compared = 0;
    for (let n = 0; n < 800; n++) {
      const companyNumber = String(10_000_000 + n);
      const rows = storedRows(companyNumber, random);
      const frozen = rows.length === 0 ? null : frozenLatestFiguresOf(companyNumber, rows.map(storedYear));
      const live = latestFiguresOf(companyNumber, rows.map(asEntity).map(accountsYearView));
      expect(frozen).toEqual(live);
      if (live !== null) compared += 1;
    }
    expect(compared).toBeGreaterThan(400);
  });

  it('refuses a stored year it cannot read rather than guess', () => {
    const [row] = storedRows('10000001', () => 0.5);
    expect(() => storedYear({ ...row, basis: 'consolidated' })).toThrow(/basis/);
    expect(() => storedYear({ ...row, measures: '{"turnover":{"value":"12"}}' })).toThrow(/turnover/);
  });
});
