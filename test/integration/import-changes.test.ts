import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import type { Orm } from '../../src/db/orm';
import { BASIC_COMPANY_DATA_HEADER_LINE } from '../../src/ingest/companies-house/companies-csv';
import {
  importCompaniesCsv,
  type ImportCompaniesOptions,
} from '../../src/ingest/companies-house/import-companies';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';
import { CSV_COLUMN, csvRow } from '../support/company-csv-rows';
import { emptySqliteNameIndexes } from '../support/name-indexes';

/*
 * The register change feed as imports fill it (docs/alerts.md): the first import into an empty register is a
 * baseline and records nothing; later imports record what changed, field by field, in sequence order.
 */

const asOf = new Date('2025-06-01T00:00:00Z');
const baselineAt = new Date('2025-06-01T08:00:00.000Z');
const importedAt = new Date('2025-06-02T08:00:00.000Z');

const { NAME, NUMBER, ADDRESS_LINE_1, POSTCODE, STATUS, DISSOLUTION_DATE } = CSV_COLUMN;
const row = csvRow;

const renamed = { [NAME]: 'ACORN LEAF CONSULTING LTD', [NUMBER]: '09000001' };
const dissolved = { [NAME]: 'BRAMBLE HOUSE LIMITED', [NUMBER]: '09000002' };
const moved = { [NAME]: 'CEDAR WORKS LIMITED', [NUMBER]: '09000003' };
const unchanged = { [NAME]: 'DAMSON TRADING LIMITED', [NUMBER]: '09000004' };

const baseline = [row(renamed), row(dissolved), row(moved), row(unchanged)];
const edited = [
  row({ ...renamed, [NAME]: 'ACORN LEAF DIGITAL LTD' }),
  row({ ...dissolved, [STATUS]: 'Dissolved', [DISSOLUTION_DATE]: '01/05/2025' }),
  row({ ...moved, [ADDRESS_LINE_1]: '2ND FLOOR 110 CANNON STREET', [POSTCODE]: 'EC4N 6EU' }),
  row(unchanged),
  row({ [NAME]: 'ELDER FIELDS LIMITED', [NUMBER]: '09000005' }),
];

/** The template's registered office, as the feed records an address. */
const address = {
  care_of: null,
  po_box: null,
  address_line_1: 'FLAT 4, 27 OLD STREET',
  address_line_2: null,
  locality: 'LONDON',
  region: null,
  country: 'UNITED KINGDOM',
  postal_code: 'EC1V 9HL',
};

/** What the edited file changes, in file order. */
const expectedChanges = [
  {
    company_number: '09000001',
    change: 'updated',
    field: 'company_name',
    alert_type: 'name_change',
    old_value: 'ACORN LEAF CONSULTING LTD',
    new_value: 'ACORN LEAF DIGITAL LTD',
  },
  {
    company_number: '09000002',
    change: 'dissolved',
    field: 'company_status',
    alert_type: 'status_change',
    old_value: { status: 'active', detail: null, date_of_cessation: null },
    new_value: { status: 'dissolved', detail: null, date_of_cessation: '2025-05-01' },
  },
  {
    company_number: '09000003',
    change: 'updated',
    field: 'registered_office_address',
    alert_type: 'address_change',
    old_value: address,
    new_value: { ...address, address_line_1: '2ND FLOOR 110 CANNON STREET', postal_code: 'EC4N 6EU' },
  },
  {
    company_number: '09000005',
    change: 'added',
    field: 'company',
    alert_type: null,
    old_value: null,
    new_value: { company_name: 'ELDER FIELDS LIMITED', company_status: 'active' },
  },
];

let db: TestDatabase;
let orm: Orm;
let dir: string;
let files = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openMigrated(db);
  dir = mkdtempSync(join(tmpdir(), 'cds-import-changes-'));
});

afterAll(async () => {
  await orm?.close();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Each test starts from an empty register and an empty feed. */
beforeEach(async () => {
  const connection = orm.em.getConnection();
  for (const table of ['register_changes', 'company_sic_codes', 'companies', 'sic_codes', 'import_runs'])
    await connection.execute(`delete from ${table}`);
  if (db.database.kind === 'sqlite') await emptySqliteNameIndexes(connection);
});

const em = (): EntityManager => orm.em.fork();

/** A new CSV file holding these rows. */
function csv(rows: readonly string[]): string {
  const file = join(dir, `companies-${++files}.csv`);
  writeFileSync(file, [BASIC_COMPANY_DATA_HEADER_LINE, ...rows, ''].join('\n'));
  return file;
}

const importFile = (file: string, at: Date, options: ImportCompaniesOptions = {}) =>
  importCompaniesCsv(em(), file, { asOf, clock: () => at, ...options });

interface ChangeRow {
  sequence: number;
  company_number: string;
  change: string;
  field: string;
  alert_type: string | null;
  old_value: unknown;
  new_value: unknown;
  source: string;
  detected_at: Date;
}

async function feed(): Promise<ChangeRow[]> {
  const rows: Record<string, unknown>[] = await orm.em
    .getConnection()
    .execute(
      'select sequence, company_number, change, field, alert_type, old_value, new_value, source, detected_at ' +
        'from register_changes order by sequence',
    );
  return rows.map((stored) => ({
    sequence: Number(stored.sequence),
    company_number: stored.company_number as string,
    change: stored.change as string,
    field: stored.field as string,
    alert_type: stored.alert_type as string | null,
    old_value: stored.old_value === null ? null : JSON.parse(stored.old_value as string),
    new_value: stored.new_value === null ? null : JSON.parse(stored.new_value as string),
    source: stored.source as string,
    // SQLite holds datetimes as epoch milliseconds, PostgreSQL as timestamptz.
    detected_at: new Date(stored.detected_at as number | string | Date),
  }));
}

/** A change without its place in the feed: what it says. */
const content = ({ company_number, change, field, alert_type, old_value, new_value }: ChangeRow) => ({
  company_number,
  change,
  field,
  alert_type,
  old_value,
  new_value,
});

function expectStrictlyIncreasing(sequences: readonly number[]): void {
  for (let i = 1; i < sequences.length; i++) expect(sequences[i]).toBeGreaterThan(sequences[i - 1]!);
}

describe('register changes recorded by imports', () => {
  it('records no changes for the first import into an empty register', async () => {
    const result = await importFile(csv(baseline), baselineAt);
    expect(result).toMatchObject({ status: 'completed', inserted: 4, changes: 0, records_changes: false });
    expect(await feed()).toEqual([]);
  });

  it('records each change of a later import, field by field, in strictly increasing sequence', async () => {
    await importFile(csv(baseline), baselineAt);
    // Batches of two: the changes span three transactions.
    const result = await importFile(csv(edited), importedAt, { batchSize: 2 });
    expect(result).toMatchObject({
      status: 'completed',
      rows: 5,
      inserted: 1,
      updated: 4,
      changes: 4,
      records_changes: true,
    });

    const changes = await feed();
    expect(changes.map(content)).toEqual(expectedChanges);
    expectStrictlyIncreasing(changes.map((change) => change.sequence));
    for (const change of changes) {
      expect(change.source).toBe('import');
      expect(change.detected_at).toEqual(importedAt);
    }
  });

  it('keeps insolvency history once the register held it, though a later file shows the company active', async () => {
    const liquidated = { [NAME]: 'FERN RECOVERY LIMITED', [NUMBER]: '09000006' };
    await importFile(csv([row({ ...liquidated, [STATUS]: 'Liquidation' })]), baselineAt);
    await importFile(csv([row({ ...liquidated, [STATUS]: 'Active' })]), importedAt);
    const [stored] = await orm.em
      .getConnection()
      .execute<{ company_status: string; has_insolvency_history: unknown }[]>(
        `select company_status, has_insolvency_history from companies where company_number = '09000006'`,
      );
    expect(stored?.company_status).toBe('active');
    // SQLite gives 1, PostgreSQL true.
    expect(Boolean(stored?.has_insolvency_history)).toBe(true);
    expect((await feed()).map((change) => change.field)).toEqual(['company_status']);
  });

  it('records nothing new when the same file is imported again', async () => {
    await importFile(csv(baseline), baselineAt);
    const file = csv(edited);
    await importFile(file, importedAt);
    const before = await feed();
    expect(before).toHaveLength(4);

    const again = await importFile(file, new Date('2025-06-03T08:00:00.000Z'));
    expect(again).toMatchObject({
      status: 'completed',
      resumed_from_line: null,
      updated: 5,
      changes: 0,
      records_changes: true,
    });
    expect(await feed()).toEqual(before);
  });

  it('keeps a resumed baseline run a baseline, though the register is no longer empty', async () => {
    const file = csv(edited);
    const first = await importFile(file, baselineAt, { batchSize: 2, limit: 2 });
    expect(first).toMatchObject({ status: 'stopped', inserted: 2, records_changes: false });

    const resumed = await importFile(file, importedAt, { batchSize: 2 });
    expect(resumed).toMatchObject({
      status: 'completed',
      resumed_from_line: 4,
      inserted: 3,
      changes: 0,
      records_changes: false,
    });
    expect(await feed()).toEqual([]);

    // A new run of another file into the now full register records again.
    const next = await importFile(
      csv([...edited, row({ [NAME]: 'FIG TREE LIMITED', [NUMBER]: '09000006' })]),
      importedAt,
    );
    expect(next).toMatchObject({ inserted: 1, updated: 5, changes: 1, records_changes: true });
    expect((await feed()).map(({ company_number, change }) => [company_number, change])).toEqual([
      ['09000006', 'added'],
    ]);
  });

  it('keeps a resumed recording run recording', async () => {
    await importFile(csv(baseline), baselineAt);
    const file = csv(edited);
    const first = await importFile(file, importedAt, { batchSize: 2, limit: 2 });
    expect(first).toMatchObject({ status: 'stopped', changes: 2, records_changes: true });

    const resumed = await importFile(file, importedAt, { batchSize: 2 });
    expect(resumed).toMatchObject({
      status: 'completed',
      resumed_from_line: 4,
      changes: 2,
      records_changes: true,
    });

    const changes = await feed();
    expect(changes.map(content)).toEqual(expectedChanges);
    expectStrictlyIncreasing(changes.map((change) => change.sequence));
  });
});
