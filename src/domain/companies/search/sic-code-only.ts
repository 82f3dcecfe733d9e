import type { EntityManager } from '@mikro-orm/core';
import { readRows } from '../../../db/read-query';
import { sicCodeFilterSql } from '../register-filters';
import type { CompanySearchQuery } from './search-query';
import { registerSizeEstimate } from './register-reads';
import { STATUS_RANK } from './status-rank';
import { SUMMARY_COLUMNS, type SummaryRow } from './summary-rows';

export const isSicCodeOnly = (query: CompanySearchQuery): boolean =>
  query.sicCode !== undefined &&
  query.status === undefined &&
  query.postcode === undefined &&
  query.town === undefined;

/**
 * A SIC code alone (SQLite, whose planner has no statistics to choose for itself). A common code (26,000
 * companies on 1M) is read by walking the register in the order of the page (migration 0018's index by status
 * rank and name) and keeping its companies: about end × register / code rows before the page is full, each an
 * index probe. A rare one is read from the code's index and sorted: a table read per company of the code. The
 * count of the code decides (and is the total): walk when the code's companies cost more to sort than the walk.
 */
export async function sicCodeOnly(
  em: EntityManager,
  query: CompanySearchQuery,
): Promise<{ rows: SummaryRow[]; total: number }> {
  const filter = sicCodeFilterSql(query.sicCode!);
  const code = filter.params[0] as string;
  const total = await countSicCode(em, code);
  const end = query.offset + query.limit;
  if (total === 0 || query.offset >= total) return { rows: [], total };
  const walk = total * total >= end * (await registerSizeEstimate(em)) * WALK_COST_RATIO;
  const condition = walk
    ? 'exists (select 1 from company_sic_codes s where s.company_number = c.company_number and s.sic_code = ?)'
    : filter.text;
  const rows = await readRows<SummaryRow>(
    em,
    `select ${SUMMARY_COLUMNS} from companies c where ${condition} ` +
      `order by ${STATUS_RANK}, c.normalised_name, c.company_number limit ? offset ?`,
    [code, query.limit, query.offset],
  );
  return { rows, total };
}

/**
 * A walked row (an index entry and a probe of the code's key) against a sorted one (a table read): measured
 * about 0.3 as costly. Below this the set is sorted.
 */
const WALK_COST_RATIO = 0.3;

/** The companies holding `code`, counted from the code's index (each a company of the register: cascade). */
async function countSicCode(em: EntityManager, code: string): Promise<number> {
  const rows = await readRows<{ total: number }>(
    em,
    'select count(*) as total from company_sic_codes s where s.sic_code = ?',
    [code],
  );
  return Number(rows[0]!.total);
}
