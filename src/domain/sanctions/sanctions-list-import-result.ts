import { z } from 'zod';
import { sanctionsListIdSchema } from './sanctions-lists';

/*
 * What importing one publication of a sanctions list did, and what a list's refresh returns to its workflow (the
 * result shows in the Temporal Web UI): plain JSON, no Dates, so it crosses the activity boundary as it is.
 */

/** A rejected record or a warning, with its place in the files ("line 12", "sdn.csv line 4", "ENTITY DATAID 6908555"). */
export const listProblemSchema = z.object({ place: z.string(), error: z.string() });

export const sanctionsListVersionSummarySchema = z.object({
  id: z.number().int(),
  list: sanctionsListIdSchema,
  /** The publication's own date (ISO day); null when the layout carries none (OFAC's legacy CSV). */
  published_on: z.string().nullable(),
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
  /** `unchanged`: the bytes are the list's current version's (same SHA-256); nothing was written. */
  status: z.enum(['imported', 'unchanged']),
  list: sanctionsListIdSchema,
  /** The list's version now current: the new one, or the unchanged current one. */
  version: sanctionsListVersionSummarySchema,
  /** Rows or records read from the files; zero when unchanged (they were not parsed). */
  records: z.number().int(),
  rejected: z.number().int(),
  warnings: z.number().int(),
  /** The first rejected records and warnings, each with its place. */
  problems: z.object({ rejected: z.array(listProblemSchema), warnings: z.array(listProblemSchema) }),
});
export type SanctionsListImportResult = z.infer<typeof sanctionsListImportResultSchema>;

export const sanctionsRefreshOutcomeSchema = z.discriminatedUnion('status', [
  sanctionsListImportResultSchema.extend({ status: z.literal('imported') }),
  sanctionsListImportResultSchema.extend({ status: z.literal('unchanged') }),
  z.object({
    status: z.literal('failed'),
    list: sanctionsListIdSchema,
    source: z.string(),
    /** A ServiceError code: `unavailable` (could not read it) or `invalid_argument` (not a usable list). */
    code: z.string(),
    reason: z.string(),
  }),
  z.object({ status: z.literal('not_configured'), list: sanctionsListIdSchema }),
]);
export type SanctionsRefreshOutcome = z.infer<typeof sanctionsRefreshOutcomeSchema>;
