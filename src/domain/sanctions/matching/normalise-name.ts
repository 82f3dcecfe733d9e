import { transliterate } from 'transliteration';
import { COMPANY_NUMBER_PHRASES, COMPANY_NUMBER_WORD } from './company-number-noise';
import { ENTITY_FILLER_WORDS, PERSON_NAME_PARTICLES } from './filler-words';
import { POST_NOMINALS, TITLES } from './honorifics';
import { lettersForDigits } from './digits-for-letters';
import { ALL_LEGAL_FORMS } from './elf-legal-forms';
import { numbersAsDigits } from './number-words';
import type { SubjectKind } from './screened-subject';

/*
 * A name as the matcher compares it: upper-case ASCII words, with what does not identify anyone taken out and
 * kept aside so the explanation can say what was ignored. The same steps run on the screened name and on every
 * listed name, so two names are compared on equal terms:
 *
 * 1. Other scripts are transliterated and accents dropped (Александр → ALEKSANDR, Müller → MULLER), by the
 *    transliteration library, which also reads Greek, Arabic (consonants only, as the script writes) and Chinese
 *    (pinyin, one word per character).
 * 2. Entities: registration numbers and states ("(01234567)", "(IN LIQUIDATION)") are removed.
 * 3. "&" is AND; apostrophes join (O'BRIEN is OBRIEN); in entity names dots join (S.A.R.L. is SARL), in people's
 *    names they separate (J.P. Smith is J P SMITH); every other mark separates words (SMITH-JONES is SMITH JONES).
 * 4. People: "SURNAME, Forenames[, Title]" is read as Companies House writes it; titles are dropped from the
 *    front of the forenames, post-nominals from the end, name particles (AL, BIN, VON…) anywhere while two other
 *    words remain.
 * 5. Entities: numbers written out become digits (FORTY FOUR is 44, FIRST is 1); legal forms are dropped from
 *    either end (OOO, ZAO, PJSC, GMBH, CO LTD, AKTIENGESELLSCHAFT…) and kept aside to be compared; joining words
 *    (THE, AND, OF…) are dropped anywhere.
 * 6. People: digits inside a word are read as the letters they stand for (IG0R is IGOR).
 * Nothing is dropped if nothing would remain: a name made only of such words keeps them.
 *
 * Hangul is split into its syllables before transliteration (김정은 is GIM JEONG EUN), as Chinese characters are,
 * since each syllable of a Korean name is a word of its Latin spelling. Arabic and Hebrew script write
 * consonants only; a name in them is marked `consonantal` so that its words are compared with the consonants of
 * the other name's words.
 */

export interface NormalisedName {
  /** The name as given. */
  text: string;
  /** The words compared, forenames before surname for people. */
  tokens: string[];
  /** Words taken out by steps 2, 4 and 5, in the order found. */
  ignored: string[];
  /** Entities: the legal forms taken off the ends (compared, not ignored, by the matcher). */
  legalForms: string[];
  /** Every word of the name in its order before anything was dropped: to find glued words and acronyms. */
  allWords: string[];
  /** The name was written in Arabic or Hebrew script, which leaves out vowels. */
  consonantal: boolean;
}

const COMBINING_MARKS = /\p{M}+/gu;
const APOSTROPHES = /['\u2018\u2019\u02bc`\u00b4]/g;
const SEPARATORS = /[^A-Z0-9]+/;

/** The legal forms by their last word and by their first word, longest first: the ends a name is searched at. */
const formsByLastWord = new Map<string, string[][]>();
const formsByFirstWord = new Map<string, string[][]>();
for (const form of ALL_LEGAL_FORMS) {
  const formWords = form.split(/[^A-Z0-9]+/).filter((word) => word !== '');
  if (formWords.length === 0) continue;
  for (const [index, word] of [
    [formsByLastWord, formWords[formWords.length - 1]!],
    [formsByFirstWord, formWords[0]!],
  ] as const)
    index.set(word, [...(index.get(word) ?? []), formWords]);
}
for (const index of [formsByLastWord, formsByFirstWord])
  for (const forms of index.values()) forms.sort((a, b) => b.length - a.length);

const CONSONANTAL_SCRIPT = /[\u0590-\u05FF\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const HANGUL_SYLLABLE = /([\uAC00-\uD7A3])(?=[\uAC00-\uD7A3])/g;

/**
 * Where the library's Cyrillic differs from the romanisation the UK list and passports use (BGN/PCGN, ICAO):
 * Ц is TS there, not C (KUZNETSOV, not KUZNECOV), and Х is KH, not H (KHODORKOVSKY).
 */
const CYRILLIC_AS_THE_LIST_WRITES_IT = { ц: 'ts', Ц: 'Ts', х: 'kh', Х: 'Kh' };

/** Upper-case ASCII, other scripts transliterated: the first step of every name and country comparison. */
export function toAsciiUpper(text: string): string {
  const syllables = text.normalize('NFKC').replace(HANGUL_SYLLABLE, '$1 ');
  return transliterate(syllables, { replace: CYRILLIC_AS_THE_LIST_WRITES_IT })
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toUpperCase();
}

function words(text: string): string[] {
  return text.split(SEPARATORS).filter((word) => word !== '');
}

export function normaliseName(text: string, kind: SubjectKind): NormalisedName {
  return kind === 'person' ? normalisePersonName(text) : normaliseEntityName(text);
}

const consonantal = (text: string) => CONSONANTAL_SCRIPT.test(text);

function normalisePersonName(text: string): NormalisedName {
  const ascii = toAsciiUpper(text).replaceAll('&', ' AND ').replace(APOSTROPHES, '');
  const ignored: string[] = [];
  const [first, ...rest] = ascii.split(',');
  let forenames: string[];
  let surname: string[];
  const commaSurname = words(first ?? '');
  if (rest.length > 0 && commaSurname.length > 0) {
    // "SMITH, John Paul, Dr": every part after the surname is forenames or a title
    surname = commaSurname;
    forenames = [];
    for (const part of rest) {
      const partWords = words(part);
      if (partWords.every((word) => TITLES.has(word) || POST_NOMINALS.has(word))) ignored.push(...partWords);
      else forenames.push(...partWords);
    }
  } else {
    surname = [];
    forenames = words(ascii);
  }
  const count = () => forenames.length + surname.length;
  while (forenames.length > 0 && count() > 1 && TITLES.has(forenames[0]!)) ignored.push(forenames.shift()!);
  // post-nominals close the name: the forenames in "SMITH, John OBE", the last words in "John Smith OBE"
  const last = surname.length > 0 && forenames.length === 0 ? surname : forenames;
  while (last.length > 0 && count() > 1 && POST_NOMINALS.has(last[last.length - 1]!))
    ignored.push(last.pop()!);
  const allWords = [...forenames, ...surname].map(lettersForDigits);
  let tokens = allWords;
  const particles = tokens.filter((word) => PERSON_NAME_PARTICLES.has(word));
  if (particles.length > 0 && tokens.length - particles.length >= 2) {
    ignored.push(...particles);
    tokens = tokens.filter((word) => !PERSON_NAME_PARTICLES.has(word));
  }
  return { text, tokens, ignored, legalForms: [], allWords, consonantal: consonantal(text) };
}

function normaliseEntityName(text: string): NormalisedName {
  const ignored: string[] = [];
  let ascii = toAsciiUpper(text);
  for (const phrase of COMPANY_NUMBER_PHRASES)
    ascii = ascii.replace(phrase, (found) => {
      ignored.push(found.trim());
      return ' ';
    });
  ascii = ascii.replaceAll('&', ' AND ').replace(APOSTROPHES, '').replaceAll('.', '');
  let tokens = words(ascii);
  const numbers = tokens.filter((word) => COMPANY_NUMBER_WORD.test(word));
  if (numbers.length > 0 && numbers.length < tokens.length) {
    ignored.push(...numbers);
    tokens = tokens.filter((word) => !COMPANY_NUMBER_WORD.test(word));
  }
  tokens = numbersAsDigits(tokens);
  const allWords = tokens;
  const legalForms: string[] = [];
  tokens = stripLegalForms(tokens, legalForms, ignored);
  ignored.push(...legalForms);
  const fillers = tokens.filter((word) => ENTITY_FILLER_WORDS.has(word));
  if (fillers.length > 0 && fillers.length < tokens.length) {
    ignored.push(...fillers);
    tokens = tokens.filter((word) => !ENTITY_FILLER_WORDS.has(word));
  }
  return { text, tokens, ignored, legalForms, allWords, consonantal: consonantal(text) };
}

/**
 * Legal forms off both ends, the end first, longest first, while a word other than a legal form remains. THE
 * at the start is ignored.
 */
function stripLegalForms(tokens: string[], removed: string[], ignored: string[]): string[] {
  let remaining = tokens;
  for (let changed = true; changed;) {
    changed = false;
    if (remaining[0] === 'THE' && remaining.length > 1) {
      ignored.push('THE');
      remaining = remaining.slice(1);
    }
    const atEnd = formsByLastWord.get(remaining[remaining.length - 1] ?? '') ?? [];
    const end = atEnd.find(
      (form) =>
        remaining.length > form.length &&
        form.every((word, i) => remaining[remaining.length - form.length + i] === word),
    );
    if (end) {
      removed.push(end.join(' '));
      remaining = remaining.slice(0, remaining.length - end.length);
      changed = true;
      continue;
    }
    const atStart = formsByFirstWord.get(remaining[0] ?? '') ?? [];
    const start = atStart.find(
      (form) => remaining.length > form.length && form.every((word, i) => remaining[i] === word),
    );
    if (start) {
      removed.push(start.join(' '));
      remaining = remaining.slice(start.length);
      changed = true;
    }
  }
  return remaining;
}
