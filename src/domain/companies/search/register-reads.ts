import type { EntityManager } from '@mikro-orm/core';
import { readRows, type ReadOptions, type ReadParam } from '../../../db/read-query';
import type { Sql } from '../register-filters';

/** About how many companies the register holds: its largest rowid, one B-tree descent (deletions are rare). */
export async function registerSizeEstimate(em: EntityManager): Promise<number> {
  const rows = await readRows<{ size: number | null }>(em, 'select max(rowid) as size from companies', []);
  return Number(rows[0]!.size ?? 0);
}

/** A WHERE clause of the companies table (aliased `c`) with its parameters, as every search statement builds it. */
export interface Where {
  text: string;
  params: ReadParam[];
}

export function where(parts: readonly Sql[]): Where {
  return {
    text: parts.length === 0 ? '' : `where ${parts.map((part) => part.text).join(' and ')}`,
    params: parts.flatMap(params),
  };
}

export const params = (part: Sql): ReadParam[] => part.params as ReadParam[];

/** The rows `condition` matches, counted up to `atMost`. */
export async function count(
  em: EntityManager,
  condition: Where,
  atMost: number,
  reads: ReadOptions = {},
): Promise<number> {
  const rows = await readRows<{ total: number | string }>(
    em,
    `select count(*) as total from (select 1 from companies c ${condition.text} limit ?) as matches`,
    [...condition.params, atMost],
    reads,
  );
  return Number(rows[0]!.total);
}
