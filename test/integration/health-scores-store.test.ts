import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity } from '../../src/db/entities/company';
import type { Orm } from '../../src/db/orm';
import { runChangeCheckStep } from '../../src/domain/changes/change-check';
import { enqueueHealthRescore } from '../../src/domain/health/store/health-score-queue';
import {
  drainHealthScores,
  refreshHealthScores,
  type HealthScorer,
} from '../../src/domain/health/store/refresh-health-scores';
import { HEALTH_MODEL_VERSION, type HealthScoreSummary } from '../../src/domain/health/score-company';
import { simulateChange } from '../../src/demo/simulator/simulate-changes';
import { BASIC_COMPANY_DATA_HEADER_LINE } from '../../src/ingest/companies-house/companies-csv';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importInsolvencyFile } from '../../src/ingest/companies-house/resources/insolvency-json';
import { importOfficersFile } from '../../src/ingest/companies-house/resources/officers-json';
import { CSV_COLUMN, csvRow, SAMPLE_COMPANIES_CSV } from '../support/company-csv-rows';
import { projectRoot } from '../support/paths';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';
import { storedHealthScores } from '../support/stored-health-scores';
import { emptySqliteNameIndexes } from '../support/name-indexes';

/*
 * Health scores kept in step with the data (domain/health/store): every writer queues the companies whose data
 * it changed, in its own transaction, and the refresh scores the queue, the scores whose valid_until has come and
 * those of another model version. The scorer here is the test's own, so what is rescored is exactly visible.
 */

const { NAME, NUMBER, STATUS } = CSV_COLUMN;
const ACCOUNTS_NEXT_DUE = 17;
const asOf = new Date('2025-06-01T00:00:00Z');
const officersFile = (name: string) => join(projectRoot, 'test/fixtures/officers', name);

let db: TestDatabase;
let orm: Orm;
let dir: string;
let files = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openMigrated(db);
  dir = mkdtempSync(join(tmpdir(), 'cds-health-store-'));
});

afterAll(async () => {
  await orm?.close();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  const connection = orm.em.getConnection();
  for (const table of [
    'health_score_queue',
    'company_health_scores',
    'register_changes',
    'change_check_state',
    'officer_appointments',
    'insolvency_cases',
    'company_resource_imports',
    'company_sic_codes',
    'companies',
    'sic_codes',
    'import_runs',
  ])
    await connection.execute(`delete from ${table}`);
  if (db.database.kind === 'sqlite') await emptySqliteNameIndexes(connection);
});

const em = (): EntityManager => orm.em.fork();

function csv(rows: readonly string[]): string {
  const file = join(dir, `companies-${++files}.csv`);
  writeFileSync(file, [BASIC_COMPANY_DATA_HEADER_LINE, ...rows, ''].join('\n'));
  return file;
}

const importRows = (rows: readonly string[], at: Date) =>
  importCompaniesCsv(em(), csv(rows), { asOf, clock: () => at });

async function queue(): Promise<string[]> {
  const rows: { company_number: string }[] = await orm.em
    .getConnection()
    .execute('select company_number from health_score_queue order by company_number');
  return rows.map((row) => row.company_number);
}

/** queued_at as epoch milliseconds, whichever way the driver reads it. */
async function queuedAt(companyNumber: string): Promise<number> {
  const [row] = await orm.em
    .getConnection()
    .execute<{ queued_at: number | string | Date }[]>(
      'select queued_at from health_score_queue where company_number = ?',
      [companyNumber],
    );
  return new Date(row!.queued_at).getTime();
}

const clearQueue = () => orm.em.getConnection().execute('delete from health_score_queue');

const stored = () => storedHealthScores(orm.em);

/**
 * A deterministic scorer: scores the companies the register holds from `plan` (score, valid_until), and records
 * what it was asked to score. `during` runs inside the refresh's transaction, after the data was read.
 */
function testScorer(
  plan: Record<string, { score: number | null; validUntil?: string | null }> = {},
  options: { during?: (tx: EntityManager) => Promise<void>; modelVersion?: string } = {},
) {
  const asked: string[][] = [];
  const scorer: HealthScorer = async (tx, numbers, day) => {
    asked.push([...numbers]);
    const held = await tx.find(
      CompanyEntity,
      { companyNumber: { $in: [...numbers] } },
      { fields: ['companyNumber'], disableIdentityMap: true },
    );
    await options.during?.(tx);
    return held.map(({ companyNumber }): HealthScoreSummary => {
      const planned = plan[companyNumber] ?? { score: 70 };
      const score = planned.score;
      return {
        companyNumber,
        modelVersion: options.modelVersion ?? HEALTH_MODEL_VERSION,
        asOf: day,
        score,
        grade: score === null ? null : score >= 80 ? 'A' : score >= 60 ? 'B' : 'D',
        riskLevel: score === null ? null : score >= 60 ? 'low' : 'high',
        validUntil: planned.validUntil ?? null,
        firedCodes: score !== null && score < 60 ? ['accounts_overdue'] : [],
      };
    });
  };
  return { scorer, asked };
}

const rows = {
  a: { [NAME]: 'ACORN LEAF CONSULTING LTD', [NUMBER]: '09000001' },
  b: { [NAME]: 'BRAMBLE HOUSE LIMITED', [NUMBER]: '09000002' },
  c: { [NAME]: 'CEDAR WORKS LIMITED', [NUMBER]: '09000003' },
  d: { [NAME]: 'DAMSON TRADING LIMITED', [NUMBER]: '09000004' },
};
const baseline = Object.values(rows).map((changes) => csvRow(changes));

describe('the rescoring queue, written with the data', () => {
  it('queues every company a register import inserts, none when the same file comes again, and only changed ones after', async () => {
    await importRows(baseline, new Date('2025-06-01T08:00:00Z'));
    expect(await queue()).toEqual(['09000001', '09000002', '09000003', '09000004']);

    await clearQueue();
    await importRows(baseline, new Date('2025-06-02T08:00:00Z'));
    expect(await queue()).toEqual([]);

    await importRows(
      [
        csvRow({ ...rows.a, [NAME]: 'ACORN LEAF DIGITAL LTD' }), // a tracked column
        csvRow({ ...rows.b, [ACCOUNTS_NEXT_DUE]: '30/09/2026' }), // one the change feed does not track
        csvRow(rows.c),
        csvRow({ ...rows.d, [STATUS]: 'Liquidation' }),
        csvRow({ [NAME]: 'ELDER FIELDS LIMITED', [NUMBER]: '09000005' }),
      ],
      new Date('2025-06-03T08:00:00Z'),
    );
    expect(await queue()).toEqual(['09000001', '09000002', '09000004', '09000005']);

    // Insolvency history stays once held: a later file showing the company active again changes its status
    // (queued), and the same file once more changes nothing.
    await clearQueue();
    const active = [csvRow({ ...rows.d, [STATUS]: 'Active' })];
    await importRows(active, new Date('2025-06-04T08:00:00Z'));
    expect(await queue()).toEqual(['09000004']);
    await clearQueue();
    await importRows(active, new Date('2025-06-05T08:00:00Z'));
    expect(await queue()).toEqual([]);
  });

  it('queues a company when a detail import writes its baseline or records changes, not when nothing changed', async () => {
    await importRows([csvRow({ ...rows.a, [NUMBER]: '09876543' })], new Date('2025-06-01T08:00:00Z'));
    await clearQueue();
    const at = (day: string) => ({ source: 'import', detectedAt: new Date(`${day}T09:00:00Z`) }) as const;

    const first = await importOfficersFile(
      em(),
      '09876543',
      officersFile('09876543-officers.json'),
      at('2025-06-02'),
    );
    expect(first).toMatchObject({ status: 'imported', baseline: true });
    expect(await queue()).toEqual(['09876543']);

    await clearQueue();
    const same = await importOfficersFile(
      em(),
      '09876543',
      officersFile('09876543-officers.json'),
      at('2025-06-03'),
    );
    expect(same).toMatchObject({ status: 'imported', baseline: false, changes: 0 });
    expect(await queue()).toEqual([]);

    const updated = await importOfficersFile(
      em(),
      '09876543',
      officersFile('09876543-officers-update.json'),
      at('2025-06-04'),
    );
    expect(updated).toMatchObject({ status: 'imported', baseline: false });
    expect((updated as { changes: number }).changes).toBeGreaterThan(0);
    expect(await queue()).toEqual(['09876543']);
  });

  it('queues the companies whose filings the change check finds fallen overdue (the clock)', async () => {
    await importRows(
      [
        csvRow({ ...rows.a, [ACCOUNTS_NEXT_DUE]: '10/06/2025' }),
        csvRow({ ...rows.b, [ACCOUNTS_NEXT_DUE]: '30/09/2026' }),
      ],
      new Date('2025-06-01T08:00:00Z'),
    );
    // The first check starts watching due dates from its own day; the next one, days later, finds 09000001's
    // accounts due on 10 June overdue.
    await runChangeCheckStep(em(), {
      now: new Date('2025-06-09T12:00:00Z'),
      publicBaseUrl: 'https://x.test',
    });
    await clearQueue();
    const step = await runChangeCheckStep(em(), {
      now: new Date('2025-06-12T12:00:00Z'),
      publicBaseUrl: 'https://x.test',
    });
    expect(step.overdueChanges).toBe(1);
    expect(await queue()).toEqual(['09000001']);
  });

  it('queues a simulated register change, which goes through the register writer', async () => {
    await importRows(baseline, new Date('2025-06-01T08:00:00Z'));
    await clearQueue();
    await simulateChange(em(), '09000003', 'status_change', {
      now: new Date('2025-06-02T08:00:00Z'),
      seed: 3,
    });
    expect(await queue()).toEqual(['09000003']);
  });

  it('moves queued_at strictly forward when a queued company is queued again, even in the same millisecond', async () => {
    const now = new Date('2025-06-01T08:00:00.000Z');
    await em().transactional((tx) => enqueueHealthRescore(tx, ['09000001', '09000002'], now));
    const first = await queuedAt('09000001');
    expect(first).toBe(now.getTime());
    await em().transactional((tx) => enqueueHealthRescore(tx, ['09000001'], now));
    expect(await queuedAt('09000001')).toBe(first + 1);
    await em().transactional((tx) =>
      enqueueHealthRescore(tx, ['09000001'], new Date('2025-06-02T00:00:00Z')),
    );
    expect(await queuedAt('09000001')).toBe(Date.parse('2025-06-02T00:00:00Z'));
    expect(await queuedAt('09000002')).toBe(now.getTime());
    expect(await queue()).toEqual(['09000001', '09000002']);
  });
});

describe('refreshing stored scores', () => {
  const today = new Date('2025-06-10T12:00:00Z');

  beforeEach(async () => {
    await importRows(baseline, new Date('2025-06-01T08:00:00Z'));
  });

  it('scores the queued companies in batches, stores their summaries and empties the queue', async () => {
    const { scorer, asked } = testScorer({
      '09000001': { score: 85, validUntil: '2025-07-01' },
      '09000002': { score: 40 },
      '09000003': { score: null },
    });
    const first = await refreshHealthScores(em(), today, { scorer, batchSize: 2, maxCompanies: 3 });
    expect(first).toEqual({ rescored: 3, queued: 3, expired: 0, otherModel: 0, dropped: 0, more: true });
    expect(asked).toEqual([['09000001', '09000002'], ['09000003']]);
    expect(await queue()).toEqual(['09000004']);

    const second = await refreshHealthScores(em(), today, { scorer, batchSize: 2, maxCompanies: 3 });
    expect(second).toEqual({ rescored: 1, queued: 1, expired: 0, otherModel: 0, dropped: 0, more: false });
    expect(await queue()).toEqual([]);
    expect(await stored()).toEqual([
      {
        company_number: '09000001',
        model_version: HEALTH_MODEL_VERSION,
        as_of: '2025-06-10',
        valid_until: '2025-07-01',
        score: 85,
        grade: 'A',
        risk_level: 'low',
        fired_codes: '[]',
      },
      {
        company_number: '09000002',
        model_version: HEALTH_MODEL_VERSION,
        as_of: '2025-06-10',
        valid_until: null,
        score: 40,
        grade: 'D',
        risk_level: 'high',
        fired_codes: '["accounts_overdue"]',
      },
      {
        company_number: '09000003',
        model_version: HEALTH_MODEL_VERSION,
        as_of: '2025-06-10',
        valid_until: null,
        score: null,
        grade: null,
        risk_level: null,
        fired_codes: '[]',
      },
      expect.objectContaining({ company_number: '09000004', score: 70, grade: 'B' }),
    ]);

    // Nothing changed since: a second refresh scores nothing.
    const again = await refreshHealthScores(em(), today, { scorer });
    expect(again).toEqual({ rescored: 0, queued: 0, expired: 0, otherModel: 0, dropped: 0, more: false });
    expect(asked).toHaveLength(3);
  });

  it('rescores a stored score once its valid_until has come, and not before', async () => {
    const { scorer: first } = testScorer({
      '09000001': { score: 85, validUntil: '2025-06-15' },
      '09000002': { score: 85, validUntil: '2025-06-16' },
    });
    await drainHealthScores(em(), today, { scorer: first });

    const { scorer, asked } = testScorer({ '09000001': { score: 40, validUntil: null } });
    const onTheDay = new Date('2025-06-15T00:30:00Z');
    expect(await refreshHealthScores(em(), new Date('2025-06-14T23:59:00Z'), { scorer })).toMatchObject({
      rescored: 0,
    });
    expect(await refreshHealthScores(em(), onTheDay, { scorer })).toEqual({
      rescored: 1,
      queued: 0,
      expired: 1,
      otherModel: 0,
      dropped: 0,
      more: false,
    });
    expect(asked).toEqual([['09000001']]);
    expect((await stored()).find((row) => row.company_number === '09000001')).toMatchObject({
      as_of: '2025-06-15',
      score: 40,
      valid_until: null,
    });
  });

  it('never rescores without end a score whose valid_until is not after its own day', async () => {
    const { scorer, asked } = testScorer({ '09000001': { score: 85, validUntil: '2025-06-10' } });
    await drainHealthScores(em(), today, { scorer });
    expect(asked).toEqual([['09000001', '09000002', '09000003', '09000004']]);
    expect(await refreshHealthScores(em(), today, { scorer })).toMatchObject({ rescored: 0, expired: 0 });
  });

  it('rescores the scores stored under another model version', async () => {
    await drainHealthScores(em(), today, { scorer: testScorer().scorer });
    await orm.em
      .getConnection()
      .execute(
        `update company_health_scores set model_version = 'health-old' where company_number = '09000002'`,
      );
    const { scorer, asked } = testScorer({ '09000002': { score: 20 } });
    expect(await refreshHealthScores(em(), today, { scorer })).toMatchObject({ rescored: 1, otherModel: 1 });
    expect(asked).toEqual([['09000002']]);
    expect((await stored()).find((row) => row.company_number === '09000002')).toMatchObject({
      model_version: HEALTH_MODEL_VERSION,
      score: 20,
    });
  });

  it('keeps a company queued when it is queued again while the refresh scores it', async () => {
    // On PostgreSQL a real concurrent writer, on its own connection, commits while the batch is open; SQLite has
    // one writer at a time (the batch holds the lock), so there the re-queue comes inside the batch.
    const requeue = async (tx: EntityManager) => {
      if (db.database.kind === 'postgresql')
        await orm.em.fork().transactional((other) => enqueueHealthRescore(other, ['09000002'], new Date()));
      else await enqueueHealthRescore(tx, ['09000002'], new Date());
    };
    const { scorer, asked } = testScorer({}, { during: requeue });
    const first = await refreshHealthScores(em(), today, { scorer });
    expect(first).toMatchObject({ rescored: 4, queued: 4 });
    expect(await queue()).toEqual(['09000002']);

    const { scorer: next, asked: askedNext } = testScorer();
    expect(await refreshHealthScores(em(), today, { scorer: next })).toMatchObject({
      rescored: 1,
      queued: 1,
    });
    expect(askedNext).toEqual([['09000002']]);
    expect(asked).toHaveLength(1);
    expect(await queue()).toEqual([]);
  });

  it('removes the stored score of a queued company the register no longer holds', async () => {
    await drainHealthScores(em(), today, { scorer: testScorer().scorer });
    await orm.em.getConnection().execute(`delete from companies where company_number = '09000004'`);
    await em().transactional((tx) => enqueueHealthRescore(tx, ['09000004'], today));
    expect(await refreshHealthScores(em(), today, { scorer: testScorer().scorer })).toMatchObject({
      rescored: 0,
      queued: 1,
      dropped: 1,
    });
    expect((await stored()).map((row) => row.company_number)).toEqual(['09000001', '09000002', '09000003']);
    expect(await queue()).toEqual([]);
  });

  it('refuses a scorer that answers another model version, and changes nothing', async () => {
    const { scorer } = testScorer({}, { modelVersion: 'health-other' });
    await expect(refreshHealthScores(em(), today, { scorer })).rejects.toThrow(/model health-other/);
    expect(await stored()).toEqual([]);
    expect(await queue()).toEqual(['09000001', '09000002', '09000003', '09000004']);
  });
});

describe('with the health model (scoreCompaniesHealth)', () => {
  const storedOf = async (companyNumber: string) =>
    (await stored()).find((row) => row.company_number === companyNumber);
  const RETURNS_NEXT_DUE = 20;

  it('rescores a company when a detail import changes its data, and nothing when nothing changed', async () => {
    const day = new Date('2026-11-22T12:00:00Z');
    await importCompaniesCsv(em(), SAMPLE_COMPANIES_CSV, { asOf: day, clock: () => day });
    const first = await drainHealthScores(em(), day);
    const companies = await em().count(CompanyEntity, {});
    expect(first).toMatchObject({ rescored: companies, queued: companies });
    const before = await storedOf('NI612345');
    expect(before).toMatchObject({ model_version: HEALTH_MODEL_VERSION, as_of: '2026-11-22' });

    expect(await refreshHealthScores(em(), day)).toMatchObject({ rescored: 0 });

    // An administration case (the company's first insolvency import: its baseline) is new data.
    await importInsolvencyFile(
      em(),
      'NI612345',
      join(projectRoot, 'test/fixtures/insolvency/NI612345-insolvency.json'),
      {
        source: 'import',
        detectedAt: day,
      },
    );
    expect(await queue()).toEqual(['NI612345']);
    expect(await refreshHealthScores(em(), day)).toMatchObject({ rescored: 1, queued: 1 });
    const after = await storedOf('NI612345');
    expect(after!.score).not.toBeNull();
    expect(after!.score!).toBeLessThan(before!.score ?? 101);
    expect(JSON.parse(after!.fired_codes)).not.toEqual(JSON.parse(before!.fired_codes));

    expect(await refreshHealthScores(em(), day)).toMatchObject({ rescored: 0 });
  });

  it('rescores a company on the day its stored score stops being valid (accounts fall overdue), not before', async () => {
    const number = '09000001';
    const scoredOn = new Date('2026-11-30T12:00:00Z');
    await importCompaniesCsv(
      em(),
      csv([csvRow({ ...rows.a, [ACCOUNTS_NEXT_DUE]: '01/12/2026', [RETURNS_NEXT_DUE]: '01/06/2027' })]),
      { asOf: scoredOn, clock: () => scoredOn },
    );
    await drainHealthScores(em(), scoredOn);
    const before = await storedOf(number);
    expect(before!.valid_until).not.toBeNull();
    expect(before!.valid_until! > '2026-11-30').toBe(true);
    expect(before!.valid_until! <= '2026-12-02').toBe(true);

    const dayBefore = new Date(Date.parse(`${before!.valid_until}T00:00:00Z`) - 60_000);
    expect(await refreshHealthScores(em(), dayBefore)).toMatchObject({ rescored: 0 });

    const onTheDay = new Date('2026-12-02T09:00:00Z');
    expect(await refreshHealthScores(em(), onTheDay)).toMatchObject({ rescored: 1, expired: 1 });
    const after = await storedOf(number);
    expect(after).toMatchObject({ as_of: '2026-12-02' });
    expect(after!.score!).toBeLessThan(before!.score!);
    expect(JSON.parse(after!.fired_codes).length).toBeGreaterThan(JSON.parse(before!.fired_codes).length);
  });
});
