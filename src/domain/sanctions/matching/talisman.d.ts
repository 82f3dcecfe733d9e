// talisman ships no type declarations; these are the two modules the service uses.
declare module 'talisman/metrics/jaro-winkler' {
  /** Jaro-Winkler similarity, 0..1 (Winkler's prefix boost above 0.7, scaling factor 0.1). */
  export function similarity(a: string, b: string): number;
}

declare module 'talisman/metrics/levenshtein' {
  /** Levenshtein edit distance: insertions, deletions and substitutions, each costing 1. */
  export default function levenshtein(a: string, b: string): number;
}

declare module 'talisman/phonetics/double-metaphone' {
  /** Lawrence Philips' Double Metaphone: the primary and the alternative key of a word's sound. */
  export default function doubleMetaphone(word: string): [string, string];
}
