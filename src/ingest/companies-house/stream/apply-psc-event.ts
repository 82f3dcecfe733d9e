import { pscIdOf, pscItemSchema, pscRowFromItem } from '../../../domain/pscs/psc-item';
import { PSC_STATEMENT_KIND } from '../../../domain/pscs/psc-kinds';
import { replacePscEntry } from '../../../domain/pscs/psc-set';
import { importCompanyResource } from '../../writers/company-resource-import';
import { eventData, refuseEvent, requireItemId, type StreamEventApplier } from './stream-event-data';
import type { StreamEvent } from './stream-event';

/*
 * The persons-with-significant-control stream: one entry of a company's register
 * (/company/{n}/persons-with-significant-control/{kind}/{id}, or .../persons-with-significant-control-statements/
 * {id}), an item of the list the PSC importer takes. It replaces (or, deleted, removes) that entry alone and
 * records what changed on it with the same row mapping and diff (pscRowFromItem, diffPscs).
 */

/** The item kind an entry of each stream resource kind has, for data that leaves `kind` out. */
const ITEM_KINDS: Readonly<Record<string, string>> = {
  'company-psc-individual': 'individual-person-with-significant-control',
  'company-psc-corporate': 'corporate-entity-person-with-significant-control',
  'company-psc-legal': 'legal-person-person-with-significant-control',
  'company-psc-supersecure': 'super-secure-person-with-significant-control',
  'company-psc-statement': PSC_STATEMENT_KIND,
};

/** PSC entries and, for overseas entities, registrable beneficial owners (the same register in the store). */
export function isPscResourceKind(kind: string): boolean {
  return kind.startsWith('company-psc-') || kind.endsWith('-beneficial-owner');
}

function pscIdFromPath(event: StreamEvent, parts: readonly string[]): string {
  const section = parts[0];
  const underPscs =
    (section === 'persons-with-significant-control' && parts.length === 3) ||
    (section === 'persons-with-significant-control-statements' && parts.length === 2);
  return requireItemId(
    event,
    underPscs ? decodeURIComponent(parts[parts.length - 1]!) : undefined,
    '/company/{n}/persons-with-significant-control/{kind}/{id}',
  );
}

export const applyPscEvent: StreamEventApplier = async (em, event, target, context) => {
  const number = target.companyNumber;
  const pscId = pscIdFromPath(event, target.parts);
  let row = null;
  if (event.event.type === 'changed') {
    const data = event.data;
    if (data === undefined) refuseEvent(event, 'data', 'missing: a changed event carries the resource');
    // The entry's kind and self link are what the store keys it by; the event says both when the data does not.
    const links = (data.links ?? {}) as Record<string, unknown>;
    const item = eventData(
      {
        ...event,
        data: {
          kind: ITEM_KINDS[event.resource_kind],
          ...data,
          links: { self: event.resource_uri, ...links },
        },
      },
      pscItemSchema,
    );
    if (pscIdOf(item) !== pscId)
      refuseEvent(event, 'data.links.self', `${item.links.self} is not the event's resource_uri`);
    row = pscRowFromItem(number, item);
  }
  return importCompanyResource(
    em,
    number,
    'persons_with_significant_control',
    context,
    (tx) => replacePscEntry(tx, number, pscId, row),
    'item',
  );
};
