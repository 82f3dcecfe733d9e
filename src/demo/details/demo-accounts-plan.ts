import { addMonths } from '../../domain/companies/register-dates';
import { MEASURE_NAMES, type MeasureName } from '../../domain/financials/accounts-measures';
import { companyLifetime } from './company-context';
import type { DemoDetailsCompany } from './demo-details-company';
import { dayOf, FRS_102_STARTED, isoDay, KeyedRandom } from './keyed-random';

/*
 * What a company's filed accounts say, decided before any document is written: a style (which taxonomy, which
 * lines), a run of years whose figures hang together (net assets move by the year's result, the balance sheet
 * adds up), and the three most recent years as documents, each restating the year before exactly as that year
 * was filed. Tests read the plan to know what the documents must parse to.
 */

export type AccountsStyle =
  'frs102-small' | 'frs102-full' | 'frs105-micro' | 'dormant' | 'group' | 'uk-gaap-abbreviated';

export type Basis = 'company' | 'group';
export type Figures = Partial<Record<MeasureName, number>>;

/** Lines shown to make the statements read right, beside the measures. */
export interface ExtraLines {
  cost_of_sales?: number;
  administrative_expenses?: number;
  tax?: number;
  fixed_assets?: number;
  net_current_assets?: number;
}

export interface PlannedYear {
  period_start: string;
  period_end: string;
  basis: Basis;
  measures: Figures;
  extra: ExtraLines;
}

export interface PlannedDocument {
  balance_sheet_date: string;
  filed_on: string;
  /** This year's figures (company, then group where there is one) and the prior year's, as comparatives. */
  current: PlannedYear[];
  prior: PlannedYear[];
}

export interface AccountsPlan {
  style: AccountsStyle;
  /** Amounts are stated in this many pounds: 1000 for a group's £000 statements. */
  unit: 1 | 1000;
  /** Newest first. */
  documents: PlannedDocument[];
  /** Accounts filings to list in the filing history, newest first: the documents' years and a few before. */
  filings: { made_up_date: string; filed_on: string }[];
}

export const FILING_DESCRIPTION: Record<AccountsStyle, string> = {
  'frs102-small': 'accounts-with-accounts-type-small',
  'frs102-full': 'accounts-with-accounts-type-full',
  'frs105-micro': 'accounts-with-accounts-type-micro-entity',
  dormant: 'accounts-with-accounts-type-dormant',
  group: 'accounts-with-accounts-type-group',
  'uk-gaap-abbreviated': 'accounts-with-accounts-type-total-exemption-small',
};

const DOCUMENTS = 3;
const FILINGS = 6;

/** The measures each style states, per basis. */
const STATED: Record<AccountsStyle, Record<Basis, readonly MeasureName[]>> = {
  'frs102-small': { company: allMeasures(), group: [] },
  'frs102-full': { company: allMeasures(), group: [] },
  'frs105-micro': {
    company: ['net_assets', 'total_assets_less_current_liabilities', 'current_assets', 'creditors_within_one_year', 'employees'],
    group: [],
  },
  dormant: { company: ['net_assets', 'total_assets_less_current_liabilities', 'current_assets'], group: [] },
  group: {
    company: ['net_assets', 'total_assets_less_current_liabilities', 'current_assets', 'cash', 'creditors_within_one_year'],
    group: allMeasures(),
  },
  'uk-gaap-abbreviated': {
    company: ['profit_loss', 'net_assets', 'total_assets_less_current_liabilities', 'current_assets', 'cash', 'creditors_within_one_year'],
    group: [],
  },
}; // prettier-ignore

function allMeasures(): MeasureName[] {
  return [...MEASURE_NAMES];
}

/** `asOf` as a day number (days since 1970-01-01). */
export function planDemoAccounts(
  company: DemoDetailsCompany,
  seed: number,
  asOf: number,
): AccountsPlan | null {
  if (company.last_accounts_made_up_to === null) return null;
  const r = new KeyedRandom(seed, `accounts:${company.company_number}`);
  const latest = dayOf(company.last_accounts_made_up_to);
  const { created, end: lastDay } = companyLifetime(company, asOf);
  const firstPossible = addMonths(created, 6);

  // Period ends, newest first, back to the first period (which starts on incorporation).
  const ends: number[] = [latest];
  while (ends.length < Math.max(FILINGS, DOCUMENTS + 1)) {
    const earlier = addMonths(ends[ends.length - 1]!, -12);
    if (earlier < firstPossible) break;
    ends.push(earlier);
  }
  const startOf = (k: number) => (k + 1 < ends.length ? ends[k + 1]! + 1 : Math.min(created, ends[k]!));

  const fate = plannedFate(company, latest, asOf);
  const drawnStyle = chooseStyle(company, latest, r);
  // A growing software company files a profit and loss account, so its turnover can be screened on.
  const style = fate === 'growing-software' && drawnStyle === 'frs105-micro' ? 'frs102-small' : drawnStyle;
  const unit = style === 'group' ? 1000 : 1;
  const figured = Math.min(ends.length, DOCUMENTS + 1);
  const series: Record<Basis, Series[]> = {
    company: style === 'dormant' ? dormantSeries(figured, r) : makeSeries(figured, style, 'company', r, fate),
    group: style === 'group' ? makeSeries(figured, style, 'group', r, fate) : [],
  };

  const yearAt = (k: number): PlannedYear[] =>
    (['company', 'group'] as const).flatMap((basis) =>
      series[basis].length === 0
        ? []
        : [
            {
              period_start: isoDay(startOf(k)),
              period_end: isoDay(ends[k]!),
              basis,
              // Series run oldest first; k counts back from the latest year.
              ...stated(series[basis][figured - 1 - k]!, STATED[style][basis], unit),
            },
          ],
    );

  const filings = ends.map((end, k) => {
    // Filed within the nine months allowed, never after the company's last day, each after the one before.
    const filed = Math.max(end + 1, Math.min(lastDay, end + r.int(45, 270)));
    return { made_up_date: isoDay(end), filed_on: isoDay(filed), k };
  });
  const documents = filings.slice(0, DOCUMENTS).map(({ made_up_date, filed_on, k }) => ({
    balance_sheet_date: made_up_date,
    filed_on,
    current: yearAt(k),
    prior: k + 1 < figured ? yearAt(k + 1) : [],
  }));
  return {
    style,
    unit,
    documents,
    filings: filings.map(({ made_up_date, filed_on }) => ({ made_up_date, filed_on })),
  };
}

/*
 * What the register says about a company that its accounts should agree with (docs/screener.md, "Demo data"):
 * - an active company whose latest accounts are overdue (the next year's deadline, nine months after its end, or
 *   six for a plc, has passed) is struggling: its last two years are losses and it ends with net liabilities;
 * - an active private limited company whose main activity is software (SIC division 62), filing on time, grows:
 *   turnover from £1.2 m, up 12–35 % a year.
 */
type Fate = 'behind-and-losing' | 'growing-software' | null;

function plannedFate(company: DemoDetailsCompany, latest: number, asOf: number): Fate {
  if (company.company_status !== 'active') return null;
  const monthsToFile = company.type === 'plc' ? 6 : 9;
  if (addMonths(latest, 12 + monthsToFile) < asOf) return 'behind-and-losing';
  if (company.type === 'ltd' && (company.sic_codes[0] ?? '').startsWith('62')) return 'growing-software';
  return null;
}

function chooseStyle(company: DemoDetailsCompany, latest: number, r: KeyedRandom): AccountsStyle {
  if (company.sic_codes.includes('99999')) return 'dormant';
  if (latest < FRS_102_STARTED) return 'uk-gaap-abbreviated';
  if (company.type === 'plc') return r.chance(0.6) ? 'group' : 'frs102-full';
  return r.chance(0.3) ? 'frs105-micro' : 'frs102-small';
}

/** One year's figures in units of the statements (pounds, or thousands for a group). */
interface Series {
  turnover: number;
  gross_profit: number;
  operating_profit: number;
  profit_loss: number;
  tax: number;
  fixed_assets: number;
  current_assets: number;
  cash: number;
  creditors: number;
  total_assets_less_current_liabilities: number;
  net_assets: number;
  employees: number;
}

const between = (r: KeyedRandom, lo: number, hi: number) => lo + r.next() * (hi - lo);

/**
 * Figures oldest first: turnover grows (or shrinks) at a steady rate, the result is a margin of it, and net
 * assets are walked back from the latest year by each year's result and dividend, so the years agree.
 * A loss-making company lost money in each of its last two years, its cash fell and it ended with net liabilities.
 */
function makeSeries(years: number, style: AccountsStyle, basis: Basis, r: KeyedRandom, fate: Fate): Series[] {
  const drawn = r.weighted([
    ['growing', 30],
    ['steady', 50],
    ['loss', 20],
  ] as const);
  const profile = fate === 'behind-and-losing' ? 'loss' : fate === 'growing-software' ? 'growing' : drawn;
  const baseTurnover =
    fate === 'growing-software' && style !== 'group'
      ? r.int(1_200_000, 6_000_000)
      : style === 'group'
        ? basis === 'group'
          ? r.int(20_000, 300_000) // £000
          : r.int(2_000, 20_000)
        : style === 'frs105-micro'
          ? r.int(40_000, 300_000)
          : style === 'frs102-full'
            ? r.int(8_000_000, 60_000_000)
            : r.int(150_000, 6_000_000);
  const growth =
    profile === 'growing'
      ? between(r, 0.12, 0.35)
      : profile === 'steady'
        ? between(r, -0.03, 0.06)
        : between(r, -0.15, -0.02);
  const grossMargin = between(r, 0.25, 0.55);
  const fixedRatio = between(r, 0.05, 0.3);
  const creditorRatio = between(r, 0.08, 0.25);
  const cashShare = between(r, 0.15, 0.5);
  const perEmployee = style === 'group' ? between(r, 50, 110) : between(r, 50_000, 110_000);
  const longTerm = Math.round(baseTurnover * between(r, 0, 0.1));

  const out: Series[] = [];
  for (let t = 0; t < years; t++) {
    const fromLatest = years - 1 - t;
    const turnover = Math.round(baseTurnover / (1 + growth) ** fromLatest);
    const margin =
      profile === 'growing'
        ? between(r, 0.04, 0.12)
        : profile === 'steady'
          ? between(r, 0.01, 0.07)
          : fromLatest < 2
            ? -between(r, 0.05, 0.25)
            : between(r, 0, 0.03);
    const operating = Math.round(turnover * margin);
    const tax = operating > 0 ? Math.round(operating * 0.19) : 0;
    out.push({
      turnover,
      gross_profit: Math.round(turnover * grossMargin),
      operating_profit: operating,
      profit_loss: operating - tax,
      tax,
      fixed_assets: Math.round(turnover * fixedRatio),
      current_assets: 0,
      cash: 0,
      creditors: Math.round(turnover * creditorRatio),
      total_assets_less_current_liabilities: 0,
      net_assets: 0,
      employees: Math.max(1, Math.round(turnover / perEmployee)),
    });
  }

  const latest = out[years - 1]!;
  let netAssets =
    profile === 'loss'
      ? -Math.max(1, Math.round(latest.turnover * between(r, 0.02, 0.15)))
      : Math.round(latest.turnover * between(r, 0.1, 0.5));
  for (let t = years - 1; t >= 0; t--) {
    const year = out[t]!;
    year.net_assets = netAssets;
    year.total_assets_less_current_liabilities = netAssets + longTerm;
    const netCurrent = year.total_assets_less_current_liabilities - year.fixed_assets;
    // Current assets are never below a twentieth of turnover: creditors make up the difference.
    const floor = Math.max(1, Math.round(year.turnover * 0.05));
    if (netCurrent + year.creditors < floor) year.creditors = floor - netCurrent;
    year.current_assets = netCurrent + year.creditors;
    const dividend = profile === 'steady' && year.profit_loss > 0 ? Math.round(year.profit_loss * 0.5) : 0;
    netAssets = netAssets - year.profit_loss + dividend;
  }
  for (let t = 0; t < years; t++) {
    const year = out[t]!;
    year.cash = Math.max(1, Math.round(year.current_assets * cashShare));
    const before = out[t - 1];
    if (profile === 'loss' && before && years - 1 - t < 2) {
      year.cash = Math.max(0, Math.min(year.current_assets, Math.floor(before.cash * 0.75)));
    }
  }
  return out;
}

function dormantSeries(years: number, r: KeyedRandom): Series[] {
  const capital = r.pick([1, 2, 100, 1000]);
  return Array.from({ length: years }, () => ({
    turnover: 0,
    gross_profit: 0,
    operating_profit: 0,
    profit_loss: 0,
    tax: 0,
    fixed_assets: 0,
    current_assets: capital,
    cash: 0,
    creditors: 0,
    total_assets_less_current_liabilities: capital,
    net_assets: capital,
    employees: 0,
  }));
}

function stated(
  year: Series,
  measures: readonly MeasureName[],
  unit: number,
): { measures: Figures; extra: ExtraLines } {
  const all: Record<MeasureName, number> = {
    turnover: year.turnover * unit,
    gross_profit: year.gross_profit * unit,
    operating_profit: year.operating_profit * unit,
    profit_loss: year.profit_loss * unit,
    net_assets: year.net_assets * unit,
    total_assets_less_current_liabilities: year.total_assets_less_current_liabilities * unit,
    current_assets: year.current_assets * unit,
    cash: year.cash * unit,
    creditors_within_one_year: year.creditors * unit,
    employees: year.employees,
  };
  const figures: Figures = {};
  for (const name of measures) figures[name] = all[name];
  const extra: ExtraLines = {};
  if (measures.includes('turnover')) {
    extra.cost_of_sales = (year.turnover - year.gross_profit) * unit;
    extra.administrative_expenses = (year.gross_profit - year.operating_profit) * unit;
    extra.tax = year.tax * unit;
  }
  if (measures.includes('creditors_within_one_year')) {
    extra.fixed_assets = year.fixed_assets * unit;
    extra.net_current_assets = (year.current_assets - year.creditors) * unit;
  }
  return { measures: figures, extra };
}
