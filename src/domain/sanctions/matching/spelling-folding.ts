/*
 * One spelling for the sounds that transliteration schemes and languages write differently, so that two
 * spellings of one name compare as one: Cyrillic Х is KH or H, Й is Y, J or I, Ц is TS, TZ or C, Ж after Д is
 * DZH or DJ; German writes SCH and Ü as UE, English writes X for KS. ALEKSANDR and ALEXANDR, SERGEY and SERGEI,
 * DMITRIY and DMITRIJ, YURIY and JURIJ, TSOI and TZOI all fold to one spelling.
 *
 * The folded spelling is never shown and never stored: it only decides whether two words are spelling variants
 * of each other. The rules run in this order on an upper-case ASCII word; an earlier rule may feed a later one.
 */
export const SPELLING_FOLDS: readonly (readonly [RegExp, string])[] = [
  [/DZH|DJ/g, 'J'],
  [/TSCH|TCH/g, 'CH'],
  [/SCH/g, 'SH'],
  // Ж: ZH in English, SCH in German (PRIGOZHIN, PRIGOSCHIN)
  [/ZH/g, 'SH'],
  [/KH/g, 'H'],
  [/GH/g, 'G'],
  [/PH/g, 'F'],
  [/CK|Q/g, 'K'],
  [/X/g, 'KS'],
  [/W/g, 'V'],
  // Ц: a placeholder keeps it apart from the C that becomes K next
  [/T[SZC](?!H)/g, 'c'],
  [/C(?!H)/g, 'K'],
  [/c/g, 'C'],
  // Й, Ы and the Y/J/I of Я, Ю, Е
  [/[JY]/g, 'I'],
  [/UE/g, 'U'],
  [/OE/g, 'O'],
  [/AE/g, 'A'],
  [/OU|OO/g, 'U'],
  [/EE/g, 'I'],
  [/^IE/g, 'E'],
  [/(.)\1+/g, '$1'],
];

/** Words folded so far: a screening folds the same listed and screened words many times over. */
const folds = new Map<string, string>();
const FOLDS_KEPT = 50_000;

/** A word's folded spelling (see SPELLING_FOLDS). */
export function foldSpelling(word: string): string {
  let folded = folds.get(word);
  if (folded === undefined) {
    folded = word;
    for (const [pattern, replacement] of SPELLING_FOLDS) folded = folded.replace(pattern, replacement);
    if (folds.size >= FOLDS_KEPT) folds.clear();
    folds.set(word, folded);
  }
  return folded;
}
