import { join } from 'node:path';
import type { Orm } from '../../src/db/orm';
import { OfficerAppointmentEntity } from '../../src/db/entities/officer-appointment';
import { RateLimitStore } from '../../src/db/rate-limit-store';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import {
  CompaniesHouseClient,
  type CompaniesHouseClientOptions,
} from '../../src/ingest/companies-house/live/companies-house-client';
import { CompaniesHouseError } from '../../src/ingest/companies-house/live/companies-house-errors';
import { SharedRequestBudget } from '../../src/ingest/companies-house/live/shared-request-budget';
import { importOfficersJson } from '../../src/ingest/companies-house/resources/officers-json';
import { CompaniesHouseStandIn } from '../support/companies-house-stand-in/stand-in';
import { projectRoot } from '../support/paths';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

const KEY = 'stand-in-key';

describe('Companies House REST client against the stand-in', () => {
  let standIn: CompaniesHouseStandIn;
  let db: TestDatabase;
  let orm: Orm;
  let store: RateLimitStore;
  let keyCount = 0;

  /** Each client gets a key of its own (and so a budget of its own) unless a test shares one. */
  const client = (options: Partial<CompaniesHouseClientOptions> = {}, apiKey = KEY) =>
    new CompaniesHouseClient({
      apiKey,
      baseUrl: standIn.url,
      budget: new SharedRequestBudget(store, `${apiKey}#${++keyCount}`),
      timeoutMs: 2_000,
      baseDelayMs: 20,
      ...options,
    });

  beforeAll(async () => {
    standIn = await CompaniesHouseStandIn.start({
      fixturesDir: join(projectRoot, 'test/fixtures/companies-house-api'),
      apiKeys: [KEY],
    });
    db = await createTestDatabase();
    orm = await openMigrated(db);
    store = new RateLimitStore(db.database);
  });
  afterAll(async () => {
    await standIn.stop();
    await store.close();
    await orm.close();
    await db.drop();
  });
  beforeEach(() => standIn.requests.splice(0));

  it('fetches every resource in its real shape', async () => {
    const ch = client();
    const found = async (p: ReturnType<typeof ch.company>) => {
      const result = await p;
      expect(result.status).toBe('found');
      return (result as { body: Record<string, unknown> }).body;
    };
    expect(await found(ch.company('09876543'))).toMatchObject({
      company_number: '09876543',
      company_name: 'ACORN LEAF CONSULTING LTD',
      company_status: 'active',
    });
    expect(await found(ch.officers('09876543'))).toMatchObject({ kind: 'officer-list', total_results: 5 });
    expect((await found(ch.personsWithSignificantControl('SC412345'))).items).toHaveLength(1);
    expect(await found(ch.pscStatements('SC412345'))).toMatchObject({
      kind: 'persons-with-significant-control-statement#list',
    });
    expect((await found(ch.filingHistory('09876543'))).items).toHaveLength(10);
    expect(await found(ch.charges('SC412345'))).toMatchObject({ total_count: 2 });
    expect(await found(ch.insolvency('11223344'))).toHaveProperty('cases');
    expect(standIn.requests.every((r) => r.key === KEY)).toBe(true);
  });

  it('fetches a three-page officer list whole, and the officers importer takes it', async () => {
    await importCompaniesCsv(
      orm.em.fork(),
      join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv'),
      {
        asOf: new Date('2026-11-22T00:00:00Z'),
      },
    );
    const result = await client({ itemsPerPage: 2 }).officers('09876543');
    expect(standIn.requests.map((r) => r.query.start_index)).toEqual(['0', '2', '4']);
    if (result.status !== 'found') throw new Error('expected the officers');
    expect(result.body.items).toHaveLength(5);

    const outcome = await importOfficersJson(orm.em.fork(), '09876543', result.body, {
      detectedAt: new Date('2026-11-22T08:00:00Z'),
      source: 'import',
    });
    expect(outcome).toEqual({ status: 'imported', baseline: true, changes: 0 });
    const held = await orm.em.fork().find(OfficerAppointmentEntity, { companyNumber: '09876543' });
    expect(held.map((o) => o.name).sort()).toEqual([
      'ACORN SECRETARIES LIMITED',
      'JONES, Amy',
      "O'BRIEN, Siobhán Mary, Dr",
      'PATEL, Priya',
      'SMITH, John',
    ]);
  });

  it('honours a 429 by waiting as long as Retry-After says', async () => {
    standIn.failNext([{ kind: 'rate_limited', retryAfterSeconds: 1 }], '/company/09876543');
    const started = Date.now();
    await expect(client().company('09876543')).resolves.toMatchObject({ status: 'found' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(standIn.requests.map((r) => r.status)).toEqual([429, 200]);
  });

  it('retries 5xx with backoff', async () => {
    standIn.failNext([
      { kind: 'status', status: 502 },
      { kind: 'status', status: 503 },
    ]);
    await expect(client().insolvency('11223344')).resolves.toMatchObject({ status: 'found' });
    expect(standIn.requests.map((r) => r.status)).toEqual([502, 503, 200]);
  });

  it('times out a request that hangs and retries it', async () => {
    standIn.failNext([{ kind: 'hang' }]);
    const started = Date.now();
    await expect(client({ timeoutMs: 300 }).company('SC412345')).resolves.toMatchObject({ status: 'found' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(standIn.requests.map((r) => r.status)).toEqual(['hang', 200]);
  });

  it('gives up after its attempts with a typed error', async () => {
    standIn.failNext(Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 500 })));
    const error = await client({ maxAttempts: 3 })
      .company('SC412345')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CompaniesHouseError);
    expect(error).toMatchObject({ kind: 'unavailable', details: { attempts: 3 } });
  });

  it('answers a 404 as "no such company" and remembers it', async () => {
    const ch = client();
    await expect(ch.company('99999999')).resolves.toEqual({ status: 'not_found' });
    await expect(ch.company('99999999')).resolves.toEqual({ status: 'not_found' });
    await expect(ch.officers('99999999')).resolves.toEqual({ status: 'not_found' });
    expect(standIn.requests.map((r) => [r.path, r.status])).toEqual([['/company/99999999', 404]]);
  });

  it('a bad key is a typed 401, not retried', async () => {
    const error = await client({}, 'not-a-key')
      .company('09876543')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CompaniesHouseError);
    expect(error).toMatchObject({ kind: 'unauthorized', details: { status: 401 } });
    expect(standIn.requests).toHaveLength(1);
  });

  it('shares one budget per key across processes with their own database connections', async () => {
    // Two "processes": each its own ORM and limiter connection to the same database.
    const otherOrm = await openMigrated(db);
    const storeA = new RateLimitStore(db.database);
    const storeB = new RateLimitStore(db.database);
    try {
      const limit = { points: 3, duration: 2 };
      const processClient = (s: RateLimitStore, maxWaitMs: number) =>
        new CompaniesHouseClient({
          apiKey: KEY,
          baseUrl: standIn.url,
          budget: new SharedRequestBudget(s, 'shared-budget-key', limit),
          maxWaitMs,
        });
      const first = processClient(storeA, 0);
      for (let i = 0; i < 3; i++) await first.company('09876543');

      // The second process is refused at once when it will not wait...
      const refused = await processClient(storeB, 0)
        .company('09876543')
        .catch((e: unknown) => e);
      expect(refused).toMatchObject({ kind: 'rate_limited' });
      expect((refused as CompaniesHouseError).details.retryAfterMs).toBeGreaterThan(0);
      expect(standIn.requests).toHaveLength(3);

      // ...and delayed to the next window when it may wait.
      const started = Date.now();
      await expect(processClient(storeB, 5_000).company('09876543')).resolves.toMatchObject({
        status: 'found',
      });
      expect(Date.now() - started).toBeGreaterThan(200);
      expect(standIn.requests).toHaveLength(4);
      const rows = await otherOrm.em
        .fork()
        .getConnection()
        .execute("select key from rate_limits where key like 'companies_house_api:%'");
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain(KEY);
    } finally {
      await storeA.close();
      await storeB.close();
      await otherOrm.close();
    }
  });
});
