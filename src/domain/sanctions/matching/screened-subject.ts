import { z } from 'zod';
import { identifierSchema } from '../identifiers/identifier';

/*
 * Someone screened against the list, as Companies House describes them: a company (its name or a previous name),
 * a corporate officer or legal-entity PSC (entities), or an officer or individual PSC (people).
 */

export const subjectKinds = ['person', 'entity'] as const;
export type SubjectKind = (typeof subjectKinds)[number];

/** Companies House publishes an officer's or a PSC's month and year of birth, never the day. */
export const subjectBirthSchema = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12).nullable(),
});
export type SubjectBirth = z.infer<typeof subjectBirthSchema>;

export const screenedSubjectSchema = z.object({
  kind: z.enum(subjectKinds),
  /** People as the register writes them ("SMITH, John Paul") or plainly ("John Paul Smith"). */
  name: z.string().min(1),
  birth: subjectBirthSchema.nullable(),
  /** As the register writes it: "British", "Russian", sometimes two ("British,Russian"). */
  nationality: z.string().nullable(),
  /** As the register writes it: "England", "United Kingdom", "Russia". */
  countryOfResidence: z.string().nullable(),
  /** An entity's registry numbers: the company's own number, a corporate officer's or PSC's registration. */
  identifiers: z.array(identifierSchema).optional(),
});
export type ScreenedSubject = z.infer<typeof screenedSubjectSchema>;
