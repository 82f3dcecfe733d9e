import type { EntityManager } from '@mikro-orm/core';
import type { Orm } from '../../src/db/orm';
import { importDemoRegister } from '../../src/demo/demo-data';
import { isoDay } from '../../src/domain/companies/company-profile';
import { scoreCompaniesHealth, type HealthScoreSummary } from '../../src/domain/health/score-company';
import { enqueueHealthRescore } from '../../src/domain/health/store/health-score-queue';
import { drainHealthScores } from '../../src/domain/health/store/refresh-health-scores';
import { storedHealthScores, type StoredHealthScore } from '../support/stored-health-scores';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * The refresh scores a whole batch from plain rows read once per table (loadHealthFacts) and writes it in
 * multi-row statements. What it stores must be exactly what the model says of each company scored on its own (the
 * path get_health_score takes): checked on a generated register with details
 * (officers, PSCs, filings, charges, insolvency, accounts) for half of it, so every rule family has data.
 */

const COMPANIES = 600;
const asOf = new Date('2025-06-01T00:00:00Z');
const today = isoDay(asOf);

let db: TestDatabase;
let orm: Orm;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openMigrated(db);
  await importDemoRegister(orm.em.fork(), { companies: COMPANIES, seed: 7, asOf, details: true });
  await keepDetailsOfFirstHalfOnly(orm.em.fork());
  // About 30 s alone on a 2-core machine (the demo generator writes every detail in its published format and
  // imports it). 600 companies, two batches of the drain, still fire three grades and eight rule codes (asserted
  // below); 1,500 took 80–220 s in each of CI's runs.
}, 900_000);

/** The generator gives every company details; the real register mostly has none: the second half loses them. */
async function keepDetailsOfFirstHalfOnly(em: EntityManager): Promise<void> {
  const [middle] = await em
    .getConnection()
    .execute('select company_number from companies order by company_number limit 1 offset ?', [
      COMPANIES / 2,
    ]);
  for (const table of DETAIL_TABLES)
    await em
      .getConnection()
      .execute(`delete from ${table} where company_number >= ?`, [middle.company_number]);
}

const DETAIL_TABLES = [
  'filings',
  'officer_appointments',
  'persons_with_significant_control',
  'charges',
  'insolvency_cases',
  'accounts_years',
  'company_resource_imports',
];

afterAll(async () => {
  await orm?.close();
  await db?.drop();
});

function rowOf(summary: HealthScoreSummary): StoredHealthScore {
  return {
    company_number: summary.companyNumber,
    model_version: summary.modelVersion,
    as_of: summary.asOf,
    valid_until: summary.validUntil,
    score: summary.score,
    grade: summary.grade,
    risk_level: summary.riskLevel,
    fired_codes: JSON.stringify(summary.firedCodes),
  };
}

/** Each company scored alone, the way get_health_score scores it. */
async function scoredOneByOne(numbers: readonly string[], day: string): Promise<HealthScoreSummary[]> {
  const summaries: HealthScoreSummary[] = [];
  for (const number of numbers) summaries.push(...(await scoreCompaniesHealth(orm.em.fork(), [number], day)));
  return summaries;
}

async function registerNumbers(): Promise<string[]> {
  const rows: { company_number: string }[] = await orm.em
    .fork()
    .getConnection()
    .execute('select company_number from companies order by company_number');
  return rows.map((row) => row.company_number);
}

test('a batch drain stores for every company what scoring it alone gives', async () => {
  const numbers = await registerNumbers();
  expect(numbers).toHaveLength(COMPANIES);
  // Wipe what the demo import stored, so every row below was written by the drain under test.
  await orm.em.fork().getConnection().execute('delete from company_health_scores');
  await orm.em.fork().transactional((tx) => enqueueHealthRescore(tx, numbers, asOf));

  const drained = await drainHealthScores(orm.em.fork(), asOf, { batchSize: 400 });
  expect(drained).toMatchObject({ rescored: COMPANIES, queued: COMPANIES, dropped: 0, more: false });

  const stored = await storedHealthScores(orm.em.fork());
  const expected = (await scoredOneByOne(numbers, today)).map(rowOf);
  expect(stored).toHaveLength(COMPANIES);
  expect(stored).toEqual(expected);

  // The register exercises the rules: companies with details, several grades and many different rules firing.
  const [withDetails] = await orm.em
    .fork()
    .getConnection()
    .execute('select count(distinct company_number) as n from company_resource_imports');
  expect(Number(withDetails.n)).toBe(COMPANIES / 2);
  expect(new Set(stored.map((row) => row.grade)).size).toBeGreaterThanOrEqual(3);
  const codes = new Set(stored.flatMap((row) => JSON.parse(row.fired_codes) as string[]));
  expect(codes.size).toBeGreaterThanOrEqual(8);
}, 300_000);

test('on a past day too (register fields rolled back, accounts cut by filing), the batch scorer agrees', async () => {
  const numbers = await registerNumbers();
  const pastDay = '2024-03-31';
  const batch = await orm.em.fork().transactional((tx) => scoreCompaniesHealth(tx, numbers, pastDay));
  expect(batch.map(rowOf)).toEqual((await scoredOneByOne(numbers, pastDay)).map(rowOf));
}, 300_000);

test('a company taken from the queue but gone from the register loses its stored score', async () => {
  const [first] = await registerNumbers();
  const ghost = 'ZZ999999';
  await orm.em
    .fork()
    .getConnection()
    .execute(
      'insert into company_health_scores (company_number, model_version, as_of, valid_until, score, grade, ' +
        'risk_level, fired_codes, computed_at) select ?, model_version, as_of, valid_until, score, grade, ' +
        'risk_level, fired_codes, computed_at from company_health_scores where company_number = ?',
      [ghost, first],
    );
  await orm.em.fork().transactional((tx) => enqueueHealthRescore(tx, [first!, ghost], asOf));

  const drained = await drainHealthScores(orm.em.fork(), asOf);
  expect(drained).toMatchObject({ rescored: 1, queued: 2, dropped: 1 });
  const stored = await storedHealthScores(orm.em.fork());
  expect(stored.map((row) => row.company_number)).not.toContain(ghost);
  expect(stored).toHaveLength(COMPANIES);
});

test('an empty batch asks nothing of the register', async () => {
  await expect(scoreCompaniesHealth(orm.em.fork(), [], today)).resolves.toEqual([]);
  await expect(scoreCompaniesHealth(orm.em.fork(), ['NOTHERE1'], today)).resolves.toEqual([]);
});
