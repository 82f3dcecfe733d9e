import type { ExpandedName, IxbrlDocument, NonNumericFact, NumericFact, XbrlContext } from './ixbrl-document';
import { z } from 'zod';
import {
  MEASURE_NAMES,
  type MeasureName,
  type MeasureValue,
  type Measures,
  type AccountsYear,
  type TaxonomyFamily,
  type MeasuresProblem,
  type FiledAccounts,
} from '../../../domain/financials/accounts-measures';

const isoDate = z.iso.date();

/*
 * Filed accounts in inline XBRL mapped to the service's accounts measures (domain/financials/accounts-measures.ts):
 * which tagged concepts of the FRC and old UK GAAP taxonomies make each measure, on which basis and for which
 * year, and what the reader leaves out and why.
 */

type ConceptFamily = 'frc-core' | 'frc-business' | 'uk-gaap' | 'uk-bus';

/** Prefixes are the filer's choice; concepts are told apart by namespace, whatever release date it carries. */
export function conceptFamily(namespace: string | null): ConceptFamily | null {
  if (namespace === null) return null;
  const frc = /^http:\/\/xbrl\.frc\.org\.uk\/(?:fr|cd)\/\d{4}-\d{2}-\d{2}\/(core|business)$/.exec(namespace);
  if (frc) return frc[1] === 'core' ? 'frc-core' : 'frc-business';
  if (/^http:\/\/www\.xbrl\.org\/uk\/gaap\/core\/\d{4}-\d{2}-\d{2}$/.test(namespace)) return 'uk-gaap';
  if (/^http:\/\/www\.xbrl\.org\/uk\/cd\/business\/\d{4}-\d{2}-\d{2}$/.test(namespace)) return 'uk-bus';
  return null;
}

interface ConceptRef {
  family: ConceptFamily;
  local: string;
}

interface Candidate extends ConceptRef {
  /** The one dimension (besides group/company) the fact must carry; none means it must carry no other. */
  member?: { dimension: ConceptRef; member: ConceptRef };
}

const core = (local: string): Candidate => ({ family: 'frc-core', local });
const gaap = (local: string): Candidate => ({ family: 'uk-gaap', local });

const WITHIN_ONE_YEAR = {
  dimension: { family: 'frc-core', local: 'MaturitiesOrExpirationPeriodsDimension' },
  member: { family: 'frc-core', local: 'WithinOneYear' },
} as const;

const GROUP_COMPANY_DIMENSION: ConceptRef = { family: 'frc-business', local: 'GroupCompanyDataDimension' };
const CONSOLIDATED_MEMBER = 'Consolidated';

interface MeasureDefinition {
  /** Profit and loss items and head counts are over the year; balance sheet items at its end. */
  period: 'duration' | 'instant';
  money: boolean;
  /** In priority order: the first with a fact for the year is used. */
  candidates: Candidate[];
}

const MEASURES: Record<MeasureName, MeasureDefinition> = {
  turnover: {
    period: 'duration',
    money: true,
    candidates: [core('TurnoverRevenue'), gaap('TurnoverRevenue'), gaap('TurnoverGrossOperatingRevenue')],
  },
  gross_profit: {
    period: 'duration',
    money: true,
    candidates: [core('GrossProfitLoss'), gaap('GrossProfitLoss')],
  },
  operating_profit: {
    period: 'duration',
    money: true,
    candidates: [core('OperatingProfitLoss'), gaap('OperatingProfitLoss')],
  },
  profit_loss: {
    period: 'duration',
    money: true,
    candidates: [
      core('ProfitLoss'),
      gaap('ProfitLossForPeriod'),
      gaap('ProfitLossOnOrdinaryActivitiesAfterTax'),
    ],
  },
  net_assets: {
    period: 'instant',
    money: true,
    candidates: [
      core('NetAssetsLiabilities'),
      core('Equity'),
      gaap('NetAssetsLiabilitiesIncludingPensionAssetLiability'),
      gaap('ShareholderFunds'),
    ],
  },
  total_assets_less_current_liabilities: {
    period: 'instant',
    money: true,
    candidates: [core('TotalAssetsLessCurrentLiabilities'), gaap('TotalAssetsLessCurrentLiabilities')],
  },
  current_assets: {
    period: 'instant',
    money: true,
    candidates: [core('CurrentAssets'), gaap('CurrentAssets')],
  },
  cash: { period: 'instant', money: true, candidates: [core('CashBankOnHand'), gaap('CashBankInHand')] },
  creditors_within_one_year: {
    period: 'instant',
    money: true,
    candidates: [{ ...core('Creditors'), member: WITHIN_ONE_YEAR }, gaap('CreditorsDueWithinOneYear')],
  },
  employees: {
    period: 'duration',
    money: false,
    candidates: [
      core('AverageNumberEmployeesDuringPeriod'),
      { family: 'frc-business', local: 'AverageNumberEmployeesDuringPeriod' },
      gaap('AverageNumberEmployeesDuringPeriod'),
      { family: 'uk-bus', local: 'AverageNumberEmployeesDuringPeriod' },
    ],
  },
};

// Lines only a profit and loss account carries. Profit or loss for the year is not among them: micro-entity and
// abbreviated filings often tag it in the reserves note without filing a profit and loss account.
const PROFIT_AND_LOSS_LINES: readonly ConceptRef[] = [
  ...MEASURES.turnover.candidates,
  ...MEASURES.gross_profit.candidates,
  ...MEASURES.operating_profit.candidates,
  ...['CostSales', 'AdministrativeExpenses', 'ProfitLossOnOrdinaryActivitiesBeforeTax'].flatMap((local) => [
    core(local),
    gaap(local),
  ]),
  core('TaxTaxCreditOnProfitOrLossOnOrdinaryActivities'),
  gaap('TaxOnProfitOrLossOnOrdinaryActivities'),
];

const same = (name: ExpandedName, concept: ConceptRef) =>
  name.local === concept.local && conceptFamily(name.namespace) === concept.family;

type Basis = 'company' | 'group';

interface PlacedFact {
  fact: NumericFact & { value: number };
  context: XbrlContext;
  periodEnd: string;
  basis: Basis;
  /** Dimensions other than group/company. */
  otherDimensions: XbrlContext['dimensions'];
}

/**
 * Maps an iXBRL document's facts to one set of measures per year: each period end becomes a year (the latest the
 * filed one, earlier ones comparatives), on the company basis, plus a group year where consolidated figures are
 * tagged. A measure the document does not state is null; nothing is derived from other lines.
 */
export function mapAccountsMeasures(document: IxbrlDocument): FiledAccounts {
  const problems: MeasuresProblem[] = [];
  const placed: PlacedFact[] = [];
  const families = new Set<TaxonomyFamily>();

  for (const fact of document.numeric_facts) {
    const context = document.contexts[fact.context_ref];
    if (fact.value === null || !context || context.period.type === 'forever') continue;
    let basis: Basis = 'company';
    let usable = true;
    const otherDimensions: XbrlContext['dimensions'] = [];
    for (const dimension of context.dimensions) {
      if (!same(dimension.dimension, GROUP_COMPANY_DIMENSION)) otherDimensions.push(dimension);
      else if (dimension.member.local === CONSOLIDATED_MEMBER) basis = 'group';
      else usable = false;
    }
    if (!usable) {
      if (isMeasureFact(fact, context)) {
        problems.push({
          code: 'unknown_group_company_member',
          message: `${fact.name.qname} in context "${context.id}" is on a group/company member this reader does not place; left out`,
        });
      }
      continue;
    }
    if (context.typed_dimensions.length > 0) continue;
    const periodEnd = context.period.type === 'instant' ? context.period.instant : context.period.end;
    placed.push({ fact: { ...fact, value: fact.value }, context, periodEnd, basis, otherDimensions });
  }

  const byYear = new Map<string, PlacedFact[]>();
  for (const entry of placed) {
    const key = `${entry.periodEnd}|${entry.basis}`;
    byYear.set(key, [...(byYear.get(key) ?? []), entry]);
  }

  const years: AccountsYear[] = [];
  for (const entries of byYear.values()) {
    const measures = {} as Measures;
    for (const name of MEASURE_NAMES)
      measures[name] = readMeasure(name, entries, document.units, problems, families);
    if (MEASURE_NAMES.every((name) => measures[name].sources.length === 0)) continue;
    const first = entries[0]!;
    years.push({
      period_end: first.periodEnd,
      period_start: yearStart(entries) ?? periodStart(document.contexts, first.periodEnd),
      origin: 'comparative',
      basis: first.basis,
      profit_and_loss_filed: entries.some(
        (entry) =>
          entry.context.period.type === 'duration' &&
          entry.otherDimensions.length === 0 &&
          PROFIT_AND_LOSS_LINES.some((line) => same(entry.fact.name, line)),
      ),
      measures,
    });
  }

  years.sort((a, b) =>
    a.period_end === b.period_end ? (a.basis === 'company' ? -1 : 1) : a.period_end < b.period_end ? 1 : -1,
  );
  const latest = years[0]?.period_end;
  for (const year of years) if (year.period_end === latest) year.origin = 'filed';

  const text = (local: string) => nonNumeric(document.non_numeric_facts, local);
  const dormant = text('EntityDormantTruefalse') ?? text('EntityDormant');
  return {
    company_number: text('UKCompaniesHouseRegisteredNumber')?.text ?? null,
    entity_name: (text('EntityCurrentLegalOrRegisteredName') ?? text('EntityCurrentLegalName'))?.text ?? null,
    balance_sheet_date: readDate(text('BalanceSheetDate')?.text ?? null),
    dormant: dormant ? readBoolean(dormant) : null,
    accounts_type: memberOf(document, text('AccountsType')),
    accounting_standard: memberOf(document, text('AccountingStandardsApplied')),
    taxonomies: [...families].sort(),
    years,
    problems,
  };
}

function isMeasureFact(fact: NumericFact, context: XbrlContext): boolean {
  return Object.values(MEASURES).some(
    (definition) =>
      definition.period === context.period.type &&
      definition.candidates.some((candidate) => same(fact.name, candidate)),
  );
}

function matchesCandidate(entry: PlacedFact, candidate: Candidate): boolean {
  if (!same(entry.fact.name, candidate)) return false;
  if (!candidate.member) return entry.otherDimensions.length === 0;
  const wanted = candidate.member;
  return (
    entry.otherDimensions.length === 1 &&
    entry.otherDimensions.every(
      (dimension) => same(dimension.dimension, wanted.dimension) && same(dimension.member, wanted.member),
    )
  );
}

function isSterling(unitRef: string | null, units: IxbrlDocument['units']): boolean {
  const measures = unitRef === null ? undefined : units[unitRef];
  return measures !== undefined && measures.length === 1 && /(^|:)GBP$/.test(measures[0] ?? '');
}

function readMeasure(
  name: MeasureName,
  entries: PlacedFact[],
  units: IxbrlDocument['units'],
  problems: MeasuresProblem[],
  families: Set<TaxonomyFamily>,
): MeasureValue {
  const definition = MEASURES[name];
  for (const candidate of definition.candidates) {
    let matches = entries.filter(
      (entry) => entry.context.period.type === definition.period && matchesCandidate(entry, candidate),
    );
    if (definition.money) {
      for (const entry of matches.filter((match) => !isSterling(match.fact.unit_ref, units))) {
        problems.push({
          code: 'not_sterling',
          message: `${entry.fact.name.qname} on line ${entry.fact.line} is not in pounds (unit "${entry.fact.unit_ref}"); left out`,
        });
      }
      matches = matches.filter((match) => isSterling(match.fact.unit_ref, units));
    }
    if (matches.length === 0) continue;
    for (const match of matches) {
      const family = conceptFamily(match.fact.name.namespace);
      families.add(family === 'uk-gaap' || family === 'uk-bus' ? 'uk-gaap' : 'frc');
    }
    const sources = matches.map((match) => ({
      fact: match.fact.name.qname,
      context: match.context.id,
      line: match.fact.line,
    }));
    const values = new Set(matches.map((match) => match.fact.value));
    if (values.size > 1) {
      problems.push({
        code: 'conflicting_facts',
        message: `${name} for ${matches[0]!.periodEnd} is tagged with different values (${[...values].join(', ')}); left empty`,
      });
      return { value: null, sources };
    }
    return { value: matches[0]!.fact.value, sources };
  }
  return { value: null, sources: [] };
}

/**
 * The start of the year the facts are over, from their own duration contexts (those carry the consolidated
 * member on a group year, so the document's plain contexts would not find a group comparative's start).
 */
function yearStart(entries: readonly PlacedFact[]): string | null {
  const starts = entries.flatMap((entry) =>
    entry.context.period.type === 'duration' && entry.otherDimensions.length === 0
      ? [entry.context.period.start]
      : [],
  );
  return starts.sort()[0] ?? null;
}

/** A year with no duration fact of its own (a balance sheet only): the start of a plain context ending with it. */
function periodStart(contexts: IxbrlDocument['contexts'], periodEnd: string): string | null {
  const starts = Object.values(contexts).flatMap((context) =>
    context.period.type === 'duration' && context.period.end === periodEnd && context.dimensions.length === 0
      ? [context.period.start]
      : [],
  );
  return starts.sort()[0] ?? null;
}

function nonNumeric(facts: NonNumericFact[], local: string): NonNumericFact | undefined {
  return facts.find((fact) => {
    const family = conceptFamily(fact.name.namespace);
    return fact.name.local === local && (family === 'frc-business' || family === 'uk-bus') && !fact.nil;
  });
}

/** Member local name of the fact's only explicit dimension: how AccountsType and the standard applied are stated. */
function memberOf(document: IxbrlDocument, fact: NonNumericFact | undefined): string | null {
  if (!fact) return null;
  const dimensions = document.contexts[fact.context_ref]?.dimensions ?? [];
  return dimensions.length === 1 ? dimensions[0]!.member.local : null;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function readDate(text: string | null): string | null {
  if (text === null) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  const valid = (y: number, m: number, d: number) => {
    const iso = `${y}-${pad(m)}-${pad(d)}`;
    return isoDate.safeParse(iso).success ? iso : null;
  };
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return valid(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const long = /^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]+)\s+(\d{4})$/.exec(text);
  if (long) {
    const month = MONTHS.findIndex(
      (m) => m.startsWith((long[2] ?? '').toLowerCase()) && long[2]!.length >= 3,
    );
    return month === -1 ? null : valid(Number(long[3]), month + 1, Number(long[1]));
  }
  const numeric = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
  if (numeric) return valid(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]));
  return null;
}

function readBoolean(fact: NonNumericFact): boolean | null {
  const format = fact.format?.local;
  if (format === 'booleantrue' || format === 'fixed-true') return true;
  if (format === 'booleanfalse' || format === 'fixed-false') return false;
  if (/^true$/i.test(fact.text)) return true;
  if (/^false$/i.test(fact.text)) return false;
  return null;
}
