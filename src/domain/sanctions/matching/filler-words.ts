/*
 * Words that join or introduce the words of a name without identifying anyone. Dropped before comparison so that
 * "Bashar AL-ASSAD" and "Bashar ASSAD", or "Smith & Sons" and "The Smith and Sons", read alike.
 */

/**
 * Particles of people's names (Arabic, Dutch, German, Romance). Dropped only while at least two other words
 * remain, so "Al SMITH" keeps AL. BEN is not here: it is also a forename.
 */
export const PERSON_NAME_PARTICLES: ReadonlySet<string> = new Set([
  'AL',
  'EL',
  'BIN',
  'BINT',
  'IBN',
  'VAN',
  'VON',
  'DER',
  'DEN',
  'DE',
  'DA',
  'DI',
  'DO',
  'DOS',
  'DAS',
  'DEL',
  'DELLA',
  'LA',
  'LE',
  'DU',
  'Y',
]);

/** Joining words of company names in the languages the list uses most ("&" is read as AND first). */
export const ENTITY_FILLER_WORDS: ReadonlySet<string> = new Set(['THE', 'AND', 'OF', 'ET', 'UND', 'FOR']);
