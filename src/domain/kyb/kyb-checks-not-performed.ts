import { z } from 'zod';

/*
 * What a KYB check does not look at, said in every result so that a `pass` is not read as more than it is
 * (docs/kyb.md, "What a pass means", publishes the same rows and a unit test compares them).
 */

export const kybChecksNotPerformed = [
  'pep_screening',
  'adverse_media',
  'county_court_judgments',
  'contact_identity_documents',
] as const;

export const kybCheckNotPerformedSchema = z.object({
  check: z.enum(kybChecksNotPerformed),
  why: z.string().describe('Why the service does not perform it, in one line'),
});
export type KybCheckNotPerformed = z.infer<typeof kybCheckNotPerformedSchema>;

export const KYB_CHECKS_NOT_PERFORMED: readonly KybCheckNotPerformed[] = [
  {
    check: 'pep_screening',
    why: 'Politically exposed persons are not screened: the service holds no PEP list, only the sanctions lists named in inputs.',
  },
  {
    check: 'adverse_media',
    why: 'No news or adverse media source is searched.',
  },
  {
    check: 'county_court_judgments',
    why: 'County court judgments are not public data: the Register of Judgments, Orders and Fines is not open to this service.',
  },
  {
    check: 'contact_identity_documents',
    why: 'No identity document of the customer’s contact is seen or verified; only the register’s identity verification of directors and PSCs is read.',
  },
];
