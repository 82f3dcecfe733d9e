import { createHash } from 'node:crypto';

/*
 * The tuning half and the held-out half of the labelled pairs. A pair's half follows from a hash of its id
 * alone, so it never changes when pairs are added or reordered, and anyone recomputes it. Tuning a rule or a
 * weight reads the tuning half only; the figures the docs publish are the held-out half's.
 */

export const halves = ['tuning', 'held_out'] as const;
export type Half = (typeof halves)[number];

export function halfOf(id: string): Half {
  const firstByte = createHash('sha256').update(id, 'utf8').digest()[0]!;
  return firstByte % 2 === 0 ? 'tuning' : 'held_out';
}

export function splitPairs<T extends { id: string }>(pairs: readonly T[]): Record<Half, T[]> {
  const split: Record<Half, T[]> = { tuning: [], held_out: [] };
  for (const pair of pairs) split[halfOf(pair.id)].push(pair);
  return split;
}
