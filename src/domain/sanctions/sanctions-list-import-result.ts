import { z } from 'zod';

/*
 * What importing a UK Sanctions List file did, and what the daily refresh returns to its workflow (the result
 * shows in the Temporal Web UI): plain JSON, no Dates, so it crosses the activity boundary as it is.
 */

export const listRowProblemSchema = z.object({ line: z.number().int(), error: z.string() });

export const sanctionsListVersionSummarySchema = z.object({
  id: z.number().int(),
  report_date: z.string(),
  content_sha256: z.string(),
  source: z.string(),
  imported_at: z.string(),
  designations: z.number().int(),
  names: z.number().int(),
  added: z.number().int(),
  amended: z.number().int(),
  removed: z.number().int(),
});
export type SanctionsListVersionSummary = z.infer<typeof sanctionsListVersionSummarySchema>;

export const sanctionsListImportResultSchema = z.object({
  /** `unchanged`: the bytes are the current version's (same SHA-256); nothing was written. */
  status: z.enum(['imported', 'unchanged']),
  /** The version now current: the new one, or the unchanged current one. */
  version: sanctionsListVersionSummarySchema,
  /** Data rows read from the file; zero when unchanged (it was not parsed). */
  rows: z.number().int(),
  rejected: z.number().int(),
  warnings: z.number().int(),
  /** The first rejected rows and warnings, with their physical line numbers. */
  problems: z.object({ rejected: z.array(listRowProblemSchema), warnings: z.array(listRowProblemSchema) }),
});
export type SanctionsListImportResult = z.infer<typeof sanctionsListImportResultSchema>;

export const sanctionsRefreshOutcomeSchema = z.discriminatedUnion('status', [
  sanctionsListImportResultSchema.extend({ status: z.literal('imported') }),
  sanctionsListImportResultSchema.extend({ status: z.literal('unchanged') }),
  z.object({
    status: z.literal('failed'),
    source: z.string(),
    /** A ServiceError code: `unavailable` (could not read it) or `invalid_argument` (not a usable list). */
    code: z.string(),
    reason: z.string(),
  }),
  z.object({ status: z.literal('not_configured') }),
]);
export type SanctionsRefreshOutcome = z.infer<typeof sanctionsRefreshOutcomeSchema>;
