import { z } from 'zod';

/*
 * One line of a Companies House Streaming API response. Each stream (companies, filings, officers, PSCs,
 * charges, insolvency cases) sends one JSON object per line wrapped in the same envelope, and blank lines to keep
 * the connection alive when idle. Only the envelope is checked here; `data` is the resource as the REST API
 * serves it and is checked by the applier for its kind (apply-stream-event.ts). Unknown fields are kept:
 * Companies House adds some without notice.
 */

export const streamEventTypes = ['changed', 'deleted'] as const;

export const streamEventSchema = z.looseObject({
  /** What the resource is: company-profile, filing-history, company-officers, company-psc-individual, … */
  resource_kind: z.string().min(1),
  /** Its REST path, e.g. /company/09876543/appointments/{id}: the company number is read from it. */
  resource_uri: z.string().min(1),
  resource_id: z.string().min(1),
  /** The resource after the change; absent on some deleted events. */
  data: z.record(z.string(), z.unknown()).optional(),
  event: z.looseObject({
    /** The stream's position: resuming from it replays this event and everything after. */
    timepoint: z.number().int().nonnegative(),
    /** UK time without a zone, e.g. 2021-01-22T18:28:02. */
    published_at: z.string().min(1),
    type: z.enum(streamEventTypes),
    fields_changed: z.array(z.string()).optional(),
  }),
});

export type StreamEvent = z.infer<typeof streamEventSchema>;

export type ParsedStreamLine =
  { kind: 'keep_alive' } | { kind: 'event'; event: StreamEvent } | { kind: 'malformed'; message: string };

function fieldPath(path: readonly PropertyKey[]): string {
  return path.length === 0
    ? '(line)'
    : path
        .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
        .join('');
}

/**
 * A line as the stream sent it (with or without its line break). Blank or whitespace-only: a keep-alive. Not
 * JSON, or JSON without a valid envelope: malformed, with a message naming the first field at fault.
 */
export function parseStreamLine(line: string): ParsedStreamLine {
  if (line.trim().length === 0) return { kind: 'keep_alive' };
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    return { kind: 'malformed', message: `not JSON (${(error as Error).message})` };
  }
  const parsed = streamEventSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { kind: 'malformed', message: `${fieldPath(issue.path)}: ${issue.message}` };
  }
  return { kind: 'event', event: parsed.data };
}
