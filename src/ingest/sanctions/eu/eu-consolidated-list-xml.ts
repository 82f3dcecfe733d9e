import { ServiceError } from '../../../domain/errors';
import type { SanctionsDesignation } from '../../../domain/sanctions/sanctions-designation';
import { readXmlListRoot } from '../xml-list-document';
import { readEuEntry } from './eu-designation';
import { attribute, children } from './eu-xml-attributes';

/*
 * Reads the EU's consolidated list of financial sanctions (the Financial Sanctions Files' XML v1.1,
 * xmlFullSanctionsList_1_1) whole, as the UK and UN importers read theirs. The root is export, in the namespace
 * http://eu.europa.ec/fpi/fsd/export, with its generationDate attribute (an xs:dateTime with a zone,
 * "2024-12-11T21:24:35.826+01:00"), then one sanctionEntity per designation (OpenSanctions' crawler,
 * opensanctions/opensanctions datasets/eu/fsf/crawler.py, reads .//sanctionEntity; the root and its attribute as in
 * published samples quoted by other readers of the file). An entry that cannot be read is rejected with its place
 * (its logicalId, or its position) and the rest go on; a file that is not XML, or not this list, stops the whole
 * file. Nothing here stores or schedules anything yet.
 */

export interface EuEntryProblem {
  /** "sanctionEntity logicalId 13", or "sanctionEntity #3" (1-based) when the entry has no logicalId. */
  place: string;
  error: string;
}

export interface ParsedEuConsolidatedList {
  /** The root's generationDate attribute as an ISO timestamp (UTC). */
  generatedOn: string;
  /** sanctionEntity elements read (rejected and all). */
  records: number;
  /** In file order. */
  designations: SanctionsDesignation[];
  rejected: EuEntryProblem[];
  warnings: EuEntryProblem[];
}

function notTheList(detail: string, where: { line?: number; column?: number } = {}): ServiceError {
  return new ServiceError(
    'invalid_argument',
    `Not an EU consolidated financial sanctions list XML: ${detail}`,
    where,
  );
}

export function parseEuConsolidatedListXml(input: Buffer | string): ParsedEuConsolidatedList {
  const list = readXmlListRoot(input, 'export', notTheList);
  const generated = attribute(list, 'generationDate');
  const generatedOn = generated === null ? null : publicationTime(generated);
  if (generatedOn === null)
    throw notTheList(`export has no readable generationDate attribute (found ${JSON.stringify(generated)})`);

  const designations: SanctionsDesignation[] = [];
  const rejected: EuEntryProblem[] = [];
  const warnings: EuEntryProblem[] = [];
  const seen = new Map<string, string>();
  const entries = children(list, 'sanctionEntity');
  entries.forEach((entry, index) => {
    const logicalId = attribute(entry, 'logicalId');
    const place =
      logicalId !== null ? `sanctionEntity logicalId ${logicalId}` : `sanctionEntity #${index + 1}`;
    const reading = readEuEntry(entry);
    for (const warning of reading.warnings) warnings.push({ place, error: warning });
    if ('error' in reading) {
      rejected.push({ place, error: reading.error });
      return;
    }
    const earlier = seen.get(reading.designation.unique_id);
    if (earlier !== undefined) {
      rejected.push({ place, error: `logicalId repeats ${earlier}` });
      return;
    }
    seen.set(reading.designation.unique_id, place);
    designations.push(reading.designation);
  });
  return { generatedOn, records: entries.length, designations, rejected, warnings };
}

/** generationDate is an xs:dateTime ("2024-12-11T21:24:35.826+01:00"); one without a zone is read as UTC. */
function publicationTime(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.test(text)) return null;
  const time = new Date(/(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}
