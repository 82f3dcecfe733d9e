import { z } from 'zod';

/*
 * One designation of the UK Sanctions List as this service holds it: the rows of the published CSV that share a
 * Unique ID, folded into one record. Only what screening and review read has a field of its own; every other
 * published column is kept in `details` (column name → its distinct values), so nothing on the list is lost.
 */

export const designationTypes = ['individual', 'entity', 'ship'] as const;
export type DesignationType = (typeof designationTypes)[number];

/** The list's "Name type": Primary name, Primary name variation (a spelling of it), Alias (another name). */
export const designationNameTypes = ['primary', 'primary_variation', 'alias'] as const;
export type DesignationNameType = (typeof designationNameTypes)[number];

/** A date the list may give only in part (D.O.B "00/00/1965" or "1965"): unknown parts are null. */
export const partialDateSchema = z.object({
  year: z.number().int().min(1800).max(2100).nullable(),
  month: z.number().int().min(1).max(12).nullable(),
  day: z.number().int().min(1).max(31).nullable(),
});
export type PartialDate = z.infer<typeof partialDateSchema>;

export const designationNameSchema = z.object({
  /** As listed: Name 1 … Name 5 then Name 6 (the surname, or the whole name of an entity or ship). */
  name: z.string().min(1),
  /** Name 6 alone, when the row gave it; for people, the surname. */
  surname: z.string().nullable(),
  /** Name 1 … Name 5 joined, when the row gave any. */
  given_names: z.string().nullable(),
  name_type: z.enum(designationNameTypes),
  /** "Alias strength" as published ("Good quality", "Low quality", …); null when not given. */
  alias_strength: z.string().nullable(),
  title: z.string().nullable(),
  /** The row's "Name non-latin script" rather than its Name columns. */
  non_latin: z.boolean(),
  /** "Non-latin script type" and "Non-latin script language" (often blank on the list). */
  script: z.string().nullable(),
  language: z.string().nullable(),
});
export type DesignationName = z.infer<typeof designationNameSchema>;

export const designationAddressSchema = z.object({
  lines: z.array(z.string()),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
});
export type DesignationAddress = z.infer<typeof designationAddressSchema>;

export const sanctionsDesignationSchema = z.object({
  unique_id: z.string().min(1),
  type: z.enum(designationTypes),
  names: z.array(designationNameSchema).min(1),
  regimes: z.array(z.string()),
  designation_source: z.string().nullable(),
  sanctions_imposed: z.array(z.string()),
  /** ISO days (the list's dd/mm/yyyy). */
  date_designated: z.string().nullable(),
  last_updated: z.string().nullable(),
  ofsi_group_id: z.string().nullable(),
  un_reference_number: z.string().nullable(),
  birth_dates: z.array(partialDateSchema),
  nationalities: z.array(z.string()),
  addresses: z.array(designationAddressSchema),
  birth_countries: z.array(z.string()),
  other_information: z.string().nullable(),
  statement_of_reasons: z.string().nullable(),
  /** Every other published column with a value: column name → distinct values in file order. */
  details: z.record(z.string(), z.array(z.string())),
});
export type SanctionsDesignation = z.infer<typeof sanctionsDesignationSchema>;

/** The countries a designation is tied to by address, for screening's country comparison. */
export function addressCountries(designation: Pick<SanctionsDesignation, 'addresses'>): string[] {
  const countries: string[] = [];
  for (const address of designation.addresses)
    if (address.country !== null && !countries.includes(address.country)) countries.push(address.country);
  return countries;
}
