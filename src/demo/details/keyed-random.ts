import { dayNumber, fromDayNumber, iso } from '../../domain/companies/register-dates';
import { mulberry32 } from '../seeded-random';

/*
 * Every item of the demo details draws from its own stream, keyed by (seed, a name such as the company number or
 * a person's key): a company's files never depend on which companies came before it, and a person shared by
 * several companies is the same person wherever they appear, without a table of people held in memory.
 */

/** FNV-1a over the key, started from the seed. */
function hashKey(seed: number, key: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

const ID_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export class KeyedRandom {
  readonly next: () => number;

  constructor(seed: number, key: string) {
    this.next = mulberry32(hashKey(seed, key));
  }

  /** A whole number from lo to hi inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  weighted<T>(table: readonly (readonly [T, number])[]): T {
    const total = table.reduce((sum, [, weight]) => sum + weight, 0);
    let u = this.next() * total;
    for (const [value, weight] of table) {
      if (u < weight) return value;
      u -= weight;
    }
    return table[table.length - 1]![0];
  }

  /** An id in the style of Companies House's (URL-safe base64), e.g. officer and appointment ids. */
  id(length = 27): string {
    let id = '';
    for (let i = 0; i < length; i++) id += ID_CHARACTERS[Math.floor(this.next() * 64)];
    return id;
  }

  /** A day from first to last inclusive; first when the range is empty. */
  day(first: number, last: number): number {
    return last <= first ? first : this.int(first, last);
  }
}

export function dayOf(isoDate: string): number {
  return dayNumber(+isoDate.slice(0, 4), +isoDate.slice(5, 7), +isoDate.slice(8, 10));
}

export function isoDay(day: number): string {
  const [y, m, d] = fromDayNumber(day);
  return iso(y, m, d);
}

export const PSC_REGIME_STARTED = dayNumber(2016, 4, 6);
export const REGISTERED_CHARGES_STARTED = dayNumber(2013, 4, 6);
export const FRS_102_STARTED = dayNumber(2015, 1, 1);
