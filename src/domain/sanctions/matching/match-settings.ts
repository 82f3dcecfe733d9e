import { z } from 'zod';
import type { WordWeights } from './word-weights';

/*
 * Every number the matcher decides with, in one table: the thresholds a score must reach, the credit each kind of
 * word agreement earns, and what a date of birth, a nationality or a country of residence adds or takes away.
 * docs/sanctions-matching.md publishes the defaults and a test compares the two.
 *
 * A score is the name score (0..1) times (name weight + each feature's adjustment). Features scale with the name
 * score so that a date of birth or a nationality can strengthen or weaken a name that agrees, but can never make
 * a match of names that do not; the weights are checked so that a score always stays within 0..1.
 */

/** Bumped whenever a rule, a table or a default changes, so that a stored result says which matcher made it. */
export const SANCTIONS_MATCHING_VERSION = 'sanctions-matching-2';

const unit = z.number().min(0).max(1);
const adjustment = z.number().min(-1).max(1);

/** The score a potential match must reach, per kind of subject: person (individuals) or entity (entities, ships). */
export const matchThresholdsSchema = z.object({ person: unit, entity: unit });
export type MatchThresholds = z.infer<typeof matchThresholdsSchema>;

export const matchWeightsSchema = z
  .object({
    /** Share of the score the name carries when nothing else is known. */
    name: unit,
    /** Credit of a word pair that is not identical, by how the words agree. */
    credit: z.object({
      spellingVariant: unit,
      nickname: unit,
      joined: unit,
      initial: unit,
      /** Two spellings that sound alike (one Double Metaphone key of at least three sounds): PUTIN / PUDIN. */
      phonetic: unit,
      /** A word in Arabic or Hebrew script whose consonants are those of the Latin word: MHMD / MUHAMMAD. */
      consonants: unit,
      /** An entity's acronym against the words it stands for: IRGC / ISLAMIC REVOLUTIONARY GUARD CORPS. */
      acronym: unit,
    }),
    /**
     * Jaro-Winkler similarity at or below which two different words earn nothing; above it, credit rises
     * linearly to 1. Entities need closer words: GLOBAL TRADE is not GLOBAL TRADING.
     */
    similarityFloor: z.object({ person: unit, entity: unit }),
    /**
     * How much a word only one name has counts against it, against 1 for a word that contradicts: a missing
     * middle name or patronymic is not a different name (the list gives patronymics and whole Arabic name chains
     * that the register leaves out). An entity's extra word is a different company.
     */
    missingWord: z.object({ person: unit, entity: unit }),
    /**
     * An entity's number only one name has (EASTERN FALCON 1 / EASTERN FALCON): a series or a ship's number the
     * other source leaves out, weighed less than another word. Two numbers that differ still contradict.
     */
    missingNumber: unit,
    dateOfBirth: z.object({
      sameMonthAndYear: adjustment,
      sameYear: adjustment,
      sameYearOtherMonth: adjustment,
      yearOffByOne: adjustment,
      yearDiffers: adjustment,
    }),
    nationality: z.object({ agrees: adjustment, differs: adjustment }),
    residence: z.object({ agrees: adjustment, differs: adjustment }),
    /** Entities: two legal forms of different kinds (OOO against PAO). A form one name leaves out counts 0. */
    legalForm: z.object({ differs: adjustment }),
    /**
     * match: the score an identifier shared with the designation (same scheme, same number) lifts a pair to,
     * whatever the names say: a registry number names one company or ship, a name many. It stands outside the
     * name-scaled sum, so it must reach every threshold (checked below). differs: the adjustment, scaled by the
     * name score like the other features, when both sides give a number of one scheme and none agrees: a company
     * has one Companies House number, so a listed UK company with another number is another company; small,
     * because the list's numbers are sometimes mistyped or out of date, and the name still goes to review.
     */
    identifier: z.object({ match: unit, differs: adjustment }),
  })
  .refine(
    (w) => {
      const best =
        w.name +
        Math.max(...Object.values(w.dateOfBirth), 0) +
        Math.max(w.nationality.agrees, 0) +
        Math.max(w.residence.agrees, 0);
      const worst =
        w.name +
        Math.min(...Object.values(w.dateOfBirth), 0) +
        Math.min(w.nationality.differs, 0) +
        Math.min(w.residence.differs, 0) +
        Math.min(w.legalForm.differs, 0) +
        Math.min(w.identifier.differs, 0);
      return best <= 1 + 1e-9 && worst >= 0;
    },
    {
      message:
        'the name weight and the best adjustments must add up to at most 1, and the worst to at least 0',
    },
  );
export type MatchWeights = z.infer<typeof matchWeightsSchema>;

export const matchSettingsSchema = z
  .object({
    thresholds: matchThresholdsSchema,
    weights: matchWeightsSchema,
  })
  .refine((s) => s.weights.identifier.match >= Math.max(s.thresholds.person, s.thresholds.entity), {
    message: 'an identifier match must reach every threshold (weights.identifier.match)',
  });
export type MatchSettings = z.infer<typeof matchSettingsSchema>;

export const DEFAULT_MATCH_THRESHOLDS: MatchThresholds = { person: 0.72, entity: 0.72 };

export const DEFAULT_MATCH_WEIGHTS: MatchWeights = {
  name: 0.85,
  credit: {
    spellingVariant: 0.95,
    nickname: 0.9,
    joined: 0.95,
    initial: 0.8,
    phonetic: 0.85,
    consonants: 0.85,
    acronym: 0.9,
  },
  similarityFloor: { person: 0.8, entity: 0.85 },
  missingWord: { person: 0.15, entity: 1 },
  missingNumber: 0.25,
  dateOfBirth: {
    sameMonthAndYear: 0.1,
    sameYear: 0.05,
    sameYearOtherMonth: -0.15,
    yearOffByOne: -0.15,
    yearDiffers: -0.25,
  },
  nationality: { agrees: 0.03, differs: -0.05 },
  residence: { agrees: 0.02, differs: -0.02 },
  legalForm: { differs: -0.08 },
  identifier: { match: 1, differs: -0.1 },
};

export const DEFAULT_MATCH_SETTINGS: MatchSettings = matchSettingsSchema.parse({
  thresholds: DEFAULT_MATCH_THRESHOLDS,
  weights: DEFAULT_MATCH_WEIGHTS,
});

/** What a caller may change: thresholds one by one (from configuration), weights as a whole table (experiments). */
export interface MatchOptions {
  thresholds?: Partial<MatchThresholds>;
  weights?: MatchWeights;
  /** The list's common words and their weights (listWordWeights, once per list version); none: every word weighs 1. */
  wordWeights?: WordWeights;
}

/** The settings a call runs with, checked: an override that breaks the table's invariants throws. */
export function resolveMatchSettings(options: MatchOptions | undefined): MatchSettings {
  if (!options || (options.thresholds === undefined && options.weights === undefined))
    return DEFAULT_MATCH_SETTINGS;
  return matchSettingsSchema.parse({
    thresholds: { ...DEFAULT_MATCH_THRESHOLDS, ...options.thresholds },
    weights: options.weights ?? DEFAULT_MATCH_WEIGHTS,
  });
}
