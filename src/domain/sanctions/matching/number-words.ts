/*
 * Numbers written out, read as digits, so that BRIGADE FORTY FOUR and BRIGADE 44, FIRST NATIONAL and 1ST
 * NATIONAL compare as one name. English only: the list's entity names are in English or transliterated, and the
 * register's are English. A run of number words becomes one number (FORTY FOUR is 44, ONE HUNDRED AND TWO is
 * 102); ordinals become their number (FIRST and 1ST are 1).
 */

const UNITS = [
  'ZERO',
  'ONE',
  'TWO',
  'THREE',
  'FOUR',
  'FIVE',
  'SIX',
  'SEVEN',
  'EIGHT',
  'NINE',
  'TEN',
  'ELEVEN',
  'TWELVE',
  'THIRTEEN',
  'FOURTEEN',
  'FIFTEEN',
  'SIXTEEN',
  'SEVENTEEN',
  'EIGHTEEN',
  'NINETEEN',
];
const TENS = ['', '', 'TWENTY', 'THIRTY', 'FORTY', 'FIFTY', 'SIXTY', 'SEVENTY', 'EIGHTY', 'NINETY'];
const ORDINAL_UNITS = [
  '',
  'FIRST',
  'SECOND',
  'THIRD',
  'FOURTH',
  'FIFTH',
  'SIXTH',
  'SEVENTH',
  'EIGHTH',
  'NINTH',
  'TENTH',
  'ELEVENTH',
  'TWELFTH',
  'THIRTEENTH',
  'FOURTEENTH',
  'FIFTEENTH',
  'SIXTEENTH',
  'SEVENTEENTH',
  'EIGHTEENTH',
  'NINETEENTH',
];
const ORDINAL_TENS = [
  '',
  '',
  'TWENTIETH',
  'THIRTIETH',
  'FORTIETH',
  'FIFTIETH',
  'SIXTIETH',
  'SEVENTIETH',
  'EIGHTIETH',
  'NINETIETH',
];

const SMALL = new Map<string, number>();
UNITS.forEach((word, value) => SMALL.set(word, value));
TENS.forEach((word, value) => word && SMALL.set(word, value * 10));
ORDINAL_UNITS.forEach((word, value) => word && SMALL.set(word, value));
ORDINAL_TENS.forEach((word, value) => word && SMALL.set(word, value * 10));
const SCALES = new Map([
  ['HUNDRED', 100],
  ['HUNDREDTH', 100],
  ['THOUSAND', 1000],
  ['THOUSANDTH', 1000],
]);
const DIGIT_ORDINAL = /^(\d+)(?:ST|ND|RD|TH)$/;
/** Words that only announce the number after them: FACTORY NO 12 is FACTORY 12. */
const NUMBER_MARKERS = new Set(['NO', 'NR', 'NUM', 'NUMBER']);
/** A Roman numeral closing a name (EASTERN FALCON II, like a ship's or a fund's series number). */
const ROMAN = new Map([
  ['I', 1],
  ['II', 2],
  ['III', 3],
  ['IV', 4],
  ['V', 5],
  ['VI', 6],
  ['VII', 7],
  ['VIII', 8],
  ['IX', 9],
  ['X', 10],
]);

/**
 * The words with each run of number words, each ordinal and a closing Roman numeral written as digits, and the
 * words that announce a number dropped.
 */
export function numbersAsDigits(words: readonly string[]): string[] {
  const digits = wordsAsDigits(words);
  const last = digits[digits.length - 1];
  if (digits.length > 1 && last !== undefined && ROMAN.has(last))
    digits[digits.length - 1] = String(ROMAN.get(last));
  return digits.filter(
    (word, i) => !(NUMBER_MARKERS.has(word) && /^\d+$/.test(digits[i + 1] ?? '') && i > 0),
  );
}

function wordsAsDigits(words: readonly string[]): string[] {
  const result: string[] = [];
  let i = 0;
  while (i < words.length) {
    const word = words[i]!;
    const ordinal = DIGIT_ORDINAL.exec(word);
    if (ordinal) {
      result.push(String(Number(ordinal[1])));
      i++;
      continue;
    }
    if (!SMALL.has(word)) {
      result.push(word);
      i++;
      continue;
    }
    let total = 0;
    let current = 0;
    let j = i;
    for (; j < words.length; j++) {
      const next = words[j]!;
      const small = SMALL.get(next);
      const scale = SCALES.get(next);
      if (small !== undefined) current += small;
      else if (scale !== undefined && current > 0) {
        current *= scale;
        if (scale >= 1000) {
          total += current;
          current = 0;
        }
      } else if (next === 'AND' && j + 1 < words.length && SMALL.has(words[j + 1]!) && current >= 100)
        continue;
      else break;
    }
    result.push(String(total + current));
    i = j;
  }
  return result;
}
