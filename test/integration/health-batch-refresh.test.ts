import type { EntityManager } from '@mikro-orm/core';
import type { Orm } from '../../src/db/orm';
import { isoDay } from '../../src/domain/companies/company-profile';
import { scoreCompaniesHealth, type HealthScoreSummary } from '../../src/domain/health/score-company';
import { enqueueHealthRescore } from '../../src/domain/health/store/health-score-queue';
import { drainHealthScores } from '../../src/domain/health/store/refresh-health-scores';
import { seededDemoDatabase } from '../support/demo-database';
import { DEMO_SEEDING_TIMEOUT_MS } from '../support/demo-seeding';
import { storedHealthScores, type StoredHealthScore } from '../support/stored-health-scores';
import { openMigrated, type TestDatabase } from '../support/test-database';

/*
 * The refresh scores a whole batch from plain rows read once per table (loadHealthFacts) and writes it in
 * multi-row statements. What it stores must be exactly what the model says of each company scored on its own (the
 * path get_health_score takes): checked on a copy of the embedded default's demo register (its details:
 * officers, PSCs, filings, charges, insolvency, accounts, disqualifications, exemptions) with the details of half of
 * it removed, so every rule family has data and so does the register's usual case, a company with none.
 */

/** The demo register's size (`npm start` seeds 200): asserted below, so a smaller demo fails here, not silently. */
const COMPANIES = 200;
/** Two batches of the drain and a third part-filled one. */
const BATCH_SIZE = 90;

let db: TestDatabase;
let orm: Orm;
let asOf: Date;
let today: string;

beforeAll(async () => {
  // A copy of the run's seeded demo store (under a second); generating 600 companies with details here took 30 s
  // on SQLite and 45 s on PostgreSQL in CI.
  const demo = await seededDemoDatabase();
  db = demo.db;
  asOf = demo.asOf;
  today = isoDay(asOf);
  orm = await openMigrated(db);
  await keepDetailsOfFirstHalfOnly(orm.em.fork());
}, DEMO_SEEDING_TIMEOUT_MS);

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

  const drained = await drainHealthScores(orm.em.fork(), asOf, { batchSize: BATCH_SIZE });
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
