import type { EntityManager } from '@mikro-orm/core';
import type { z } from 'zod';
import { ServiceError } from '../../../domain/errors';
import type { ResourceImportContext } from '../../writers/company-resource-import';
import type { StreamEvent } from './stream-event';
import type { StreamEventTarget } from './stream-event-target';

/*
 * What each per-kind applier gives back, and how it reads and refuses an event's data. Bad data is thrown as a
 * ServiceError('invalid_argument') naming the field (data.links.self, …), which applyStreamEvent turns into a
 * skipped outcome: nothing is written for the event.
 */

export interface AccountsFiling {
  transactionId: string;
  /** links.document_metadata exactly as given (an absolute Document API URL), null when absent. */
  documentMetadataUrl: string | null;
  /** description_values.made_up_date, null when absent. */
  madeUpDate: string | null;
}

export type AppliedEvent =
  | { status: 'imported'; baseline: boolean; changes: number; accountsFiling?: AccountsFiling }
  | { status: 'unknown_company' };

export type StreamEventApplier = (
  em: EntityManager,
  event: StreamEvent,
  target: StreamEventTarget,
  context: ResourceImportContext,
) => Promise<AppliedEvent>;

export function refuseEvent(event: StreamEvent, field: string, message: string): never {
  throw new ServiceError('invalid_argument', `${event.resource_kind} event: ${field}: ${message}`, {
    resource_uri: event.resource_uri,
    field,
  });
}

function dataField(path: readonly PropertyKey[]): string {
  return ['data', ...path].map((part) => (typeof part === 'number' ? `[${part}]` : String(part))).join('.');
}

/** The event's data read with `schema`; a changed event must carry it. */
export function eventData<S extends z.ZodType>(event: StreamEvent, schema: S): z.infer<S> {
  if (event.data === undefined) refuseEvent(event, 'data', 'missing: a changed event carries the resource');
  const parsed = schema.safeParse(event.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    refuseEvent(event, dataField(issue.path), issue.message);
  }
  return parsed.data;
}

/** The item id of the target's path; a path without one is refused. */
export function requireItemId(event: StreamEvent, id: string | undefined, shape: string): string {
  if (id === undefined) refuseEvent(event, 'resource_uri', `expected ${shape}, got ${event.resource_uri}`);
  return id;
}
