import type { EntityManager } from '@mikro-orm/core';
import { readRows } from '../../../db/read-query';

/*
 * How many names a full-text query matches, estimated in the process from the statistics PostgreSQL's ANALYZE keeps
 * of the name index's words (pg_stats: each common word's share of names, and the share below which a word is not
 * listed). The search needs the estimate only to choose between walking and sorting a common word's tier
 * (tail-walk-postgres.ts). Asking the planner (an EXPLAIN a search) cost a planning round trip on every name search
 * that reached its tail: at 5.5M, 16 in flight, 283 → 230 searches a second (`api-2026-11-25T16-53-54Z`). The
 * statistics are read once and again every STATS_MAX_AGE_MS, and the estimate is made as the planner makes it
 * (PostgreSQL's ts_selfuncs.c): a listed word's share, half the smallest listed share for any other word, a
 * prefix as the sum of the listed words it starts, AND as a product, OR as a union of independent sets.
 */

/** The register's word statistics as the last ANALYZE left them. */
export interface WordShares {
  /** Companies in the register, as counted by the last ANALYZE. */
  companies: number;
  /** The share of names holding each listed word (lower case, as the index holds words). */
  shares: ReadonlyMap<string, number>;
  /** The share given to a word the statistics do not list. */
  unlisted: number;
}

/** Read again past this age: ANALYZE runs after a large import (autovacuum), not between two searches. */
const STATS_MAX_AGE_MS = 5 * 60_000;

/** The planner's share for a word when it has no statistics at all (DEFAULT_TS_MATCH_SEL). */
const DEFAULT_SHARE = 0.005;

interface Cached {
  readAt: number;
  shares: Promise<WordShares | undefined>;
}

// One entry per database (an ORM's driver), so two registers in one process never share figures.
const cache = new WeakMap<object, Cached>();

/** The word statistics of the register, undefined before its first ANALYZE. */
export function wordShares(em: EntityManager, now = Date.now()): Promise<WordShares | undefined> {
  const key = em.getDriver();
  const cached = cache.get(key);
  if (cached !== undefined && now - cached.readAt < STATS_MAX_AGE_MS) return cached.shares;
  const shares = readWordShares(em).catch((error: unknown) => {
    cache.delete(key);
    throw error;
  });
  cache.set(key, { readAt: now, shares });
  return shares;
}

async function readWordShares(em: EntityManager): Promise<WordShares | undefined> {
  const [row] = await readRows<{
    companies: number | string;
    words: string[] | null;
    freqs: number[] | null;
  }>(
    em,
    'select c.reltuples as companies, s.most_common_elems::text::text[] as words, ' +
      's.most_common_elem_freqs as freqs from pg_class c left join pg_stats s on s.schemaname = ' +
      "current_schema() and s.tablename = 'companies' and s.attname = 'name_search' " +
      "where c.oid = 'companies'::regclass",
    [],
  );
  const companies = Number(row?.companies ?? 0);
  if (!(companies > 0)) return undefined;
  const words = row!.words ?? [];
  const freqs = (row!.freqs ?? []).map(Number);
  const shares = new Map(words.map((word, i) => [word, freqs[i]!]));
  // After the words' shares come the smallest and the largest of them, then the share of empty values.
  const smallest = freqs[words.length];
  const unlisted = smallest === undefined ? DEFAULT_SHARE : Math.min(DEFAULT_SHARE, smallest / 2);
  return { companies, shares, unlisted };
}

/**
 * The share of names a tsquery as full-text-terms.ts writes it matches: terms `'word'` or `'word':*`, OR-ed in
 * parentheses, AND-ed with ` & `.
 */
export function estimatedShare(tsQuery: string, stats: Pick<WordShares, 'shares' | 'unlisted'>): number {
  let share = 1;
  for (const part of tsQuery.split(' & ')) {
    let none = 1;
    for (const term of part.replace(/^\(|\)$/g, '').split(' | ')) none *= 1 - termShare(term, stats);
    share *= 1 - none;
  }
  return share;
}

function termShare(term: string, { shares, unlisted }: Pick<WordShares, 'shares' | 'unlisted'>): number {
  const prefix = term.endsWith(':*');
  const word = term.slice(1, prefix ? -3 : -1);
  if (!prefix) return shares.get(word) ?? unlisted;
  let sum = 0;
  for (const [listed, share] of shares) if (listed.startsWith(word)) sum += share;
  return Math.min(1, Math.max(sum, unlisted));
}
