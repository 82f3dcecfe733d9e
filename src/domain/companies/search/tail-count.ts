import type { EntityManager } from '@mikro-orm/core';
import { readRows, type ReadOptions } from '../../../db/read-query';
import { companyNumberKey } from '../company-number';
import type { Sql } from '../register-filters';
import { matchedKeysSql, type FullTextIndex } from './full-text-index';
import { params, type Where } from './register-reads';

/* How the tail of a name search is counted, where the generic bounded count (register-reads.ts) reads badly. */

/**
 * SQLite, no filter: the tail's size as the full-text match less the head rows in it, read from the FTS index
 * (rowids only: full-text-index.ts) and the name index (numbers only), intersected here. Counting the tail in SQL joined every match
 * to its company row to test the head condition: 60–90 ms for a common word on 1M. The FTS rowid is the company
 * number's key (companyNumberKey, the importer's), so no content is read. Counts `atMost` tail rows and stops
 * (the head holds fewer than the stop, so reading that many more matches is enough to pass it).
 */
export async function countFtsTail(
  em: EntityManager,
  headWhere: Where,
  fullText: FullTextIndex,
  atMost: number,
  reads: ReadOptions,
): Promise<number> {
  const head = await readRows<{ company_number: string }>(
    em,
    `select c.company_number from companies c ${headWhere.text}`,
    headWhere.params,
    reads,
  );
  const matched = await readRows<{ key: number }>(
    em,
    `${matchedKeysSql(fullText)} limit ?`,
    [fullText.query, atMost + head.length],
    reads,
  );
  const keys = new Set(matched.map((row) => row.key));
  let headInMatch = 0;
  for (const row of head) if (keys.has(companyNumberKey(row.company_number))) headInMatch++;
  return matched.length - headInMatch;
}

/**
 * PostgreSQL: the tail counted up to `atMost`, the full-text match planned apart from the head's exclusion. In one
 * statement the planner, told that a few rows will do and not seeing that the head holds most of a word's matches,
 * scanned the whole table for them: "crescent", whose 9,990 names nearly all start with it, 418 ms on 1M for a
 * count that found none. A materialised CTE is planned for all its rows (the full-text index), and still read
 * only as far as the count needs: 46 ms. (An `offset 0` subquery was not enough: the limit reached into it.) Used
 * only when the head is larger than what is left to count: when it is small, the planner's guess holds, and its
 * early-stopping scan is the faster read ("holdings", 295,000 names: 26 ms in all, 76 ms with the CTE).
 */
export async function countTailPostgres(
  em: EntityManager,
  matched: Where,
  head: Sql,
  atMost: number,
): Promise<number> {
  const rows = await readRows<{ total: number | string }>(
    em,
    'with matched as materialized (select c.company_number, c.normalised_name from companies c ' +
      `${matched.text}) select count(*) as total from (select 1 from matched c where not ${head.text} limit ?) as m`,
    [...matched.params, ...params(head), atMost],
  );
  return Number(rows[0]!.total);
}
