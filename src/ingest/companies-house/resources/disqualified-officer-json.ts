import type { EntityManager } from '@mikro-orm/core';
import { disqualifiedOfficerRows } from '../../../domain/disqualifications/disqualified-officer-record';
import type { DisqualifiedOfficerKind } from '../../../domain/disqualifications/disqualified-officer-resource';
import {
  removeDisqualifiedOfficer,
  saveDisqualifiedOfficer,
} from '../../../domain/disqualifications/disqualified-officer-store';

/*
 * Companies House's disqualified-officer resource (natural or corporate, from the REST API, the
 * disqualified-officers stream or a file of the same JSON) into the store. The resource is checked whole before
 * anything is written; a bad one is refused with invalid_argument (details.reason invalid_disqualified_officer,
 * details.field) and the officer keeps what was held.
 */

export interface DisqualifiedOfficerImport {
  officerId: string;
  kind: DisqualifiedOfficerKind;
  /** Nothing was held for the officer before. */
  created: boolean;
  disqualifications: number;
}

export interface DisqualifiedOfficerImportOptions {
  /** Named in a refusal: a file path, an API path, a stream event. */
  source: string;
  /** Stored with the officer: api, stream or file. */
  origin: 'api' | 'stream' | 'file';
  /** The kind and id the path asked for; a body about another officer is refused. */
  expected?: { kind: DisqualifiedOfficerKind; officerId: string };
  now?: Date;
}

export async function importDisqualifiedOfficerJson(
  em: EntityManager,
  json: unknown,
  options: DisqualifiedOfficerImportOptions,
): Promise<DisqualifiedOfficerImport> {
  const rows = disqualifiedOfficerRows(
    json,
    options.source,
    options.origin,
    options.now ?? new Date(),
    options.expected,
  );
  const created = await saveDisqualifiedOfficer(em, rows);
  return {
    officerId: rows.officer.officerId,
    kind: rows.officer.kind as DisqualifiedOfficerKind,
    created,
    disqualifications: rows.disqualifications.length,
  };
}

/** A deleted resource (a stream event, or a 404 from the API): the officer is no longer on the register. */
export function forgetDisqualifiedOfficer(
  em: EntityManager,
  kind: DisqualifiedOfficerKind,
  officerId: string,
): Promise<boolean> {
  return removeDisqualifiedOfficer(em, kind, officerId);
}
