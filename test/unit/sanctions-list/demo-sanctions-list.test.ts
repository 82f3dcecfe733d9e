import { PassThrough } from 'node:stream';
import type { DemoSanctionsCollision } from '../../../src/demo/demo-sanctions-collisions';
import { toCyrillic } from '../../../src/demo/demo-sanctions-designations';
import { writeDemoSanctionsList, type DemoSanctionsListOptions } from '../../../src/demo/demo-sanctions-list';
import { designationIdentifierKeys } from '../../../src/domain/sanctions/designation-identifier-keys';
import { nameKey } from '../../../src/domain/sanctions/name-tokens';
import { parseUkSanctionsListCsv } from '../../../src/ingest/sanctions/uk-sanctions-list-csv';

const asOf = new Date('2026-03-01T12:00:00Z');

async function write(options: Partial<DemoSanctionsListOptions> = {}) {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (part: Buffer) => parts.push(part));
  const written = await writeDemoSanctionsList(out, { designations: 120, seed: 3, asOf, ...options });
  return { written, bytes: Buffer.concat(parts) };
}

const collisions: DemoSanctionsCollision[] = [
  { kind: 'person', forenames: 'Harry James', surname: 'WALKER', birth: { year: 1968, month: 4 } },
  { kind: 'person', forenames: 'Sophie', surname: 'TURNER', birth: { year: 1990, month: 11 } },
  { kind: 'entity', name: 'BRIGHT HARBOUR SUPPLIES LLC' },
  { kind: 'person', forenames: 'Peter', surname: 'HOLT', birth: null, script: 'cyrillic' },
];

describe('demo UK Sanctions List generator', () => {
  it('writes the same bytes for the same seed, and another list for another seed', async () => {
    const a = await write();
    expect((await write()).bytes.equals(a.bytes)).toBe(true);
    expect((await write({ seed: 4 })).bytes.equals(a.bytes)).toBe(false);
  });

  it('writes the published layout: the importer reads every row, and the counts agree', async () => {
    const { written, bytes } = await write({ collisions });
    const list = await parseUkSanctionsListCsv(bytes);
    expect(list.reportDate).toBe('2026-03-01');
    expect(list.rejected).toEqual([]);
    expect(list.warnings).toEqual([]);
    expect(list.rows).toBe(written.rows);
    expect(list.designations).toHaveLength(120);
    expect(list.designations.reduce((sum, d) => sum + d.names.length, 0)).toBe(written.names);
    const types = new Set(list.designations.map((d) => d.type));
    expect(types).toEqual(new Set(['individual', 'entity', 'ship']));
    const names = list.designations.flatMap((d) => d.names);
    expect(names.some((name) => name.name_type === 'alias')).toBe(true);
    expect(names.some((name) => name.name_type === 'primary_variation')).toBe(true);
    expect(names.some((name) => name.non_latin && /[\u0400-\u04ff]/.test(name.name))).toBe(true);
    expect(names.some((name) => name.non_latin && /[\u0600-\u06ff]/.test(name.name))).toBe(true);
    const births = list.designations.flatMap((d) => d.birth_dates);
    expect(births.some((b) => b.day === null && b.month !== null)).toBe(true);
    expect(births.some((b) => b.month === null && b.year !== null)).toBe(true);
    const ships = list.designations.filter((d) => d.type === 'ship');
    expect(ships.every((d) => d.details['IMO number'])).toBe(true);
    // Valid IMO numbers (check digit and all), read as identifiers as the real list's are.
    for (const ship of ships)
      expect(
        designationIdentifierKeys({ ...ship, list_id: 'uk' as const, primary_name: '', countries: [] }),
      ).toEqual([`imo:${ship.details['IMO number']![0]}`]);
  });

  it('names designations like the demo parties it is given, as given', async () => {
    const { written, bytes } = await write({ collisions });
    const byId = new Map((await parseUkSanctionsListCsv(bytes)).designations.map((d) => [d.unique_id, d]));
    const [sameBirth, otherBirth, entity, cyrillic] = written.collisionIds.map((id) => byId.get(id)!);
    expect(sameBirth!.type).toBe('individual');
    expect(sameBirth!.names.map((n) => nameKey(n.name, 'person'))).toEqual([
      nameKey('Harry James WALKER', 'person'),
    ]);
    expect(sameBirth!.birth_dates).toEqual([{ year: 1968, month: 4, day: null }]);
    expect(otherBirth!.birth_dates).toEqual([{ year: 1990, month: 11, day: null }]);
    expect(entity!.type).toBe('entity');
    expect(entity!.names[0]!.name).toBe('BRIGHT HARBOUR SUPPLIES LLC');
    const alias = cyrillic!.names.find((n) => n.name === toCyrillic('Peter HOLT'));
    expect(alias).toMatchObject({ name_type: 'alias', non_latin: true, script: 'Cyrillic' });
    expect(toCyrillic('Peter HOLT')).toBe('Петер Холт');
    expect(cyrillic!.names.some((n) => !n.non_latin && /HOLT/i.test(n.name))).toBe(false);
  });

  it('publishes a company number under another name, and low-quality aliases, as the importer reads them', async () => {
    const { written, bytes } = await write({
      collisions: [
        {
          kind: 'registered_entity',
          name: 'OOO VOSTOCHNY KONTSERN',
          registrationNumbers: 'Company number 1234567',
        },
        {
          kind: 'weak_aliases',
          aliases: [
            { forenames: 'Harry James', surname: 'WALKER' },
            { forenames: 'Sophie', surname: 'TUURNER' },
          ],
        },
      ],
    });
    const byId = new Map((await parseUkSanctionsListCsv(bytes)).designations.map((d) => [d.unique_id, d]));
    const [registered, weak] = written.collisionIds.map((id) => byId.get(id)!);
    expect(registered!.names.map((n) => n.name)).toEqual(['OOO VOSTOCHNY KONTSERN']);
    expect(
      designationIdentifierKeys({ ...registered!, list_id: 'uk', primary_name: '', countries: [] }),
    ).toEqual(['gb-coh:01234567']);
    const aliases = weak!.names.filter((n) => n.alias_strength === 'Low quality').map((n) => n.name);
    expect(aliases).toEqual(expect.arrayContaining(['Harry James WALKER', 'Sophie TUURNER']));
    expect(weak!.birth_dates).toEqual([]);
    expect(weak!.nationalities).toEqual([]);
  });

  it('writes a full-size list for the benchmark: about 5,000 designations and 20,000 names', async () => {
    const { written, bytes } = await write({ designations: 5000, seed: 1 });
    const list = await parseUkSanctionsListCsv(bytes);
    expect(list.designations).toHaveLength(5000);
    expect(list.rejected).toEqual([]);
    expect(written.names).toBeGreaterThan(18_000);
    expect(written.names).toBeLessThan(22_000);
  });

  it('refuses sizes it cannot write', async () => {
    await expect(write({ designations: -1 })).rejects.toThrow(RangeError);
    await expect(write({ designations: 1.5 })).rejects.toThrow(RangeError);
    await expect(write({ designations: 2, collisions })).rejects.toThrow('more collisions than designations');
    await expect(write({ seed: 0.5 })).rejects.toThrow('seed must be a whole number');
  });
});
