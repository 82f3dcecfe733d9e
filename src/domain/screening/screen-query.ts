import { addDays } from '../companies/register-dates';
import { nextPrefix, postcodeFilterSql, sicCodeFilterSql, type Sql } from '../companies/register-filters';
import { placeholders } from '../companies/register-sql';
import { DORMANT_COMPANY_SIC, sicSectionDefinition } from '../companies/sic-sections';
import { storedHealthConditions, storedHealthJoin } from '../health/store/stored-health-sql';
import { filingOverdueSql } from '../lists/overdue-sql';
import type { PlaceFilter } from '../places/place-arguments';
import { parseRegionArgument } from '../places/place-arguments';
import { monthsBefore } from './latest-figures';
import { rangeBound, type ScreenArguments } from './screen-arguments';
import { RANGE_FILTERS } from './screen-filters';

/*
 * A screen as SQL (docs/screener.md, "How the query is built"). Tables: c companies, f company_latest_figures,
 * p postcode_places, h company_health_scores. Each filter is one condition on an indexed column where there is
 * one. When any figure or growth is filtered or sorted on, the query starts from f (inner join: a company
 * without the figure cannot match) so the planner can range over f's indexes; otherwise from c. p and h are
 * joined only when a filter or the sort needs them. This query returns company numbers in order; the page's
 * details are read afterwards by number.
 */

export interface ScreenSql {
  /** `from … where …`, shared by the page and the count. */
  body: string;
  params: unknown[];
  orderBy: string;
}

const SORT_NULLABLE: Record<string, string> = {
  health_score: 'h.score',
  incorporated: 'c.date_of_creation',
};

export function screenSql(
  args: ScreenArguments,
  localAuthority: PlaceFilter | null,
  today: string,
): ScreenSql {
  const where: Sql[] = [];
  const add = (text: string, ...params: unknown[]) => where.push({ text, params });
  let figures = false;
  let place = false;
  let health = false;

  for (const filter of RANGE_FILTERS) {
    const min = rangeBound(args, `${filter.stem}_min`);
    const max = rangeBound(args, `${filter.stem}_max`);
    if (min !== undefined) add(`f.${filter.column} >= ?`, min);
    if (max !== undefined) add(`f.${filter.column} <= ?`, max);
    if (min !== undefined || max !== undefined) figures = true;
  }
  if (args.latest_accounts_within_months !== undefined) {
    add('f.period_end >= ?', monthsBefore(today, args.latest_accounts_within_months));
    figures = true;
  }

  if (args.sic_code !== undefined) where.push(sicCodeFilterSql(args.sic_code));
  if (args.sic_division !== undefined) where.push(sicRangeSql(args.sic_division, args.sic_division));
  if (args.sic_section !== undefined) {
    const [first, last] = sicSectionDefinition(args.sic_section).divisions;
    where.push(sicRangeSql(pad(first), pad(last)));
  }
  if (args.postcode !== undefined) where.push(postcodeFilterSql(args.postcode));
  if (args.town !== undefined) add('c.locality_key = ?', args.town.toUpperCase());
  if (args.status !== undefined) add('c.company_status = ?', args.status);
  if (args.company_type !== undefined) add('c.type = ?', args.company_type);
  if (args.incorporated_from !== undefined) add('c.date_of_creation >= ?', args.incorporated_from);
  if (args.incorporated_to !== undefined) add('c.date_of_creation <= ?', args.incorporated_to);

  const asOf = new Date(`${today}T00:00:00.000Z`);
  for (const [argument, column] of [
    ['accounts_overdue', 'next_accounts_due'],
    ['confirmation_statement_overdue', 'confirmation_statement_next_due'],
  ] as const) {
    const wanted = args[argument];
    if (wanted === undefined) continue;
    const overdue = filingOverdueSql(column, asOf);
    where.push({ text: wanted ? overdue.text : `not ${overdue.text}`, params: overdue.params });
  }
  if (args.gazette_notice_within_days !== undefined)
    add(
      "exists (select 1 from filings g where g.company_number = c.company_number and g.category = 'gazette' " +
        'and g.date >= ?)',
      addDays(today, -args.gazette_notice_within_days),
    );
  const outstanding = '(c.charges_outstanding + c.charges_part_satisfied)';
  if (args.has_outstanding_charges !== undefined)
    add(args.has_outstanding_charges ? `${outstanding} > 0` : `${outstanding} = 0`);
  if (args.outstanding_charges_min !== undefined) add(`${outstanding} >= ?`, args.outstanding_charges_min);
  // TRUE and FALSE are keywords in both SQLite (1 and 0) and PostgreSQL, so no boolean is bound.
  if (args.insolvency_history !== undefined)
    add(`c.has_insolvency_history = ${args.insolvency_history ? 'true' : 'false'}`);

  if (args.registered_office_shared_min !== undefined)
    where.push(sharedOfficeSql(args.registered_office_shared_min));

  for (const filter of [
    args.region === undefined ? null : parseRegionArgument(args.region),
    localAuthority,
  ]) {
    if (filter === null) continue;
    add(`p.${filter.column} in (${placeholders(filter.values.length)})`, ...filter.values);
    place = true;
  }
  const stored = storedHealthConditions({
    grades: args.health_grade,
    riskLevels: args.risk_level,
    minScore: args.health_score_min,
    maxScore: args.health_score_max,
  });
  if (stored.where.length > 0) {
    where.push({ text: stored.where.join(' and '), params: stored.params });
    health = true;
  }

  // A sort ranks the companies that have the value sorted on: NULLs sort first on one database and last on the
  // other, and a company without the figure has no place in a ranking by it.
  const order = args.order ?? (args.sort === 'company_number' ? 'asc' : 'desc');
  const sortFilter = RANGE_FILTERS.find((filter) => filter.stem === args.sort);
  let sortColumn = 'c.company_number';
  if (sortFilter) {
    sortColumn = `f.${sortFilter.column}`;
    figures = true;
  } else if (args.sort in SORT_NULLABLE) {
    sortColumn = SORT_NULLABLE[args.sort]!;
    if (args.sort === 'health_score') health = true;
  }
  if (sortColumn !== 'c.company_number') add(`${sortColumn} is not null`);

  const from = figures
    ? 'company_latest_figures f join companies c on c.company_number = f.company_number'
    : 'companies c';
  const joins = [place ? PLACE_JOIN : '', health ? storedHealthJoin('c.company_number') : ''].filter(
    (join) => join !== '',
  );
  return {
    body:
      `from ${from} ${joins.join(' ')}` +
      (where.length === 0 ? '' : ` where ${where.map((part) => part.text).join(' and ')}`),
    params: where.flatMap((part) => part.params),
    orderBy:
      sortColumn === 'c.company_number'
        ? `c.company_number ${order}`
        : `${sortColumn} ${order}, c.company_number asc`,
  };
}

/**
 * The join to the postcode lookup, with the outward code repeated (a lookup postcode's compact form less its
 * three-character inward code): companies has no index on postcode_compact alone, but one on (postcode_outward,
 * postcode_compact), and this lets a place filter start from postcode_places' region or local authority index
 * and reach the companies there through it, instead of probing the lookup for every company of a wider filter.
 */
const PLACE_JOIN =
  'join postcode_places p on p.postcode_compact = c.postcode_compact ' +
  'and c.postcode_outward = substr(p.postcode_compact, 1, length(p.postcode_compact) - 3)';

/**
 * Companies whose office (postcode and first-line key) is that of at least `min` active companies. The offices are
 * found first, in one pass over the postcode index (outward code, postcode, office key, status), which covers the
 * grouping: it is in the index's order, so it streams and reads no table row. The status is counted in `having`,
 * not filtered in `where`: an equality on status made SQLite start from the status index instead and sort a
 * million rows to group them (1.7 s against 0.1 s at 300,000 companies, bench:screener's store).
 */
function sharedOfficeSql(min: number): Sql {
  return {
    text:
      '(c.postcode_outward, c.postcode_compact, c.office_line_key) in (select o.postcode_outward, ' +
      'o.postcode_compact, o.office_line_key from companies o where o.postcode_outward is not null ' +
      'group by o.postcode_outward, o.postcode_compact, o.office_line_key ' +
      "having o.office_line_key is not null and sum(case when o.company_status = 'active' then 1 else 0 end) >= ?)",
    params: [min],
  };
}

const pad = (division: number) => String(division).padStart(2, '0');

/**
 * Companies with a SIC code in divisions `first`–`last`: one range on company_sic_codes' code index (the
 * divisions of a section are consecutive). Companies House's dormant code 99999 is in no division.
 */
function sicRangeSql(first: string, last: string): Sql {
  const dormant = last === '99' ? ` and s.sic_code <> '${DORMANT_COMPANY_SIC}'` : '';
  return {
    text:
      'c.company_number in (select s.company_number from company_sic_codes s ' +
      `where s.sic_code >= ? and s.sic_code < ?${dormant})`,
    params: [first, nextPrefix(last)],
  };
}
