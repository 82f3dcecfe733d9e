import { PassThrough } from 'node:stream';
import { writeDemoSanctionsList } from '../../src/demo/demo-sanctions-list';
import { listedPartyOf } from '../../src/domain/sanctions/listed-party-of';
import type { ListedParty } from '../../src/domain/sanctions/matching/listed-party';
import { addressCountries } from '../../src/domain/sanctions/sanctions-designation';
import { parseUkSanctionsListCsv } from '../../src/ingest/sanctions/uk-sanctions-list-csv';

/*
 * A demo UK Sanctions List in the published CSV layout (src/demo), written and read back by the importer's own
 * parser, then mapped to the matcher's shape exactly as screen_sanctions maps a stored designation. No real copy
 * of the list is committed, so the evaluation uses this one; it is deterministic from its seed and a fixed date.
 */

/** Designations in the UK Sanctions List of early 2026 (about 5,600; 19,000-odd names): the population's list. */
export const UK_LIST_DESIGNATIONS = 5_600;

const AS_OF = new Date('2026-02-13T00:00:00Z');

export async function demoListParties(designations: number, seed: number): Promise<ListedParty[]> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeDemoSanctionsList(out, { designations, seed, asOf: AS_OF });
  const parsed = await parseUkSanctionsListCsv(Buffer.concat(chunks));
  if (parsed.rejected.length > 0)
    throw new Error(
      `the demo list has ${parsed.rejected.length} rejected rows: ${parsed.rejected[0]!.error}`,
    );
  return parsed.designations.map((designation) =>
    listedPartyOf({
      ...designation,
      list_id: 'uk' as const,
      primary_name: designation.names[0]!.name,
      countries: addressCountries(designation),
    }),
  );
}
