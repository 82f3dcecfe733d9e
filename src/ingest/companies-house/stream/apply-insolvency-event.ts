import { importInsolvencyJson } from '../resources/insolvency-json';
import { refuseEvent, type StreamEventApplier } from './stream-event-data';

/*
 * The insolvency-cases stream: the company's whole insolvency resource (/company/{n}/insolvency), which the
 * insolvency importer takes as it is. A deleted resource leaves the company with no cases; its insolvency
 * history stays, as the importer keeps it (a history of insolvency does not end).
 */
export const applyInsolvencyEvent: StreamEventApplier = async (em, event, target, context) => {
  if (target.parts.length !== 1 || target.parts[0] !== 'insolvency')
    refuseEvent(event, 'resource_uri', `expected /company/{n}/insolvency, got ${event.resource_uri}`);
  if (event.event.type === 'changed' && event.data === undefined)
    refuseEvent(event, 'data', 'missing: a changed event carries the resource');
  const body = event.event.type === 'changed' ? event.data : { cases: [] };
  return importInsolvencyJson(em, target.companyNumber, body, context, `${event.resource_kind} event data`);
};
