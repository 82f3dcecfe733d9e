import type { EntityManager } from '@mikro-orm/core';
import { toSummary } from '../companies/search/summary-rows';
import { isFilingOverdue, isoDay, type CompanyStatus } from '../companies/company-profile';
import { placeholders } from '../companies/register-sql';
import { MEASURE_NAMES } from '../financials/accounts-measures';
import type { Figures } from '../financials/accounts-figures';
import { STORED_HEALTH_COLUMNS, storedHealthJoin, storedHealthOf } from '../health/store/stored-health-sql';
import { itl1Region } from '../places/itl1-regions';
import { resolveLocalAuthorityFilter } from '../places/place-arguments';
import {
  GROWTH_MEASURES,
  growthColumn,
  LATEST_FIGURES_COLUMNS,
  previousColumn,
  type LatestFiguresRow,
} from './latest-figures-row';
import type { ScreenArguments } from './screen-arguments';
import { screenSql } from './screen-query';
import type { ScreenedCompany } from './screen-result';

export interface ScreenResult {
  items: ScreenedCompany[];
  /** Matches, counted up to SCREEN_COUNT_CAP. */
  total: number;
  /** More than SCREEN_COUNT_CAP match. */
  totalCapped: boolean;
}

/** Counting stops here: the furthest a caller can page (offset ≤ 10,000). */
export const SCREEN_COUNT_CAP = 10_000;

/**
 * Runs a screen as of `asOf`'s day (overdue filings and "within N days/months" are counted from it): the page
 * of company numbers from the screen's query, then each one's details by number.
 */
export async function screenCompanies(
  em: EntityManager,
  args: ScreenArguments,
  asOf: Date,
): Promise<ScreenResult> {
  const today = isoDay(asOf);
  const localAuthority =
    args.local_authority === undefined ? null : await resolveLocalAuthorityFilter(em, args.local_authority);
  const sql = screenSql(args, localAuthority, today);
  const connection = em.getConnection();
  const page: { company_number: string }[] = await connection.execute(
    `select c.company_number ${sql.body} order by ${sql.orderBy} limit ? offset ?`,
    [...sql.params, args.limit, args.offset],
  );
  // A first page that is not full holds every match: no need to count them. Beyond the furthest page a caller
  // can reach, a count tells nothing more and costs a walk over every match, so counting stops there.
  let total = page.length;
  let totalCapped = false;
  if (args.offset > 0 || page.length === args.limit) {
    const counted: { total: number | string }[] = await connection.execute(
      `select count(*) as total from (select 1 as one ${sql.body} limit ?) matches`,
      [...sql.params, SCREEN_COUNT_CAP + 1],
    );
    total = Math.min(Number(counted[0]!.total), SCREEN_COUNT_CAP);
    totalCapped = Number(counted[0]!.total) > SCREEN_COUNT_CAP;
  }
  const details = await readScreenedCompanies(
    em,
    page.map((row) => row.company_number),
    today,
  );
  return { items: page.map((row) => details.get(row.company_number)!), total, totalCapped };
}

const FIGURE_COLUMNS = LATEST_FIGURES_COLUMNS.filter((column) => column !== 'company_number');

interface DetailRow extends Omit<
  LatestFiguresRow,
  'company_number' | 'period_end' | 'profit_and_loss_filed'
> {
  company_number: string;
  company_name: string;
  company_status: CompanyStatus;
  type: ScreenedCompany['type'];
  date_of_creation: string | null;
  locality: string | null;
  postal_code: string | null;
  sic_codes: string;
  next_accounts_due: string | null;
  confirmation_statement_next_due: string | null;
  charges_outstanding: number;
  charges_part_satisfied: number;
  has_insolvency_history: boolean | number;
  period_end: string | null;
  profit_and_loss_filed: boolean | number | null;
  place_postcode: string | null;
  region_code: string | null;
  local_authority_code: string | null;
  local_authority_name: string | null;
  health_score: number | string | null;
  health_grade: string | null;
  health_risk_level: string | null;
  health_as_of: string | null;
  health_model_version: string | null;
  last_gazette_notice_on: string | null;
  office_active_companies: number | string | null;
}

async function readScreenedCompanies(
  em: EntityManager,
  numbers: readonly string[],
  today: string,
): Promise<Map<string, ScreenedCompany>> {
  if (numbers.length === 0) return new Map();
  const rows: DetailRow[] = await em.getConnection().execute(
    'select c.company_number, c.company_name, c.company_status, c.type, c.date_of_creation, c.locality, ' +
      'c.postal_code, c.sic_codes, c.next_accounts_due, c.confirmation_statement_next_due, ' +
      'c.charges_outstanding, c.charges_part_satisfied, c.has_insolvency_history, ' +
      `${FIGURE_COLUMNS.map((column) => `f.${column}`).join(', ')}, ` +
      'p.postcode as place_postcode, p.region_code, p.local_authority_code, p.local_authority_name, ' +
      `${STORED_HEALTH_COLUMNS}, ` +
      "(select max(g.date) from filings g where g.company_number = c.company_number and g.category = 'gazette') " +
      'as last_gazette_notice_on, ' +
      // The postcode index holds every column here (outward code, postcode, office key, status).
      'case when c.office_line_key is null or c.postcode_compact is null then null else (select count(*) ' +
      'from companies o where o.postcode_outward = c.postcode_outward and o.postcode_compact = c.postcode_compact ' +
      "and o.office_line_key = c.office_line_key and o.company_status = 'active') end as office_active_companies " +
      'from companies c ' +
      'left join company_latest_figures f on f.company_number = c.company_number ' +
      'left join postcode_places p on p.postcode_compact = c.postcode_compact ' +
      `${storedHealthJoin('c.company_number')} ` +
      `where c.company_number in (${placeholders(numbers.length)})`,
    [...numbers],
  );
  return new Map(rows.map((row) => [row.company_number, screenedCompany(row, today)]));
}

function screenedCompany(row: DetailRow, today: string): ScreenedCompany {
  const region = row.region_code === null ? undefined : itl1Region(row.region_code);
  return {
    ...toSummary(row),
    latest_accounts:
      row.period_end === null
        ? null
        : {
            period_end: row.period_end,
            period_start: row.period_start,
            basis: row.basis,
            origin: row.origin,
            profit_and_loss_filed: Boolean(row.profit_and_loss_filed),
            document: row.document,
            figures: Object.fromEntries(MEASURE_NAMES.map((name) => [name, row[name]])) as Figures,
          },
    growth:
      row.period_end === null || row.previous_period_end === null
        ? null
        : {
            from_period_end: row.previous_period_end,
            to_period_end: row.period_end,
            measures: Object.fromEntries(
              GROWTH_MEASURES.map((measure) => [
                measure,
                {
                  from_value: row[previousColumn(measure)],
                  to_value: row[measure],
                  percent_change: row[growthColumn(measure)],
                },
              ]),
            ) as NonNullable<ScreenedCompany['growth']>['measures'],
          },
    place:
      row.place_postcode === null
        ? null
        : {
            postcode: row.place_postcode,
            region: region === undefined ? null : { code: region.code, name: region.name },
            local_authority:
              row.local_authority_code === null
                ? null
                : { code: row.local_authority_code, name: row.local_authority_name },
          },
    health: storedHealthOf(row),
    filings: {
      accounts_next_due: row.next_accounts_due,
      accounts_overdue: isFilingOverdue(row.next_accounts_due, row.company_status, today),
      confirmation_statement_next_due: row.confirmation_statement_next_due,
      confirmation_statement_overdue: isFilingOverdue(
        row.confirmation_statement_next_due,
        row.company_status,
        today,
      ),
      last_gazette_notice_on: row.last_gazette_notice_on,
    },
    charges_outstanding: Number(row.charges_outstanding) + Number(row.charges_part_satisfied),
    has_insolvency_history: Boolean(row.has_insolvency_history),
    registered_office_active_companies:
      row.office_active_companies === null ? null : Number(row.office_active_companies),
  };
}
