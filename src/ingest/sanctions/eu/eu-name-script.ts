/*
 * Whether a name is written in Latin letters. The EU list's nameLanguage says the language of a name ("RU",
 * "AR", "EN"), not its script: a Russian name is published both in Cyrillic and transliterated, each with
 * nameLanguage="RU". So the script is read from the letters themselves; a name with no Latin letter is marked
 * non_latin, which the matcher transliterates before comparing.
 */

const SCRIPTS = [
  'Cyrillic',
  'Greek',
  'Arabic',
  'Hebrew',
  'Armenian',
  'Georgian',
  'Han',
  'Hangul',
  'Thai',
] as const;

/** Null for a Latin (or letterless) name; otherwise the script of its first non-Latin letter ("Cyrillic"), or "Other". */
export function nonLatinScript(name: string): string | null {
  if (/\p{Script=Latin}/u.test(name) || !/\p{L}/u.test(name)) return null;
  for (const script of SCRIPTS) if (new RegExp(`\\p{Script=${script}}`, 'u').test(name)) return script;
  return 'Other';
}
