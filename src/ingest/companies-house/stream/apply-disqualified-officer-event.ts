import type { EntityManager } from '@mikro-orm/core';
import { ServiceError } from '../../../domain/errors';
import { disqualifiedOfficerPath } from '../../../domain/disqualifications/disqualified-officer-resource';
import {
  forgetDisqualifiedOfficer,
  importDisqualifiedOfficerJson,
} from '../resources/disqualified-officer-json';
import type { StreamEvent } from './stream-event';

/*
 * The disqualified-officers stream: each event carries a whole natural or corporate disqualified-officer resource
 * (Streaming API, disqualifiedofficersstream: the same fields as the REST resources in one `data` object), at
 * resource_uri /disqualified-officers/{natural|corporate}/{officer_id}, resource_kind disqualified-officer-natural
 * or disqualified-officer-corporate (as Companies House's own disqualified-officers data API sets them). Unlike
 * every other stream it is about a person, not a company, so it is recognised by that path. A changed event
 * replaces the officer through the REST importer; a deleted one forgets the officer. Bad data is refused by the
 * importer and skipped here, nothing written.
 */

export type DisqualifiedOfficerEventOutcome =
  | { status: 'applied'; officerId: string; baseline: boolean }
  | { status: 'skipped'; reason: 'invalid_data'; message: string };

export function isDisqualifiedOfficerEvent(event: StreamEvent): boolean {
  return disqualifiedOfficerPath(event.resource_uri) !== undefined;
}

export async function applyDisqualifiedOfficerEvent(
  em: EntityManager,
  event: StreamEvent,
  detectedAt: Date,
): Promise<DisqualifiedOfficerEventOutcome> {
  const target = disqualifiedOfficerPath(event.resource_uri)!;
  if (event.event.type === 'deleted') {
    await forgetDisqualifiedOfficer(em, target.kind, target.officerId);
    return { status: 'applied', officerId: target.officerId, baseline: false };
  }
  if (event.data === undefined)
    return {
      status: 'skipped',
      reason: 'invalid_data',
      message: `${event.resource_uri}: data missing: a changed event carries the resource`,
    };
  try {
    const imported = await importDisqualifiedOfficerJson(em, event.data, {
      source: `disqualified-officers event ${event.resource_uri}: data`,
      origin: 'stream',
      expected: target,
      now: detectedAt,
    });
    return { status: 'applied', officerId: imported.officerId, baseline: imported.created };
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'invalid_argument')
      return { status: 'skipped', reason: 'invalid_data', message: error.message };
    throw error;
  }
}
