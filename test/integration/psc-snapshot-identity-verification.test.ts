import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Orm } from '../../src/db/orm';
import { readPscRegister } from '../../src/domain/pscs/psc-view';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importPscSnapshot } from '../../src/ingest/companies-house/resources/psc-snapshot';
import { SAMPLE_COMPANIES_CSV } from '../support/company-csv-rows';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * The PSC snapshot's lines carry identity_verification_details under `data` as the API items do: stored and
 * shown; a malformed date in it refuses that company's lines, as any bad item does, and leaves the rest.
 */

const day = new Date('2026-11-22T00:00:00Z');
let db: TestDatabase;
let orm: Orm;
let dir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openMigrated(db);
  await importCompaniesCsv(orm.em.fork(), SAMPLE_COMPANIES_CSV, { asOf: day, clock: () => day });
  dir = mkdtempSync(join(tmpdir(), 'psc-snapshot-idv-'));
});

afterAll(async () => {
  await orm?.close();
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const line = (companyNumber: string, id: string, details: Record<string, unknown>) =>
  JSON.stringify({
    company_number: companyNumber,
    data: {
      kind: 'individual-person-with-significant-control',
      name: 'Mr Hamish Wood',
      natures_of_control: ['ownership-of-shares-75-to-100-percent'],
      notified_on: '2016-04-06',
      identity_verification_details: details,
      links: { self: `/company/${companyNumber}/persons-with-significant-control/individual/${id}` },
    },
  });

it('stores the identity verification a snapshot line carries, and refuses a company whose line has a malformed date', async () => {
  const path = join(dir, 'persons-with-significant-control-snapshot-2026-11-22.txt');
  writeFileSync(
    path,
    [
      line('09876543', 'good-1', {
        appointment_verification_statement_date: '2026-11-01',
        appointment_verification_statement_due_on: '2026-11-15',
      }),
      line('SC412345', 'bad-1', { appointment_verification_statement_due_on: '15/11/2026' }),
    ].join('\n') + '\n',
  );
  const result = await importPscSnapshot(orm.em.fork(), path, { source: 'import', detectedAt: day });
  expect(result).toMatchObject({ companies: 1, items: 1 });
  // Besides the missing totals line this test file leaves out.
  expect(result.problems).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        message: expect.stringContaining(
          'data.identity_verification_details.appointment_verification_statement_due_on',
        ),
      }),
    ]),
  );
  const register = await readPscRegister(orm.em.fork(), '09876543');
  expect(register.items[0]!.identity_verification).toMatchObject({
    appointment_verification_statement_date: '2026-11-01',
    appointment_verification_statement_due_on: '2026-11-15',
    identity_verified_on: null,
  });
  expect((await readPscRegister(orm.em.fork(), 'SC412345')).items).toEqual([]);
});
