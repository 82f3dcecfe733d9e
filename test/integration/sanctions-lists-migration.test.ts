import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/orm';
import { knexOf } from '../../src/domain/companies/register-sql';
import { currentListVersion, currentSanctionsLists } from '../../src/domain/sanctions/sanctions-list';
import { importSanctionsList } from '../../src/ingest/sanctions/import-sanctions-list';
import { createTestDatabase } from '../support/test-database';

/*
 * Migration 0027 on a store that already holds the UK list as it was kept before several lists were (one version,
 * its designations, names and changes): everything becomes the UK list's, read back the same, and the next import
 * of any list draws the next version id (PostgreSQL's sequence continues past the copied ids).
 */

const FIXTURES = join(__dirname, '../fixtures/sanctions');
const ofacFiles = () =>
  new Map(
    readdirSync(join(FIXTURES, 'ofac')).map((name) => [name, readFileSync(join(FIXTURES, 'ofac', name))]),
  );

const RECORD = {
  unique_id: 'RUS0001',
  type: 'individual',
  names: [
    {
      name: 'Ivan PETROV',
      surname: 'PETROV',
      given_names: 'Ivan',
      name_type: 'primary',
      alias_strength: null,
      title: null,
      non_latin: false,
      script: null,
      language: null,
    },
  ],
  regimes: ['Russia'],
  designation_source: 'UK',
  sanctions_imposed: [],
  date_designated: '2022-03-01',
  last_updated: '2022-03-01',
  ofsi_group_id: '1',
  un_reference_number: null,
  birth_dates: [{ year: 1960, month: 5, day: 1 }],
  nationalities: ['Russia'],
  addresses: [],
  birth_countries: [],
  other_information: null,
  statement_of_reasons: null,
  details: {},
};

describe('migration 0027 on a store holding the UK list', () => {
  it('makes every row the UK list’s and keeps the version sequence going', async () => {
    const db = await createTestDatabase({ empty: true });
    const orm = await openDatabase(db.database);
    try {
      await orm.getMigrator().up({ to: '0026-deferred-indexes' });
      const knex = knexOf(orm.em.fork());
      await knex('sanctions_list_versions').insert({
        id: 3,
        report_date: '2026-02-13',
        content_sha256: 'a'.repeat(64),
        source: '/lists/uk.csv',
        imported_at: new Date('2026-02-14T06:00:00Z'),
        rows: 1,
        rejected: 0,
        warnings: 0,
        problems: '{"rejected":[],"warnings":[]}',
        designations: 1,
        names: 1,
        added: 1,
        amended: 0,
        removed: 0,
      });
      await knex('sanctions_designations').insert({
        unique_id: 'RUS0001',
        designation_type: 'individual',
        primary_name: 'Ivan PETROV',
        regimes: '["Russia"]',
        date_designated: '2022-03-01',
        last_updated: '2022-03-01',
        birth_dates: '[]',
        nationalities: '[]',
        countries: '[]',
        record: JSON.stringify(RECORD),
        content_sha256: 'b'.repeat(64),
        first_version: 3,
        changed_in_version: 3,
        removed_in_version: null,
      });
      await knex('sanctions_designation_names').insert({
        unique_id: 'RUS0001',
        position: 0,
        name: 'Ivan PETROV',
        name_type: 'primary',
        non_latin: false,
        name_key: 'IVAN PETROV',
      });
      await knex('sanctions_list_changes').insert({
        version_id: 3,
        unique_id: 'RUS0001',
        change: 'added',
        designation_type: 'individual',
        primary_name: 'Ivan PETROV',
      });

      await orm.getMigrator().up();

      const uk = await currentListVersion(orm.em.fork(), 'uk');
      expect(uk).toMatchObject({
        id: 3,
        listId: 'uk',
        publishedOn: '2026-02-13',
        records: 1,
        designations: 1,
      });
      expect(await currentListVersion(orm.em.fork(), 'ofac')).toBeNull();
      const [held] = await currentSanctionsLists(orm.em.fork());
      expect(held!.list).toBe('uk');
      expect((await held!.candidatesFor(['Ivan Petrov'])).map((d) => [d.list_id, d.unique_id])).toEqual([
        ['uk', 'RUS0001'],
      ]);
      expect(await knex('sanctions_designation_names').select('list_id')).toEqual([{ list_id: 'uk' }]);
      expect(await knex('sanctions_list_changes').select('list_id')).toEqual([{ list_id: 'uk' }]);

      const ofac = await importSanctionsList(orm.em.fork(), 'ofac', ofacFiles(), { source: 'fixture' });
      expect(ofac).toMatchObject({ status: 'imported', list: 'ofac', version: { id: 4, list: 'ofac' } });
      // OFAC's import left the UK list as it was.
      expect((await currentListVersion(orm.em.fork(), 'uk'))!.id).toBe(3);
      expect(
        (await currentSanctionsLists(orm.em.fork())).map(({ list, version }) => [list, version.id]),
      ).toEqual([
        ['uk', 3],
        ['ofac', 4],
      ]);
    } finally {
      await orm.close();
      await db.drop();
    }
  });
});
