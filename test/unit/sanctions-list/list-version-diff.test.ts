import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  changedFields,
  diffListVersion,
  incomingDesignation,
  type HeldDesignation,
} from '../../../src/domain/sanctions/list-version-diff';
import { parseUkSanctionsListCsv } from '../../../src/ingest/sanctions/uk-sanctions-list-csv';

const fixtures = join(__dirname, '../../fixtures/sanctions');
const read = async (name: string) =>
  (await parseUkSanctionsListCsv(readFileSync(join(fixtures, name)))).designations;

function held(designations: Awaited<ReturnType<typeof read>>): Map<string, HeldDesignation> {
  return new Map(
    designations.map((d) => [d.unique_id, { contentSha256: incomingDesignation(d).sha, removed: false }]),
  );
}

describe('list version diff', () => {
  it('finds the designations added, amended and removed between the two fixture versions', async () => {
    const v1 = await read('uk-sanctions-list-2026-02-13.csv');
    const v2 = await read('uk-sanctions-list-2026-02-20.csv');
    const diff = diffListVersion(held(v1), v2.map(incomingDesignation));
    expect(diff.added.map((item) => item.designation.unique_id)).toEqual(['GHR9007']);
    expect(diff.amended.map((item) => item.designation.unique_id)).toEqual(['RUS9001']);
    expect(diff.removed).toEqual(['CYB9003']);
    expect(changedFields(v1[0]!, v2[0]!)).toEqual(['names', 'last_updated']);
  });

  it('finds nothing between a version and itself', async () => {
    const v1 = await read('uk-sanctions-list-2026-02-13.csv');
    expect(diffListVersion(held(v1), v1.map(incomingDesignation))).toEqual({
      added: [],
      amended: [],
      removed: [],
    });
  });

  it('counts a designation back after its removal as added, and never removes one twice', async () => {
    const v1 = await read('uk-sanctions-list-2026-02-13.csv');
    const before = held(v1);
    before.get('CYB9003')!.removed = true;
    const diff = diffListVersion(before, v1.map(incomingDesignation));
    expect(diff.added.map((item) => item.designation.unique_id)).toEqual(['CYB9003']);
    const without = diffListVersion(
      before,
      v1.filter((d) => d.unique_id !== 'CYB9003').map(incomingDesignation),
    );
    expect(without.removed).toEqual([]);
  });
});
