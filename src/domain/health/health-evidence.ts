import { z } from 'zod';
import { measureNameSchema, measureSourceSchema } from '../financials/accounts-measures';

/*
 * What a health rule's finding rests on, down to the record: register fields and dates, filings by transaction
 * id, accounts figures with the tagged facts they were read from, charges, officers, PSC statements and
 * insolvency cases by their ids. An agent can fetch every one of them with the detail tools.
 */

const isoDate = z.iso.date();

export const evidenceSchema = z.object({
  fields: z
    .array(z.object({ name: z.string(), value: z.union([z.string(), z.number(), z.boolean()]).nullable() }))
    .describe('Register fields and computed values, e.g. company_status, days_overdue'),
  dates: z.array(z.object({ name: z.string(), date: isoDate })).describe('Dates the finding turns on'),
  filings: z.array(
    z.object({ transaction_id: z.string(), type: z.string(), date: isoDate, description: z.string() }),
  ),
  accounts_figures: z.array(
    z.object({
      period_end: isoDate,
      measure: measureNameSchema,
      value: z.number(),
      sources: z.array(measureSourceSchema).describe('The tagged facts the figure was read from'),
    }),
  ),
  charges: z.array(
    z.object({
      charge_id: z.string(),
      charge_code: z.string().nullable(),
      status: z.string().describe('Status as of the score’s date'),
      created_on: isoDate.nullable(),
      satisfied_on: isoDate.nullable(),
    }),
  ),
  officers: z.array(
    z.object({
      appointment_id: z.string(),
      name: z.string(),
      role: z.string(),
      appointed_on: isoDate.nullable(),
      resigned_on: isoDate.nullable(),
    }),
  ),
  psc_statements: z.array(
    z.object({
      psc_id: z.string(),
      statement: z.string(),
      notified_on: isoDate.nullable(),
    }),
  ),
  insolvency_cases: z.array(
    z.object({
      case_number: z.number().int(),
      type: z.string(),
      dates: z.array(z.object({ type: z.string(), date: isoDate })),
    }),
  ),
});
export type Evidence = z.infer<typeof evidenceSchema>;

/** Evidence with only the parts given; the rest empty, so every signal has the same shape. */
export function evidence(parts: Partial<Evidence>): Evidence {
  return {
    fields: [],
    dates: [],
    filings: [],
    accounts_figures: [],
    charges: [],
    officers: [],
    psc_statements: [],
    insolvency_cases: [],
    ...parts,
  };
}
