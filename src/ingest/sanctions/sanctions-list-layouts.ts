import { ServiceError } from '../../domain/errors';
import { sha256Hex } from '../../domain/sanctions/list-version-diff';
import type { SanctionsDesignation } from '../../domain/sanctions/sanctions-designation';
import { SANCTIONS_LISTS, type SanctionsListId } from '../../domain/sanctions/sanctions-lists';
import { parseEuConsolidatedListXml } from './eu/eu-consolidated-list-xml';
import { parseOfacSdnCsv, type OfacSdnCsvFiles } from './ofac/ofac-sdn-csv';
import { OFAC_SDN_FILES } from './ofac/ofac-sdn-csv-layout';
import { parseUkSanctionsListCsv } from './uk-sanctions-list-csv';
import { parseUnConsolidatedListXml } from './un/un-consolidated-list-xml';

/*
 * Each list's published layout behind one shape, so that storing, versioning and refreshing a list are written
 * once: the files of one publication (name → bytes) in, the designations and the problems with their places
 * out. The UK, EU and UN lists are one file each; OFAC's legacy CSV is sdn.csv and the three files that hang off
 * it by ent_num.
 */

/** The files of one publication of a list: file name → bytes. */
export type SanctionsListFiles = ReadonlyMap<string, Buffer>;

/** A record or row that was rejected or warned about, with where it is: "line 12", "sdn.csv line 4", "ENTITY DATAID 6908555". */
export interface ListProblem {
  place: string;
  error: string;
}

export interface ParsedListFiles {
  /** The publication's own date (ISO day); null when the layout carries none (OFAC's legacy CSV). */
  publishedOn: string | null;
  /** Rows or records read, rejected and all. */
  records: number;
  designations: SanctionsDesignation[];
  rejected: ListProblem[];
  warnings: ListProblem[];
}

/** The one file of a single-file list, whatever it is called. */
function onlyFile(list: SanctionsListId, files: SanctionsListFiles): Buffer {
  const [first, ...more] = [...files.values()];
  if (first === undefined || more.length > 0)
    throw new ServiceError(
      'invalid_argument',
      `The ${SANCTIONS_LISTS[list].name} is one file; ${files.size} were given`,
      { list, files: [...files.keys()] },
    );
  return first;
}

/** OFAC's files by their published names, case ignored (the Treasury serves them as SDN.CSV, ADD.CSV, …). */
function ofacFiles(files: SanctionsListFiles): OfacSdnCsvFiles {
  const byName = new Map([...files].map(([name, bytes]) => [name.toLowerCase().replace(/^.*\//, ''), bytes]));
  const sdn = byName.get(OFAC_SDN_FILES.sdn.name);
  if (sdn === undefined)
    throw new ServiceError('invalid_argument', `OFAC's SDN list needs ${OFAC_SDN_FILES.sdn.name}`, {
      list: 'ofac',
      files: [...files.keys()],
    });
  return {
    sdn,
    add: byName.get(OFAC_SDN_FILES.add.name),
    alt: byName.get(OFAC_SDN_FILES.alt.name),
    comments: byName.get(OFAC_SDN_FILES.comments.name),
  };
}

const day = (timestamp: string) => timestamp.slice(0, 10);

/** A parser's result in the common shape: its problems already name their place. */
function placed(
  parsed: Pick<ParsedListFiles, 'records' | 'designations'> & {
    rejected: ListProblem[];
    warnings: ListProblem[];
  },
  publishedOn: string | null,
): ParsedListFiles {
  const place = ({ place, error }: ListProblem) => ({ place, error });
  return {
    publishedOn,
    records: parsed.records,
    designations: parsed.designations,
    rejected: parsed.rejected.map(place),
    warnings: parsed.warnings.map(place),
  };
}

export async function parseSanctionsList(
  list: SanctionsListId,
  files: SanctionsListFiles,
): Promise<ParsedListFiles> {
  switch (list) {
    case 'uk': {
      const parsed = await parseUkSanctionsListCsv(onlyFile(list, files));
      const atLine = ({ line, error }: { line: number; error: string }) => ({ place: `line ${line}`, error });
      return {
        publishedOn: parsed.reportDate,
        records: parsed.rows,
        designations: parsed.designations,
        rejected: parsed.rejected.map(atLine),
        warnings: parsed.warnings.map(atLine),
      };
    }
    case 'un': {
      const parsed = parseUnConsolidatedListXml(onlyFile(list, files));
      return placed(parsed, day(parsed.generatedOn));
    }
    case 'eu': {
      const parsed = parseEuConsolidatedListXml(onlyFile(list, files));
      return placed(parsed, day(parsed.generatedOn));
    }
    case 'ofac': {
      return placed(parseOfacSdnCsv(ofacFiles(files)), null);
    }
  }
}

/** One file: its SHA-256. Several: the SHA-256 of "name sha\n" lines in name order, so that any file changing changes it. */
export function listContentSha256(files: SanctionsListFiles): string {
  const entries = [...files].map(([name, bytes]) => [name.toLowerCase(), sha256Hex(bytes)] as const);
  if (entries.length === 1) return entries[0]![1];
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256Hex(Buffer.from(entries.map(([name, sha]) => `${name} ${sha}\n`).join('')));
}
