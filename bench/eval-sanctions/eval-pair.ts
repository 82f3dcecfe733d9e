import { z } from 'zod';
import { listedPartySchema } from '../../src/domain/sanctions/matching/listed-party';
import { screenedSubjectSchema } from '../../src/domain/sanctions/matching/screened-subject';

/*
 * One labelled pair of the evaluation: a subject as Companies House gives it, a designation as the list store
 * hands it to the matcher, the label an analyst would give it, and where the pair comes from, so that anyone can
 * check the label against its source.
 */

export const evalCategories = ['person', 'entity', 'vessel'] as const;
export type EvalCategory = (typeof evalCategories)[number];

/** Kinds of difficulty a pair exercises (a pair may have several, or none beyond a plain comparison). */
export const difficulties = [
  'plain',
  'typo',
  'transliteration',
  'word_order',
  'initials',
  'legal_form',
  'glued_words',
  'numbers',
  'acronym',
  'nickname',
  'non_latin_script',
  'missing_words',
  'honorific',
  'date_of_birth',
  'similar_name',
  'kind_mismatch',
] as const;
export type Difficulty = (typeof difficulties)[number];

export const pairSourceSchema = z.object({
  /** A short name for the source, shown in the report. */
  name: z.string().min(1),
  /** A URL, or a path in this repository. */
  where: z.string().min(1),
  licence: z.string().min(1),
  /** True for pairs the project wrote itself rather than took from a published source. */
  own: z.boolean(),
});
export type PairSource = z.infer<typeof pairSourceSchema>;

export const evalPairSchema = z.object({
  /** Unique across the evaluation: the split hashes it. */
  id: z.string().min(1),
  expected: z.enum(['match', 'no_match']),
  category: z.enum(evalCategories),
  difficulty: z.array(z.enum(difficulties)).min(1),
  note: z.string(),
  source: pairSourceSchema,
  subject: screenedSubjectSchema,
  party: listedPartySchema,
});
export type EvalPair = z.infer<typeof evalPairSchema>;
