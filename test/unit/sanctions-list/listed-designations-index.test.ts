import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildListedDesignationsIndex,
  listedDesignationsIndex,
} from '../../../src/domain/sanctions/listed-designations-index';
import { addressCountries } from '../../../src/domain/sanctions/sanctions-designation';
import { primaryNameOf, type ListedDesignation } from '../../../src/domain/sanctions/sanctions-list';
import { parseUkSanctionsListCsv } from '../../../src/ingest/sanctions/uk-sanctions-list-csv';

/*
 * The in-memory index of a list version: the prefilter's answers from the matcher's key function, one party
 * object per designation for the version's life, one build per version shared by concurrent callers. The same
 * answers against the stored list are checked in test/integration/sanctions-list.test.ts.
 */

const V1 = readFileSync(join(__dirname, '../../fixtures/sanctions/uk-sanctions-list-2026-02-13.csv'));

async function designations(): Promise<ListedDesignation[]> {
  return (await parseUkSanctionsListCsv(V1)).designations.map((designation) => ({
    ...designation,
    list_id: 'uk' as const,
    primary_name: primaryNameOf(designation.names),
    countries: addressCountries(designation),
  }));
}

const ids = (found: readonly ListedDesignation[]) => found.map((d) => d.unique_id);

describe('the index of a list version', () => {
  it('answers the prefilter and the exact lookup in Unique ID order, whatever order it was given', async () => {
    const index = await buildListedDesignationsIndex('1', (await designations()).reverse());
    expect(ids(index.parties.map((party) => party.designation))).toEqual([
      'CYB9003',
      'IRN9005',
      'RUS9001',
      'RUS9004',
      'SYR9002',
    ]);
    expect(ids(index.candidatesFor(['Maryna Volkova']))).toEqual(['RUS9001']);
    // A Cyrillic name finds the designation through its transliterated keys; types narrow the search.
    expect(ids(index.candidatesFor(['Нордвинд Системс']))).toEqual(['CYB9003']);
    expect(index.candidatesFor(['Nordvind Systems'], { types: ['individual'] })).toEqual([]);
    expect(ids(index.candidatesFor(['Marina Smith']))).toEqual(['RUS9001']);
    expect(ids(index.candidatesFor(['Marina Smith', 'Nordvind']))).toEqual(['CYB9003', 'RUS9001']);
    expect(index.candidatesFor(['LTD', ''])).toEqual([]);
    expect(ids(index.withNameKey('VOLKOVA, Maryna'))).toEqual(['RUS9001']);
    expect(index.withNameKey('')).toEqual([]);
    expect(index.byIdentifier('GB-00000000')).toEqual([]);
    expect(index.statistics).toMatchObject({ parties: 5 });
  });

  it('hands the same party object for a designation on every call, so the matcher normalises it once', async () => {
    const index = await buildListedDesignationsIndex('1', await designations());
    const [first] = index.candidatesFor(['Maryna Volkova']);
    const [again] = index.candidatesFor(['VOLKOVA, Marina']);
    expect(again).toBe(first);
    expect(index.partyOf(again!)).toBe(index.partyOf(first!));
    expect(index.partyOf(first!)).toMatchObject({ id: 'RUS9001', designation: first });
  });

  it('is built once per version for all callers, again for a new version, and again after a failed build', async () => {
    const database = {};
    const list = await designations();
    let loads = 0;
    const load = async () => {
      loads++;
      return list;
    };
    const [a, b] = await Promise.all([
      listedDesignationsIndex(database, 'uk', 'v1', load),
      listedDesignationsIndex(database, 'uk', 'v1', load),
    ]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    // Another database with the same version id is another list.
    expect(await listedDesignationsIndex({}, 'uk', 'v1', load)).not.toBe(a);
    expect(loads).toBe(2);
    const v2 = await listedDesignationsIndex(database, 'uk', 'v2', load);
    expect(v2).not.toBe(a);
    expect(v2.versionKey).toBe('v2');
    expect(loads).toBe(3);

    await expect(
      listedDesignationsIndex(database, 'uk', 'v3', () => Promise.reject(new Error('database gone'))),
    ).rejects.toThrow('database gone');
    expect((await listedDesignationsIndex(database, 'uk', 'v3', load)).versionKey).toBe('v3');
    expect(loads).toBe(4);
  });
});
