/*
 * Digits typed for the letters they look like (IG0R SECH1N, 5BERBANK): a slip of the keyboard, or a spelling
 * chosen to slip past a filter. A word that mixes letters and digits is read with each such digit as its letter;
 * a word of digits alone is a number and stays one (NORD STREAM 2, ACME 2000).
 */

const LETTER_OF_DIGIT: Readonly<Record<string, string>> = {
  '0': 'O',
  '1': 'I',
  '3': 'E',
  '4': 'A',
  '5': 'S',
  '7': 'T',
  '8': 'B',
};
const LETTER = /[A-Z]/;
const DIGIT = /\d/;

/** The word with digits read as letters, when it mixes both; otherwise the word itself. */
export function lettersForDigits(word: string): string {
  if (!LETTER.test(word) || !DIGIT.test(word)) return word;
  return word.replace(/\d/g, (digit) => LETTER_OF_DIGIT[digit] ?? digit);
}
