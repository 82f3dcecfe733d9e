// talisman ships no type declarations; this is the one module the matcher uses.
declare module 'talisman/metrics/jaro-winkler' {
  /** Jaro-Winkler similarity, 0..1 (Winkler's prefix boost above 0.7, scaling factor 0.1). */
  export function similarity(a: string, b: string): number;
}
