import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listedPartySchema } from '../../../src/domain/sanctions/matching/listed-party';
import { listedPartyOf } from '../../../src/domain/sanctions/listed-party-of';
import { addressCountries } from '../../../src/domain/sanctions/sanctions-designation';
import { primaryNameOf } from '../../../src/domain/sanctions/sanctions-list';
import { parseUkSanctionsListCsv } from '../../../src/ingest/sanctions/uk-sanctions-list-csv';

const V1 = readFileSync(join(__dirname, '../../fixtures/sanctions/uk-sanctions-list-2026-02-13.csv'));

describe("a designation in the matcher's shape", () => {
  it('maps names with their kinds, non-Latin ones as non_latin, and the partial dates and countries', async () => {
    const designations = (await parseUkSanctionsListCsv(V1)).designations.map((designation) => ({
      ...designation,
      list_id: 'uk' as const,
      primary_name: primaryNameOf(designation.names),
      countries: addressCountries(designation),
    }));
    for (const designation of designations)
      expect(listedPartySchema.safeParse(listedPartyOf(designation)).success).toBe(true);
    expect(listedPartyOf(designations[0]!)).toEqual({
      id: 'RUS9001',
      type: 'individual',
      names: [
        { text: 'Marina Sergeyevna VOLKOVA', kind: 'primary', quality: 'good' },
        { text: 'Марина Сергеевна Волкова', kind: 'non_latin', quality: 'good' },
        { text: 'Maryna VOLKOVA', kind: 'primary_variation', quality: 'good' },
        { text: 'Marina VOLKOVA-GRANT', kind: 'alias', quality: 'good' },
      ],
      birthDates: [{ year: 1971, month: 7, day: null }],
      nationalities: ['Russia'],
      countries: ['Russia'],
      identifiers: [],
    });
    // "Low quality" as published marks the alias; a bare registration number (no registry named) and an IMO
    // number whose check digit fails are not read as identifiers.
    expect(listedPartyOf(designations[1]!).names).toContainEqual({
      text: 'Abu Yusuf HADDAD',
      kind: 'alias',
      quality: 'low',
    });
    expect(designations[2]!.details['Business registration number (s)']).toEqual(['1000000000001']);
    expect(listedPartyOf(designations[2]!).identifiers).toEqual([]);
    expect(designations[3]!.details['IMO number']).toEqual(['9000001']);
    expect(listedPartyOf(designations[3]!).identifiers).toEqual([]);
    expect(listedPartyOf(designations[3]!)).toMatchObject({ id: 'RUS9004', type: 'ship', countries: [] });
  });
});
