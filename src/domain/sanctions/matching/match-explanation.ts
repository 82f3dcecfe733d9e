import { z } from 'zod';
import { aliasQualityRules } from './alias-quality';
import { birthDateRules } from './compare-birth-dates';
import { legalFormRules } from './legal-form-comparison';
import { nationalityRules, residenceRules } from './compare-countries';
import { identifierRules } from './compare-identifiers';
import { listedBirthDateSchema, listedNameKinds, listedPartySchema, listedPartyTypes } from './listed-party';
import { subjectKinds } from './screened-subject';
import { tokenMatchMethods } from './token-similarity';

/*
 * What a reviewer is shown for each potential match, so the score can be checked by hand: which listed name
 * matched which screened name, word by word with each pair's similarity and credit, the words left over, and what
 * each feature added. The contributions add up to the score. A potential match is a name to review, not a
 * finding that anyone is sanctioned.
 */

export const tokenPairSchema = z.object({
  subject: z.string(),
  listed: z.string(),
  method: z.enum(tokenMatchMethods),
  /** Jaro-Winkler similarity of the two spellings (the closer of as written and folded). */
  similarity: z.number().min(0).max(1),
  /** What the pair earned toward the name score. */
  credit: z.number().min(0).max(1),
  /** How much the pair counts: 1, or less when its words are common on the list. */
  weight: z.number().min(0).max(1),
});
export type TokenPairView = z.infer<typeof tokenPairSchema>;

export const nameMatchSchema = z.object({
  subject: z.object({ text: z.string(), tokens: z.array(z.string()), ignored: z.array(z.string()) }),
  listed: z.object({
    text: z.string(),
    kind: z.enum(listedNameKinds),
    tokens: z.array(z.string()),
    ignored: z.array(z.string()),
  }),
  pairs: z.array(tokenPairSchema),
  unmatchedSubjectTokens: z.array(z.string()),
  unmatchedListedTokens: z.array(z.string()),
  /** The words compared that weigh less than 1 because the list has them on many designations. */
  commonWords: z.record(z.string(), z.number()),
  /** Σ weight × credit / divisor (see docs/sanctions-matching.md). */
  creditSum: z.number(),
  divisor: z.number(),
  score: z.number().min(0).max(1),
  /** How many of the designation's names were compared; this one scored best. */
  namesCompared: z.number().int().min(0),
  /**
   * Names that would have scored better but do not count unless their words are the same as the subject's: a
   * low-quality alias, a one-word alias of a person. Absent: none.
   */
  notCounted: z
    .array(
      z.object({
        text: z.string(),
        rule: z.enum(aliasQualityRules),
        score: z.number().min(0).max(1),
      }),
    )
    .optional(),
});
export type NameMatch = z.infer<typeof nameMatchSchema>;

export const contributionRules = [
  'name',
  'kind_mismatch',
  ...birthDateRules,
  ...nationalityRules,
  ...residenceRules,
  ...legalFormRules,
  ...identifierRules,
] as const;
export type ContributionRule = (typeof contributionRules)[number];

export const matchFeatures = [
  'name',
  'date_of_birth',
  'nationality',
  'residence',
  'legal_form',
  'identifier',
] as const;

export const contributionSchema = z.object({
  feature: z.enum(matchFeatures),
  /** The stable code of the rule that decided this feature. */
  rule: z.enum(contributionRules),
  /** The weight (name) or adjustment (others) from the settings table. */
  weight: z.number(),
  /** weight × name score: what this feature added to the score (negative: took away). */
  value: z.number(),
  evidence: z.string(),
});
export type Contribution = z.infer<typeof contributionSchema>;

export const matchExplanationSchema = z.object({
  modelVersion: z.string(),
  subjectKind: z.enum(subjectKinds),
  partyType: z.enum(listedPartyTypes),
  /** null when a person was set against an entity or the reverse: they are never compared. */
  name: nameMatchSchema.nullable(),
  birthDate: z.object({ listed: listedBirthDateSchema.nullable() }).nullable(),
  contributions: z.array(contributionSchema),
});
export type MatchExplanation = z.infer<typeof matchExplanationSchema>;

export const pairComparisonSchema = z.object({
  /** 0..1, rounded to 4 places: the sum of the contributions. */
  score: z.number().min(0).max(1),
  /** The threshold for this kind of subject. */
  threshold: z.number().min(0).max(1),
  passed: z.boolean(),
  explanation: matchExplanationSchema,
  party: listedPartySchema,
});
export type PairComparison = z.infer<typeof pairComparisonSchema>;

/** A comparison whose score reached its threshold: a name for an analyst to review. */
export const potentialMatchSchema = pairComparisonSchema.extend({ passed: z.literal(true) });
export type PotentialMatch = z.infer<typeof potentialMatchSchema>;
