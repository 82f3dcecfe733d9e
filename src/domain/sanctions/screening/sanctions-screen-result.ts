import { z } from 'zod';
import { identifierSchema } from '../identifiers/identifier';
import { matchExplanationSchema } from '../matching/match-explanation';
import { subjectBirthSchema, subjectKinds } from '../matching/screened-subject';
import { designationTypes, partialDateSchema } from '../sanctions-designation';
import { sanctionsListIdSchema } from '../sanctions-lists';
import { subjectRoles } from './screening-subjects';

/*
 * What screen_sanctions answers. Every potential match carries the designation it is set against, every list
 * that designation is on (list, version, regime or programme, listing date) and the matcher's explanation;
 * `screened` lists every name compared and `lists` every list version compared with, and `lists_not_screened`
 * the lists that were not (not held, or not chosen by the account), so a result with no match says exactly who
 * was checked against what.
 */

export const SANCTIONS_DISCLAIMER =
  'A sanctions name match is not a finding that anyone is sanctioned: each potential match is a name for a ' +
  'person to review against the designation’s other details before drawing any conclusion.';

const detail = z.record(z.string(), z.string().nullable());

export const screenedSubjectViewSchema = z.object({
  subject_id: z.string(),
  role: z.enum(subjectRoles),
  kind: z.enum(subjectKinds),
  name: z.string(),
  birth: subjectBirthSchema.nullable().describe('Month and year of birth as the register gives it'),
  nationality: z.string().nullable(),
  country_of_residence: z.string().nullable(),
  detail: detail.describe('What brought the name in: officer role and dates, PSC kind and dates, name dates'),
  identifiers: z
    .array(identifierSchema)
    .describe(
      'Registry numbers checked against the numbers the list publishes: the company its own, a corporate officer or PSC its UK or Russian registration',
    ),
  candidates_compared: z
    .number()
    .int()
    .describe(
      'Designations of the same kind sharing a name word with this name or publishing its registry number, each compared in full',
    ),
  potential_matches: z.number().int(),
});

export const designationViewSchema = z.object({
  list: sanctionsListIdSchema.describe('The list this record of the designation is from'),
  unique_id: z.string(),
  type: z.enum(designationTypes),
  primary_name: z.string(),
  names: z.array(z.object({ name: z.string(), name_type: z.string(), non_latin: z.boolean() })),
  regimes: z.array(z.string()),
  date_designated: z.string().nullable(),
  last_updated: z.string().nullable(),
  birth_dates: z.array(partialDateSchema),
  nationalities: z.array(z.string()),
  countries: z.array(z.string()),
});

export const listingViewSchema = z.object({
  list: sanctionsListIdSchema,
  list_name: z.string(),
  list_version_id: z.number().int(),
  unique_id: z.string().describe('The designation’s id on that list'),
  regimes: z.array(z.string()).describe('The regimes (UK, EU, UN) or programmes (OFAC) it is listed under'),
  date_designated: z
    .string()
    .nullable()
    .describe('Listing date as that list gives it (ISO day); null when not given'),
  score: z.number().min(0).max(1).describe('The score against that list’s record of the designation'),
});

export const sanctionsMatchViewSchema = z.object({
  subject_id: z.string(),
  subject: z.object({
    role: z.enum(subjectRoles),
    kind: z.enum(subjectKinds),
    name: z.string(),
    path: z
      .string()
      .optional()
      .describe('For an owner (a KYB check’s ownership trace): the chain from the company to this owner'),
  }),
  score: z.number().min(0).max(1),
  threshold: z.number().min(0).max(1),
  designation: designationViewSchema.describe('The record that scored best, on the list it names'),
  listings: z
    .array(listingViewSchema)
    .min(1)
    .describe(
      'Every list this designation is on among those screened (one designation on several lists is one match): the same UN reference number, or the same type, name and dates of birth',
    ),
  explanation: matchExplanationSchema.describe('How the best-scoring record matched'),
});

export const screenedListSchema = z.object({
  list: sanctionsListIdSchema,
  name: z.string(),
  version_id: z.number().int(),
  published_on: z
    .string()
    .nullable()
    .describe('The publication’s own date; null when its layout gives none (OFAC)'),
  content_sha256: z.string(),
  imported_at: z.iso.datetime(),
  designations: z.number().int(),
});

export const unscreenedListSchema = z.object({
  list: sanctionsListIdSchema,
  name: z.string(),
  reason: z
    .enum(['not_held', 'not_chosen'])
    .describe('not_held: this service holds no version of it; not_chosen: the account screens without it'),
});

export const sanctionsScreenSchema = z.object({
  company_number: z.string(),
  company_name: z.string(),
  screened_at: z.iso.datetime(),
  lists: z
    .array(screenedListSchema)
    .describe(
      'The list versions screened against; empty when none is held or chosen (then nothing was screened)',
    ),
  lists_not_screened: z.array(unscreenedListSchema),
  method: z.object({
    matching_version: z.string(),
    thresholds: z.object({ person: z.number(), entity: z.number() }),
    include_resigned: z.boolean(),
  }),
  summary: z.string(),
  screened: z.array(screenedSubjectViewSchema),
  not_screened: z.array(z.object({ role: z.enum(['officer', 'psc']), reason: z.string(), detail })),
  potential_matches: z
    .array(sanctionsMatchViewSchema)
    .describe('Best first; each is for review, not a finding'),
  disclaimer: z.string(),
});
export type SanctionsScreen = z.infer<typeof sanctionsScreenSchema>;
export type SanctionsMatchView = z.infer<typeof sanctionsMatchViewSchema>;
export type ScreenedList = z.infer<typeof screenedListSchema>;
export type UnscreenedList = z.infer<typeof unscreenedListSchema>;
