import { openDatabase } from '../../src/db/orm';
import { migrationsList } from '../../src/db/migrations';
import { officeLineKey } from '../../src/domain/companies/office-address-key';
import { dialectOf, knexOf } from '../../src/domain/companies/register-sql';
import { createTestDatabase } from '../support/test-database';

/*
 * Migration 0034 on a store holding companies written before it: each row's office_line_key from SQL is the key the
 * service writes with a row (officeLineKey), for the ways one building is written and for lines with nothing to
 * key; a postcode index a stopped bulk import deferred is built, in its new form, and no longer listed as deferred.
 */

const LINES = [
  '20-22 Wenlock Road',
  '20 – 22, WENLOCK ROAD.',
  "St John's House (Unit 4/5)",
  'St John’s House & Co',
  ' - , ',
  null,
];

const before = migrationsList[migrationsList.findIndex((m) => m.name === '0034-office-line-key') - 1]!.name;

describe('migration 0034 on a store holding companies', () => {
  it('keys every stored first line as the service does, and builds the postcode index a bulk import deferred', async () => {
    const db = await createTestDatabase({ empty: true });
    const orm = await openDatabase(db.database);
    try {
      await orm.getMigrator().up({ to: before });
      const knex = knexOf(orm.em.fork());
      await knex('companies').insert(
        LINES.map((line, i) => ({
          company_number: `0000000${i}`,
          company_name: `COMPANY ${i} LTD`,
          normalised_name: `company ${i}`,
          company_status: 'active',
          type: 'ltd',
          address_line_1: line,
          postal_code: 'N1 7GU',
          postcode_compact: 'N17GU',
          postcode_outward: 'N1',
          sic_codes: '[]',
          previous_company_names: '[]',
          has_charges: false,
          charges_total: 0,
          charges_outstanding: 0,
          charges_part_satisfied: 0,
          charges_satisfied: 0,
          has_insolvency_history: false,
          updated_at: new Date('2026-11-01T00:00:00Z'),
        })),
      );
      // As a bulk import leaves the store when it stops between dropping its indexes and building them.
      await knex.raw('drop index companies_postcode');
      await knex('deferred_indexes').insert({
        name: 'companies_postcode',
        table_name: 'companies',
        create_sql: 'create index companies_postcode on companies (postcode_outward, postcode_compact)',
        deferred_at: new Date('2026-11-01T00:00:00Z'),
      });

      await orm.getMigrator().up();

      const rows = (await knex('companies')
        .orderBy('company_number')
        .select('address_line_1', 'office_line_key')) as {
        address_line_1: string | null;
        office_line_key: string | null;
      }[];
      expect(rows.map((row) => row.office_line_key)).toEqual(LINES.map(officeLineKey));
      expect(rows[0]!.office_line_key).toBe('2022WENLOCKROAD');
      expect(rows[1]!.office_line_key).toBe('2022WENLOCKROAD');
      expect(rows[2]!.office_line_key).toBe('STJOHNSHOUSEUNIT45');
      expect(await knex('deferred_indexes').select('name')).toEqual([]);
      expect(await postcodeIndexColumns(knex, dialectOf(orm.em.fork()))).toEqual([
        'postcode_outward',
        'postcode_compact',
        'office_line_key',
        'company_status',
      ]);
    } finally {
      await orm.close();
      await db.drop();
    }
  });
});

async function postcodeIndexColumns(knex: ReturnType<typeof knexOf>, dialect: string): Promise<string[]> {
  if (dialect === 'postgresql') {
    const result = (await knex.raw(
      'select a.attname as name from pg_index x join pg_class i on i.oid = x.indexrelid ' +
        'join unnest(x.indkey) with ordinality k(attnum, position) on true ' +
        'join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum ' +
        "where i.relname = 'companies_postcode' order by k.position",
    )) as { rows: { name: string }[] };
    return result.rows.map((row) => row.name);
  }
  const rows = (await knex.raw(
    "select name from pragma_index_info('companies_postcode') order by seqno",
  )) as {
    name: string;
  }[];
  return rows.map((row) => row.name);
}
