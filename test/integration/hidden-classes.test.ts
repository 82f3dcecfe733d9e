import { setFlagsFromString } from 'node:v8';
import type { Middleware } from 'koa';
import type { Orm } from '../../src/db/orm';
import { getCompanyAnswer } from '../../src/domain/companies/get-company';
import { requestContext } from '../../src/http/request-context';
import type { AppState } from '../../src/http/state';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import type { Logger } from '../../src/logger';
import { SAMPLE_COMPANIES_CSV } from '../support/company-csv-rows';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * Objects made on every request keep one hidden class (V8's map) with fast properties. A hidden class made per
 * request lives in the old generation, and until the next full collection it keeps the young objects it points at
 * alive through every young collection: on Node 20 a hot `{ ...object, more }` did that, and an accessor defined on
 * each request's own object turned it into a dictionary with the same effect; every request's objects were copied
 * twice before dying (docs/performance.md, "Hidden classes made per request"). V8's own test functions tell:
 * `%HaveSameMap` and `%HasFastProperties`.
 */
setFlagsFromString('--allow-natives-syntax');
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const hasFastProperties = new Function('a', 'return %HasFastProperties(a)') as (a: object) => boolean;

/** Enough calls for V8's inline caches to settle: the spread above made new classes from about the tenth. */
const CALLS = 40;

function expectOneHiddenClass(objects: object[]): void {
  const settled = objects.slice(CALLS / 2);
  const slow = settled.filter((object) => !hasFastProperties(object)).length;
  const otherClass = settled.filter((object) => !haveSameMap(object, settled[0]!)).length;
  expect({ slow, otherClass }).toEqual({ slow: 0, otherClass: 0 });
}

describe('hidden classes on the request path', () => {
  let db: TestDatabase;
  let orm: Orm;

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await openMigrated(db);
    const day = new Date('2026-11-22T00:00:00Z');
    await importCompaniesCsv(orm.em.fork(), SAMPLE_COMPANIES_CSV, { asOf: day, clock: () => day });
  });

  afterAll(async () => {
    await orm?.close();
    await db?.drop();
  });

  it("get_company's answers share one", async () => {
    const answers: object[] = [];
    for (let i = 0; i < CALLS; i++) {
      const answer = await getCompanyAnswer(orm.em, i % 2 === 0 ? '09876543' : 'SC412345');
      expect(answer?.company_number).toBe(i % 2 === 0 ? '09876543' : 'SC412345');
      answers.push(answer!);
    }
    expectOneHiddenClass(answers);
    expect(Object.keys(answers[0]!).slice(-5)).toEqual([
      'charges',
      'insolvency_cases',
      'registered_office_place',
      'source',
      'fetched_at',
    ]);
  });

  it("a request's state shares one, and its logger is made once, on first use", async () => {
    const children: Array<Record<string, unknown>> = [];
    const logger = {
      isLevelEnabled: () => false,
      child: (bindings: Record<string, unknown>) => {
        children.push(bindings);
        return logger;
      },
    } as unknown as Logger;
    const middleware = requestContext(logger) as Middleware<AppState>;
    const states: AppState[] = [];
    for (let i = 0; i < CALLS; i++) {
      const headers: Record<string, string> = { 'x-request-id': `req-${i}` };
      const ctx = {
        state: {},
        get: (name: string) => headers[name.toLowerCase()] ?? '',
        set: () => {},
      } as unknown as Parameters<typeof middleware>[0];
      await middleware(ctx, async () => {});
      states.push(ctx.state);
    }
    expectOneHiddenClass(states);
    expect(states[3]!.requestId).toBe('req-3');
    expect(children).toEqual([]);
    expect(states[3]!.logger).toBe(states[3]!.logger);
    expect(children).toEqual([{ requestId: 'req-3' }]);
  });
});
