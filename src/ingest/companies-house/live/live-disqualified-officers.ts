import type { EntityManager } from '@mikro-orm/core';
import type { DisqualifiedOfficerKind } from '../../../domain/disqualifications/disqualified-officer-resource';
import {
  forgetDisqualifiedOfficer,
  importDisqualifiedOfficerJson,
  type DisqualifiedOfficerImport,
} from '../resources/disqualified-officer-json';
import type { CompaniesHouseClient } from './companies-house-client';

/*
 * A disqualified officer fetched on demand with the live key and stored through the same importer as the stream
 * and the files. A 404 means Companies House no longer lists the officer (a disqualification that was removed):
 * whatever was held is forgotten, so a KYB check does not go on failing a director on a withdrawn order.
 */

export type DisqualifiedOfficerFetch =
  { status: 'imported'; imported: DisqualifiedOfficerImport } | { status: 'not_found'; forgotten: boolean };

export async function fetchDisqualifiedOfficer(
  em: EntityManager,
  client: CompaniesHouseClient,
  kind: DisqualifiedOfficerKind,
  officerId: string,
): Promise<DisqualifiedOfficerFetch> {
  const result = await client.disqualifiedOfficer(kind, officerId);
  if (result.status === 'not_found')
    return { status: 'not_found', forgotten: await forgetDisqualifiedOfficer(em, kind, officerId) };
  const imported = await importDisqualifiedOfficerJson(em, result.body, {
    source: `/disqualified-officers/${kind}/${officerId}`,
    origin: 'api',
    expected: { kind, officerId },
  });
  return { status: 'imported', imported };
}
