import levenshtein from 'talisman/metrics/levenshtein';
import { nameStem, normaliseCompanyName } from '../companies/company-name';

/** Similarity of two normalised names, from 0 (nothing alike) to 1 (the same). */
export type NameSimilarity = (a: string, b: string) => number;

/**
 * 1 − edit distance ÷ length of the longer name, the distance from the string-similarity library the sanctions
 * matcher also uses: "one character in twenty differs" reads as 0.95, which a reviewer can check by eye.
 */
export const levenshteinSimilarity: NameSimilarity = (a, b) => {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - levenshtein(a, b) / longer;
};

/**
 * At or above this, a stated name that is not the registered name is a close match (refer); below it, a
 * mismatch (fail). 0.85 lets a typo or a word ending through (CONSULTING / CONSULTANCY scores 0.90) while two
 * different names that share only their legal form stay apart (BLUE LIMITED / RED LIMITED scores 0.67).
 */
export const NAME_CLOSE_MATCH_THRESHOLD = 0.85;

export interface NameComparison {
  stated: string;
  registered: string;
  /** Normalised forms, as compared. */
  statedNormalised: string;
  registeredNormalised: string;
  /** The same name after normalisation (company-name.ts: LTD is LIMITED, case, punctuation, a leading THE…). */
  same: boolean;
  /** The stated name gives no legal form, and is compared with the registered name without its own. */
  legalFormOmitted: boolean;
  /** 1 when the same; otherwise the similarity, to 4 places. */
  similarity: number;
}

/**
 * A stated name against one of the company's names. A stated name without a legal form ("Acme Widgets") is the
 * same as the registered one when only the registered legal form is missing: people leave it off, and leaving it
 * off names no other company. A stated name with another legal form ("Acme Widgets LLP" for ACME WIDGETS
 * LIMITED) is not the same: that can be another company.
 */
export function compareNames(stated: string, registered: string, similarity: NameSimilarity): NameComparison {
  const statedNormalised = normaliseCompanyName(stated);
  const registeredNormalised = normaliseCompanyName(registered);
  const legalFormOmitted = nameStem(statedNormalised) === statedNormalised;
  const target = legalFormOmitted ? nameStem(registeredNormalised) : registeredNormalised;
  const same = statedNormalised === registeredNormalised || statedNormalised === target;
  return {
    stated,
    registered,
    statedNormalised,
    registeredNormalised,
    same,
    legalFormOmitted: legalFormOmitted && statedNormalised !== registeredNormalised,
    similarity: same ? 1 : Math.round(similarity(statedNormalised, target) * 10_000) / 10_000,
  };
}
