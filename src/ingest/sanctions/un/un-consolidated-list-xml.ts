import { ServiceError } from '../../../domain/errors';
import type { SanctionsDesignation } from '../../../domain/sanctions/sanctions-designation';
import { readXmlListRoot } from '../xml-list-document';
import { readUnRecord, UN_RECORD_TAGS } from './un-designation';
import { ATTRIBUTE_PREFIX, childElements, childText, isElement } from './un-xml-elements';

/*
 * Reads the UN Security Council Consolidated List (consolidated.xml) whole, as the UK importer reads its CSV: the
 * import it will feed is all or nothing. The root is CONSOLIDATED_LIST with its dateGenerated attribute (the
 * publication time), then INDIVIDUALS/INDIVIDUAL and ENTITIES/ENTITY (published schema:
 * https://www.un.org/sc/resources/sc-sanctions.xsd). A record that cannot be read is rejected with its place (its
 * DATAID, or its position when it has none) and the rest go on; a file that is not XML, or not this list, stops
 * the whole file. Nothing here stores or schedules anything yet.
 */

export interface UnRecordProblem {
  /** "INDIVIDUAL DATAID 6908555", or "ENTITY #3" (1-based among its kind) when the record has no DATAID. */
  place: string;
  error: string;
}

export interface ParsedUnConsolidatedList {
  /** The root's dateGenerated attribute as an ISO timestamp. */
  generatedOn: string;
  /** INDIVIDUAL and ENTITY elements read (rejected and all). */
  records: number;
  /** Individuals then entities, each in file order. */
  designations: SanctionsDesignation[];
  rejected: UnRecordProblem[];
  warnings: UnRecordProblem[];
}

function notTheList(detail: string, where: { line?: number; column?: number } = {}): ServiceError {
  return new ServiceError(
    'invalid_argument',
    `Not a UN Security Council Consolidated List XML: ${detail}`,
    where,
  );
}

export function parseUnConsolidatedListXml(input: Buffer | string): ParsedUnConsolidatedList {
  const list = readXmlListRoot(input, 'CONSOLIDATED_LIST', notTheList);
  const generated = list[`${ATTRIBUTE_PREFIX}dateGenerated`];
  const generatedOn = typeof generated === 'string' ? publicationTime(generated) : null;
  if (generatedOn === null)
    throw notTheList(
      `CONSOLIDATED_LIST has no readable dateGenerated attribute (found ${JSON.stringify(generated ?? null)})`,
    );

  const designations: SanctionsDesignation[] = [];
  const rejected: UnRecordProblem[] = [];
  const warnings: UnRecordProblem[] = [];
  const seen = new Map<string, string>();
  let records = 0;
  const groups: [string, keyof typeof UN_RECORD_TAGS][] = [
    ['INDIVIDUALS', 'individual'],
    ['ENTITIES', 'entity'],
  ];
  for (const [groupTag, type] of groups) {
    const tag = UN_RECORD_TAGS[type];
    const elements = childElements(list, groupTag).flatMap((group) =>
      isElement(group) ? childElements(group, tag) : [],
    );
    elements.forEach((element, index) => {
      records++;
      const record = isElement(element) ? element : {};
      const dataId = childText(record, 'DATAID');
      const place = dataId !== null ? `${tag} DATAID ${dataId}` : `${tag} #${index + 1}`;
      const reading = readUnRecord(record, type);
      for (const warning of reading.warnings) warnings.push({ place, error: warning });
      if ('error' in reading) {
        rejected.push({ place, error: reading.error });
        return;
      }
      const earlier = seen.get(reading.designation.unique_id);
      if (earlier !== undefined) {
        rejected.push({
          place,
          error: `REFERENCE_NUMBER ${reading.designation.unique_id} repeats ${earlier}`,
        });
        return;
      }
      seen.set(reading.designation.unique_id, place);
      designations.push(reading.designation);
    });
  }
  return { generatedOn, records, designations, rejected, warnings };
}

/** dateGenerated is an xs:dateTime ("2026-09-05T23:00:04.811Z"); one without a zone is read as UTC. */
function publicationTime(text: string): string | null {
  const value = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.test(value)) return null;
  const time = new Date(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}
