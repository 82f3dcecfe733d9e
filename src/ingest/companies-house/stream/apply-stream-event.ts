import type { EntityManager } from '@mikro-orm/core';
import { ServiceError } from '../../../domain/errors';
import type { ResourceImportContext } from '../../writers/company-resource-import';
import { applyChargeEvent } from './apply-charge-event';
import { applyCompanyProfileEvent } from './apply-company-profile-event';
import { applyFilingEvent } from './apply-filing-event';
import { applyInsolvencyEvent } from './apply-insolvency-event';
import {
  applyDisqualifiedOfficerEvent,
  isDisqualifiedOfficerEvent,
} from './apply-disqualified-officer-event';
import { applyOfficerEvent } from './apply-officer-event';
import { applyPscEvent, isPscResourceKind } from './apply-psc-event';
import type { StreamEvent } from './stream-event';
import type { AccountsFiling, StreamEventApplier } from './stream-event-data';
import { streamEventTarget } from './stream-event-target';

/*
 * One Streaming API event applied to the store, through the same importers, row mappings and diffs as the REST
 * bodies and files, so a change is recorded the same way whichever way it arrived (under `context.source`).
 * Writes are state-based (the item is made what the event says), so an event applied twice records its change
 * once. Bad data never throws: the event is skipped with a reason, for the consumer to log and move past. Only a
 * database failure throws.
 *
 * A disqualified-officers event is about a person, not a company: it is applied by its own importer
 * (apply-disqualified-officer-event.ts) and records no company change.
 *
 * Companies the store does not hold: a company-profile event inserts the company (the companies stream is the
 * register itself); events of its officers, PSCs, filings, charges or insolvency are skipped (`unknown_company`),
 * as the importers skip details of a company off the register. A deleted company-profile is skipped too
 * (`company_profile_deleted`): Companies House dissolves companies rather than deleting them, a deleted profile is
 * one withdrawn from its public register (made in error), and the bulk register, which the store follows, has no
 * way to say so either; the company stays as held.
 */

export type StreamEventOutcome =
  | {
      status: 'applied';
      /** Null for a disqualified officer: a person, not a company. */
      companyNumber: string | null;
      /** What was written: company_profile, officers, persons_with_significant_control, filing_history, … */
      resource: string;
      /** The disqualified officer written (resource disqualified_officers). */
      officerId?: string;
      /** The first data of this resource for the company: written, no change recorded. */
      baseline: boolean;
      /** Changes recorded in the register change feed. */
      changes: number;
      /** For a filing-history item of category accounts: the filing, to fetch its document. */
      accountsFiling?: AccountsFiling;
    }
  | {
      status: 'skipped';
      reason:
        | 'unknown_company'
        | 'unknown_resource_kind'
        | 'invalid_company_number'
        | 'invalid_data'
        | 'company_profile_deleted';
      companyNumber?: string;
      message: string;
    };

interface KindHandler {
  resource: string;
  apply: StreamEventApplier;
}

const HANDLERS: Readonly<Record<string, KindHandler>> = {
  'company-profile': { resource: 'company_profile', apply: applyCompanyProfileEvent },
  'company-officers': { resource: 'officers', apply: applyOfficerEvent },
  'filing-history': { resource: 'filing_history', apply: applyFilingEvent },
  'company-charges': { resource: 'charges', apply: applyChargeEvent },
  'company-insolvency': { resource: 'insolvency', apply: applyInsolvencyEvent },
};

const PSC_HANDLER: KindHandler = { resource: 'persons_with_significant_control', apply: applyPscEvent };

function handlerOf(kind: string): KindHandler | undefined {
  if (Object.hasOwn(HANDLERS, kind)) return HANDLERS[kind];
  return isPscResourceKind(kind) ? PSC_HANDLER : undefined;
}

export async function applyStreamEvent(
  em: EntityManager,
  event: StreamEvent,
  context: ResourceImportContext,
): Promise<StreamEventOutcome> {
  if (isDisqualifiedOfficerEvent(event)) {
    const outcome = await applyDisqualifiedOfficerEvent(em, event, context.detectedAt);
    if (outcome.status === 'skipped') return outcome;
    return {
      status: 'applied',
      companyNumber: null,
      resource: 'disqualified_officers',
      officerId: outcome.officerId,
      baseline: outcome.baseline,
      changes: 0,
    };
  }
  const located = streamEventTarget(event.resource_uri);
  const companyNumber = located.ok ? located.target.companyNumber : located.companyNumber;
  const handler = handlerOf(event.resource_kind);
  if (!handler)
    return {
      status: 'skipped',
      reason: 'unknown_resource_kind',
      ...(companyNumber === undefined ? {} : { companyNumber }),
      message: `resource_kind ${JSON.stringify(event.resource_kind)}: not a resource the store keeps`,
    };
  if (!located.ok) return { status: 'skipped', reason: 'invalid_company_number', message: located.message };
  const target = located.target;
  if (handler.resource === 'company_profile' && event.event.type === 'deleted')
    return {
      status: 'skipped',
      reason: 'company_profile_deleted',
      companyNumber: target.companyNumber,
      message: `company ${target.companyNumber}: a deleted profile is not applied; the company stays as held`,
    };
  try {
    const outcome = await handler.apply(em, event, target, context);
    if (outcome.status === 'unknown_company')
      return {
        status: 'skipped',
        reason: 'unknown_company',
        companyNumber: target.companyNumber,
        message: `company ${target.companyNumber} is not in the store: its ${handler.resource} are not kept`,
      };
    return {
      status: 'applied',
      companyNumber: target.companyNumber,
      resource: handler.resource,
      baseline: outcome.baseline,
      changes: outcome.changes,
      ...(outcome.accountsFiling ? { accountsFiling: outcome.accountsFiling } : {}),
    };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.code !== 'invalid_argument' && error.code !== 'invalid_company_number') throw error;
    return {
      status: 'skipped',
      reason: error.code === 'invalid_company_number' ? 'invalid_company_number' : 'invalid_data',
      companyNumber: target.companyNumber,
      message: error.message,
    };
  }
}
