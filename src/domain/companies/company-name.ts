/*
 * Company names as search compares them. Companies House treats many spellings of one name as the same name
 * (its "same as" rules): LTD and LIMITED, PLC and PUBLIC LIMITED COMPANY, & and AND, punctuation, case, a leading
 * THE. People type any of them, so the register stores each name once in a canonical form and every query is put
 * in the same form before it is compared. Legal forms are canonicalised, not dropped: "ACME LLP" and "ACME
 * LIMITED" are different companies, and a query naming one should find that one first (see nameStem for the
 * query that names neither).
 */

/** Multi-word forms first, so LIMITED LIABILITY PARTNERSHIP is not read as LIMITED + LIABILITY + PARTNERSHIP. */
const PHRASES: readonly (readonly [words: readonly string[], canonical: string])[] = [
  [['PUBLIC', 'LIMITED', 'COMPANY'], 'PLC'],
  [['LIMITED', 'LIABILITY', 'PARTNERSHIP'], 'LLP'],
  [['COMMUNITY', 'INTEREST', 'COMPANY'], 'CIC'],
  [['LIMITED', 'PARTNERSHIP'], 'LP'],
  // Welsh forms, which the Companies Act allows for companies registered in Wales.
  [['CWMNI', 'CYFYNGEDIG', 'CYHOEDDUS'], 'PLC'],
  [['PARTNERIAETH', 'ATEBOLRWYDD', 'CYFYNGEDIG'], 'LLP'],
  [['CWMNI', 'BUDDIANT', 'CYMUNEDOL'], 'CIC'],
  [['PARTNERIAETH', 'CYFYNGEDIG'], 'LP'],
];

const WORDS: ReadonlyMap<string, string> = new Map([
  ['LTD', 'LIMITED'],
  ['CYF', 'LIMITED'],
  ['CYFYNGEDIG', 'LIMITED'],
  ['CCC', 'PLC'],
  ['PAC', 'LLP'],
  ['CBC', 'CIC'],
  ['CO', 'COMPANY'],
]);

/** The canonical legal forms a name can end with, after normalisation. */
export const LEGAL_FORMS: readonly string[] = ['LIMITED', 'UNLIMITED', 'PLC', 'LLP', 'LP', 'CIC'];
const LEGAL_FORM_SET: ReadonlySet<string> = new Set(LEGAL_FORMS);

const PHRASE_STARTS: ReadonlySet<string> = new Set(PHRASES.map(([words]) => words[0]!));

const COMBINING_MARKS = /\p{M}+/gu;
const NON_ASCII = /[\u0080-\uffff]/;
// Dots and apostrophes join what they separate (C.I.C. is CIC, ST. MARY'S is ST MARYS); other punctuation splits.
const JOINING = /[.'\u2018\u2019`]/g;
const SPLITTING = /[^\p{L}\p{N}]+/gu;
const SPLITTING_ASCII = /[^A-Z0-9]+/g;

/**
 * The canonical form of a company name: upper case, diacritics removed, & as AND, punctuation dropped, legal
 * forms in one spelling, a leading or trailing THE removed ("BLUE DOOR GALLERY LIMITED (THE)", as the register
 * writes some names), words separated by one space. An empty string when nothing searchable is left.
 */
export function normaliseCompanyName(name: string): string {
  // The importer normalises every name of the register: most are plain ASCII and skip Unicode decomposition.
  const ascii = !NON_ASCII.test(name);
  const words = (ascii ? name : name.normalize('NFKD').replace(COMBINING_MARKS, ''))
    .toUpperCase()
    .replaceAll('&', ' AND ')
    .replace(JOINING, '')
    .replace(ascii ? SPLITTING_ASCII : SPLITTING, ' ')
    .trim()
    .split(' ');
  if (words.length === 1 && words[0] === '') return '';

  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    const word = words[i]!;
    const phrase = PHRASE_STARTS.has(word)
      ? PHRASES.find(([parts]) => parts.every((part, k) => words[i + k] === part))
      : undefined;
    if (phrase) {
      out.push(phrase[1]);
      i += phrase[0].length;
      continue;
    }
    out.push(WORDS.get(word) ?? word);
    i++;
  }
  if (out.length > 1 && out[0] === 'THE') out.shift();
  if (out.length > 1 && out[out.length - 1] === 'THE') out.pop();
  return out.join(' ');
}

/** A normalised name without its trailing legal form: "ACME WIDGETS LIMITED" → "ACME WIDGETS". */
export function nameStem(normalisedName: string): string {
  const space = normalisedName.lastIndexOf(' ');
  if (space === -1) return normalisedName;
  return LEGAL_FORM_SET.has(normalisedName.slice(space + 1))
    ? normalisedName.slice(0, space)
    : normalisedName;
}

/**
 * Every normalised name that differs from `normalisedName` at most in its legal form: what someone who typed
 * "Acme Widgets" (or "Acme Widgets Ltd" when the company is an LLP) most likely meant.
 */
export function legalFormVariants(normalisedName: string): string[] {
  const stem = nameStem(normalisedName);
  if (stem === '') return [];
  return [stem, ...LEGAL_FORMS.map((form) => `${stem} ${form}`)];
}

/** The words of a normalised name. */
export function nameWords(normalisedName: string): string[] {
  return normalisedName === '' ? [] : normalisedName.split(' ');
}

/**
 * The words the full-text index holds for a name: all but legal forms. LIMITED is in most names on the register,
 * so as a search word it selects almost everything while costing the index an entry per company; names that
 * differ only in their legal form are found by exact match instead (legalFormVariants).
 */
export function fullTextWords(normalisedName: string): string[] {
  return nameWords(normalisedName).filter((word) => !LEGAL_FORM_SET.has(word));
}
