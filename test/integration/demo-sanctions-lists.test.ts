import type { Orm } from '../../src/db/orm';
import { importDemoRegister } from '../../src/demo/demo-data';
import { seedDemoSanctionsListIfEmpty } from '../../src/demo/demo-sanctions-list';
import {
  demoSanctionsCollisionCompanies,
  demoSanctionsCollisions,
} from '../../src/demo/demo-sanctions-collisions';
import {
  demoListNamesakes,
  demoOfacNamesake,
  DEMO_OFAC_NAMESAKE_ENT_NUM,
} from '../../src/demo/lists/demo-list-namesakes';
import { seedDemoSanctionsListsIfEmpty } from '../../src/demo/lists/seed-demo-lists';
import { knexOf } from '../../src/domain/companies/register-sql';
import type { SanctionsDesignation } from '../../src/domain/sanctions/sanctions-designation';
import { screenCompanySanctions } from '../../src/domain/sanctions/screening/screen-company';
import { seededDemoDatabase } from '../support/demo-database';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * The embedded default's sanctions lists as `npm start` seeds them: the demo register, then the demo UK, UN, EU and
 * OFAC lists, each written in its published layout and read by the real importer, on the real database. One
 * designation is on several lists under each list's identifier; the OFAC-only namesake of a demo director is what
 * screening that director's company finds, and all it finds; the namesake on every list is found once, with each
 * list named.
 */

jest.setTimeout(180_000);

/** The day the demo data was seeded as of. */
let asOf: Date;

interface VersionRow {
  id: number;
  list_id: string;
  rejected: number;
  warnings: number;
  designations: number;
}

describe('the demo OFAC, EU and UN lists of the embedded default', () => {
  let db: TestDatabase;
  let orm: Orm;
  const em = () => orm.em.fork();
  const versions = async () =>
    (await knexOf(em())('sanctions_list_versions')
      .orderBy('id')
      .select('id', 'list_id', 'rejected', 'warnings', 'designations')) as VersionRow[];
  const designations = async (list: string) =>
    (
      (await knexOf(em())('sanctions_designations').where({ list_id: list }).select('record')) as {
        record: string;
      }[]
    ).map((row) => JSON.parse(row.record) as SanctionsDesignation);

  beforeAll(async () => {
    const demo = await seededDemoDatabase();
    expect(demo.log.companies).toBe(200);
    ({ db, asOf } = demo);
    orm = await openMigrated(db);
  });
  afterAll(async () => {
    await orm?.close();
    await db?.drop();
  });

  it('seeds one version of each list, none of its rows refused, a few dozen to about 150 designations each', async () => {
    const held = await versions();
    expect(held.map((v) => v.list_id).sort()).toEqual(['eu', 'ofac', 'uk', 'un']);
    for (const version of held) {
      expect(version).toMatchObject({ rejected: 0, warnings: 0 });
      expect(version.designations).toBeGreaterThanOrEqual(30);
      expect(version.designations).toBeLessThanOrEqual(160);
    }
  });

  it('lists one designation on several lists: the UN reference on the EU and UK lists, the name and birth on OFAC', async () => {
    const un = await designations('un');
    const byReference = async (list: string) =>
      new Set((await designations(list)).map((d) => d.un_reference_number).filter((r) => r !== null));
    const [eu, uk] = [await byReference('eu'), await byReference('uk')];
    for (const designation of un) {
      expect(eu.has(designation.unique_id)).toBe(true);
      expect(uk.has(designation.unique_id)).toBe(true);
    }
    const person = (d: SanctionsDesignation) =>
      `${d.names[0]!.name.toUpperCase()} ${d.birth_dates.map((b) => b.year).join()}`;
    const ofac = new Set((await designations('ofac')).map(person));
    expect(un.filter((d) => d.type === 'individual' && ofac.has(person(d))).length).toBeGreaterThan(2);
  });

  it("names a director of a company none of the UK list's namesakes is tied to, on the OFAC list only", async () => {
    const namesake = (await demoOfacNamesake(em()))!;
    expect(namesake).not.toBeNull();
    expect(
      demoSanctionsCollisionCompanies(await demoSanctionsCollisions(em())).has(namesake.companyNumber),
    ).toBe(false);
    const director = await knexOf(em())('officer_appointments as o')
      .join('companies as c', 'c.company_number', 'o.company_number')
      .where({ 'o.company_number': namesake.companyNumber, 'o.name': namesake.officerName })
      .whereNull('o.resigned_on')
      .first('c.company_status', 'o.officer_role', 'o.birth_year', 'o.birth_month');
    expect(director).toMatchObject({ company_status: 'active', officer_role: 'director' });
    expect(namesake.birth).toEqual({
      year: Number(director.birth_year),
      month: Number(director.birth_month),
    });

    const listed = (await designations('ofac')).find(
      (d) => d.unique_id === `OFAC-${DEMO_OFAC_NAMESAKE_ENT_NUM}`,
    )!;
    expect(listed.names.map((n) => n.name)).toEqual([`${namesake.forenames} ${namesake.surname}`]);
    expect(listed.birth_dates).toEqual([{ ...namesake.birth, day: null }]);
    for (const list of ['uk', 'eu', 'un'])
      expect(
        (await designations(list)).some((d) =>
          d.names.some((n) => n.name.toUpperCase() === listed.names[0]!.name.toUpperCase()),
        ),
      ).toBe(false);
  });

  it('screening that company over every held list finds that one match, naming OFAC', async () => {
    const namesake = (await demoOfacNamesake(em()))!;
    const screen = await screenCompanySanctions(em(), namesake.companyNumber, {
      includeResigned: false,
      now: asOf,
    });
    expect(screen.lists.map((list) => list.list).sort()).toEqual(['eu', 'ofac', 'uk', 'un']);
    expect(screen.potential_matches).toHaveLength(1);
    const [match] = screen.potential_matches;
    expect(match).toMatchObject({
      subject: { role: 'officer', name: namesake.officerName },
      designation: {
        list: 'ofac',
        unique_id: `OFAC-${DEMO_OFAC_NAMESAKE_ENT_NUM}`,
        regimes: ['RUSSIA-EO14024'],
      },
    });
    expect(match!.listings).toEqual([
      expect.objectContaining({ list: 'ofac', regimes: ['RUSSIA-EO14024'], date_designated: null }),
    ]);
  });

  it('screening the company of the namesake on every list finds one designation, with each list named', async () => {
    const { ofacOnly, onEveryList } = await demoListNamesakes(em());
    const namesake = onEveryList!;
    expect(namesake.companyNumber).not.toBe(ofacOnly!.companyNumber);
    const screen = await screenCompanySanctions(em(), namesake.companyNumber, {
      includeResigned: false,
      now: asOf,
    });
    expect(screen.potential_matches).toHaveLength(1);
    const [match] = screen.potential_matches;
    expect(match!.subject).toMatchObject({ role: 'officer', name: namesake.officerName });
    const listings = [...match!.listings].sort((a, b) => a.list.localeCompare(b.list));
    expect(listings.map((listing) => [listing.list, listing.regimes])).toEqual([
      ['eu', ['TAQA']],
      ['ofac', ['SDGT']],
      ['uk', ["ISIL (Da'esh) and Al-Qaida"]],
      ['un', ['Al-Qaida']],
    ]);
    expect(listings.filter((l) => l.list !== 'uk').map((l) => l.unique_id)).toEqual([
      namesake.uniqueIds.eu,
      namesake.uniqueIds.ofac,
      namesake.uniqueIds.un,
    ]);
  });

  it('never replaces a held list, and seeds the lists a store does not hold', async () => {
    const before = await versions();
    expect((await seedDemoSanctionsListsIfEmpty(em(), { asOf })).imported).toEqual({});
    expect(await versions()).toEqual(before);

    const other = await createTestDatabase();
    const small = await openMigrated(other);
    try {
      await importDemoRegister(small.em.fork(), { companies: 40, seed: 2, asOf, details: true });
      const uk = (await seedDemoSanctionsListIfEmpty(small.em.fork(), { seed: 2, asOf }))!;
      const seeded = await seedDemoSanctionsListsIfEmpty(small.em.fork(), { seed: 2, asOf });
      expect(Object.keys(seeded.imported).sort()).toEqual(['eu', 'ofac', 'un']);
      const rows = (await knexOf(small.em.fork())('sanctions_list_versions')
        .where({ list_id: 'uk' })
        .select('id')) as { id: number }[];
      expect(rows.map((row) => row.id)).toEqual([uk.version.id]);
    } finally {
      await small.close();
      await other.drop();
    }
  });
});
