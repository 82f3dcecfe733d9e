import { z } from 'zod';
import { identifierSchema } from '../identifiers/identifier';
import { matchExplanationSchema } from '../matching/match-explanation';
import { subjectBirthSchema, subjectKinds } from '../matching/screened-subject';
import { designationTypes, partialDateSchema } from '../sanctions-designation';
import { subjectRoles } from './screening-subjects';

/*
 * What screen_sanctions answers. Every potential match carries the designation it is set against and the
 * matcher's explanation; `screened` lists every name compared, so a result with no match says exactly who was
 * checked against which list version.
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

export const sanctionsMatchViewSchema = z.object({
  subject_id: z.string(),
  subject: z.object({ role: z.enum(subjectRoles), kind: z.enum(subjectKinds), name: z.string() }),
  score: z.number().min(0).max(1),
  threshold: z.number().min(0).max(1),
  designation: designationViewSchema,
  explanation: matchExplanationSchema,
});

export const sanctionsScreenSchema = z.object({
  company_number: z.string(),
  company_name: z.string(),
  screened_at: z.iso.datetime(),
  list: z
    .object({
      name: z.literal('UK Sanctions List'),
      version_id: z.number().int(),
      report_date: z.string().nullable(),
      content_sha256: z.string(),
      imported_at: z.iso.datetime(),
      designations: z.number().int(),
    })
    .nullable()
    .describe('The list version screened against; null when no list is loaded (then nothing was screened)'),
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
