/*
 * Officer names as the officer register indexes them and as a search by name reads them. Companies House writes
 * a person as "SURNAME, Forenames" (sometimes with a title after another comma: "SMITH, John, Dr") and a
 * corporate officer as its company name, with no comma. People type "John Smith", "SMITH, John" or "smith john":
 * all three must find the same people, so a query is read as a bag of words, never by its comma.
 *
 * - Stored: surname_key is the normalised surname (every word before the comma: "DE LA CRUZ", "SMITH JONES"
 *   from SMITH-JONES). A corporate name has no surname: its key is its first word other than THE, because
 *   people start a company's name with its first word. name_key holds every normalised word, space-wrapped.
 * - Query: every contiguous run of query words is a candidate surname key (the index narrows the search), and
 *   every query word must be in name_key. Honorifics and THE are optional in a query: they may be a surname
 *   (LORD, Jane) but a name matches without them.
 */

/** Titles Companies House records beside forenames; never part of who a person is. */
const HONORIFICS: ReadonlySet<string> = new Set([
  'MR',
  'MRS',
  'MS',
  'MISS',
  'DR',
  'SIR',
  'DAME',
  'LORD',
  'LADY',
  'PROF',
]);

/** Words a query may hold that a stored name need not. */
const OPTIONAL_QUERY_WORDS: ReadonlySet<string> = new Set([...HONORIFICS, 'THE']);

/** One spelling for a legal form that corporate officers write either way. */
const WORD_SPELLINGS: ReadonlyMap<string, string> = new Map([['LTD', 'LIMITED']]);

const COMBINING_MARKS = /\p{M}+/gu;
// Apostrophes and dots join what they separate (O'BRIEN is OBRIEN, ST. JOHN is ST JOHN after the split below).
const JOINING = /['\u2018\u2019`.]/g;
const SPLITTING = /[^\p{L}\p{N}]+/gu;

/** The surname key column's width. */
const SURNAME_KEY_MAX = 100;

/**
 * The normalised words of a name or a part of one: accents folded, upper case, & as AND, punctuation dropped
 * (hyphens split: SMITH-JONES is SMITH JONES).
 */
export function nameWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toUpperCase()
    .replaceAll('&', ' AND ')
    .replace(JOINING, '')
    .split(SPLITTING)
    .filter((word) => word !== '')
    .map((word) => WORD_SPELLINGS.get(word) ?? word);
}

export interface OfficerNameKeys {
  surnameKey: string;
  /** " JOHN PAUL SMITH ": forenames then surname, each word wrapped so a LIKE '% WORD %' matches whole words. */
  nameKey: string;
}

/** The index keys of an officer's name as Companies House writes it. */
export function officerNameKeys(name: string): OfficerNameKeys {
  const comma = name.indexOf(',');
  const surname = comma === -1 ? [] : nameWords(name.slice(0, comma));
  if (surname.length === 0) {
    const words = nameWords(name);
    const first = words.find((word) => word !== 'THE') ?? words[0] ?? '';
    return { surnameKey: first.slice(0, SURNAME_KEY_MAX), nameKey: wrap(words) };
  }
  const forenames = nameWords(name.slice(comma + 1)).filter((word) => !HONORIFICS.has(word));
  return {
    surnameKey: surname.join(' ').slice(0, SURNAME_KEY_MAX),
    nameKey: wrap([...forenames, ...surname]),
  };
}

function wrap(words: readonly string[]): string {
  return words.length === 0 ? ' ' : ` ${words.join(' ')} `;
}

/**
 * "John SMITH" from "SMITH, John": how a person is named in plain words (titles first: "Dr John SMITH").
 * A corporate name is returned as written.
 */
export function displayName(name: string): string {
  const parts = name.split(',').map((part) => part.trim());
  const [surname, ...rest] = parts;
  if (rest.length === 0 || !surname) return name.trim();
  const isTitle = (part: string) => {
    const words = nameWords(part);
    return words.length > 0 && words.every((word) => HONORIFICS.has(word));
  };
  const titles = rest.filter(isTitle);
  const forenames = rest.filter((part) => part !== '' && !isTitle(part));
  return [...titles, ...forenames, surname].join(' ');
}

/** Query words beyond this are refused: a name is not a paragraph, and each word widens the candidate list. */
export const MAX_QUERY_WORDS = 10;

export interface NameQuery {
  /** Every normalised query word, in the order typed. */
  words: string[];
  /** The words every matching name_key must hold. */
  required: string[];
  /** The surname keys that may match: every contiguous run of words. */
  surnameKeys: string[];
}

/**
 * A search by name, or the reason it cannot be one. At least two letters must remain after normalising, so
 * that a search is never "every officer whose surname is J".
 */
export function parseNameQuery(
  text: string,
): { ok: true; query: NameQuery } | { ok: false; problem: string } {
  const words = nameWords(text);
  const letters = words.join('').replace(/\P{L}/gu, '').length;
  if (letters < 2)
    return { ok: false, problem: 'needs at least 2 letters after punctuation and accents are dropped' };
  if (words.length > MAX_QUERY_WORDS) return { ok: false, problem: `at most ${MAX_QUERY_WORDS} words` };
  const significant = words.filter((word) => !OPTIONAL_QUERY_WORDS.has(word));
  const required = [...new Set(significant.length > 0 ? significant : words)];
  const surnameKeys = new Set<string>();
  for (let start = 0; start < words.length; start++)
    for (let end = start + 1; end <= words.length; end++)
      surnameKeys.add(words.slice(start, end).join(' ').slice(0, SURNAME_KEY_MAX));
  return { ok: true, query: { words, required, surnameKeys: [...surnameKeys].sort() } };
}

/** Whether a stored name_key holds every required word of a query (the check SQL makes with LIKE). */
export function nameKeyMatches(nameKey: string, query: NameQuery): boolean {
  return query.required.every((word) => nameKey.includes(` ${word} `));
}
