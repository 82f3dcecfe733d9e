import { importCompanyProfileJson } from '../resources/company-profile-json';
import { refuseEvent, type StreamEventApplier } from './stream-event-data';

/*
 * The companies stream: a company profile (/company/{n}), through the same importer as a REST fetch. A company
 * the store does not hold is inserted, as its own baseline: the companies stream is the register itself, and a
 * new incorporation belongs in it. The profile's company_number must be the one in resource_uri.
 */
export const applyCompanyProfileEvent: StreamEventApplier = async (em, event, target, context) => {
  if (target.parts.length !== 0)
    refuseEvent(event, 'resource_uri', `expected /company/{n}, got ${event.resource_uri}`);
  if (event.data === undefined) refuseEvent(event, 'data', 'missing: a changed event carries the resource');
  const outcome = await importCompanyProfileJson(em, target.companyNumber, event.data, context);
  return outcome.status === 'inserted'
    ? { status: 'imported', baseline: true, changes: 0 }
    : { status: 'imported', baseline: false, changes: outcome.changes };
};
