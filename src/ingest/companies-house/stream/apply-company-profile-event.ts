import { recordStreamCopy } from '../../../domain/companies/company-provenance';
import { importCompanyProfileJson } from '../resources/company-profile-json';
import { refuseEvent, type StreamEventApplier } from './stream-event-data';

/*
 * The companies stream: a company profile (/company/{n}), through the same importer as a REST fetch. A company
 * the store does not hold is inserted, as its own baseline: the companies stream is the register itself, and a
 * new incorporation belongs in it. The profile's company_number must be the one in resource_uri.
 *
 * The profile is then the company's latest live copy (get_company's `source` and `fetched_at`). Whether its
 * details are whole stays as the last REST fetch left it: a company first seen on this stream has none yet, so
 * the first per-company call fetches them (live-companies.ts treats an incomplete copy as due soon).
 */
export const applyCompanyProfileEvent: StreamEventApplier = async (em, event, target, context) => {
  if (target.parts.length !== 0)
    refuseEvent(event, 'resource_uri', `expected /company/{n}, got ${event.resource_uri}`);
  if (event.data === undefined) refuseEvent(event, 'data', 'missing: a changed event carries the resource');
  const outcome = await importCompanyProfileJson(em, target.companyNumber, event.data, context);
  await recordStreamCopy(em, target.companyNumber, context.detectedAt);
  return outcome.status === 'inserted'
    ? { status: 'imported', baseline: true, changes: 0 }
    : { status: 'imported', baseline: false, changes: outcome.changes };
};
