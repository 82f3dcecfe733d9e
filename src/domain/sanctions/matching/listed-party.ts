import { z } from 'zod';
import { identifierSchema } from '../identifiers/identifier';

/*
 * A designation as the matcher reads it: only what name matching weighs. The list store maps each stored
 * designation to this shape; the matcher hands the same object back with each potential match, so whatever the
 * store needs to show a reviewer can travel through it (zod keeps unknown keys out of the parsed copy only).
 */

export const listedPartyTypes = ['individual', 'entity', 'ship'] as const;
export type ListedPartyType = (typeof listedPartyTypes)[number];

/**
 * primary: the designation's name; primary_variation: another spelling of it; alias: another name it goes by;
 * non_latin: a name in its own script (Cyrillic, Arabic, Chinese…), transliterated before comparison.
 */
export const listedNameKinds = ['primary', 'primary_variation', 'alias', 'non_latin'] as const;
export type ListedNameKind = (typeof listedNameKinds)[number];

export const listedNameSchema = z.object({
  /** "Forenames SURNAME" or "SURNAME, Forenames" for people; the whole name for entities and ships. */
  text: z.string().min(1),
  kind: z.enum(listedNameKinds),
  /**
   * The list's "Alias strength": `low` for a "Low quality" alias (a name too vague to screen on by itself, OFAC's
   * "weak a.k.a."), which counts only when the words are the same. Absent: good.
   */
  quality: z.enum(['good', 'low']).optional(),
});
export type ListedName = z.infer<typeof listedNameSchema>;

/** A date of birth as the list gives it: any part may be unknown ("00/00/1965" is a year alone). */
export const listedBirthDateSchema = z.object({
  year: z.number().int().nullable(),
  month: z.number().int().min(1).max(12).nullable(),
  day: z.number().int().min(1).max(31).nullable(),
});
export type ListedBirthDate = z.infer<typeof listedBirthDateSchema>;

export const listedPartySchema = z.object({
  /** The list's Unique ID. */
  id: z.string().min(1),
  type: z.enum(listedPartyTypes),
  names: z.array(listedNameSchema).min(1),
  /** Every date of birth the list gives (some designations have several). */
  birthDates: z.array(listedBirthDateSchema),
  /** As the list writes them: names ("Russia") or codes; read through the country table. */
  nationalities: z.array(z.string()),
  /** Countries of the designation's addresses. */
  countries: z.array(z.string()),
  /** Registry numbers the list gives (registration numbers, IMO numbers), read by identifiers/. Absent: none. */
  identifiers: z.array(identifierSchema).optional(),
});
export type ListedParty = z.infer<typeof listedPartySchema>;
