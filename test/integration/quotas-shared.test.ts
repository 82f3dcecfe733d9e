import type { Orm } from '../../src/db/orm';
import { createAccount } from '../../src/domain/accounts/accounts';
import { Quotas } from '../../src/domain/accounts/quota';
import { ServiceError } from '../../src/domain/errors';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

// Each API process holds its own Quotas with its own connection; the count lives in the shared database.
describe('quotas shared by several API processes', () => {
  let db: TestDatabase;
  let orm: Orm;
  let processes: Quotas[];

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await openMigrated(db);
    processes = [new Quotas(db.database), new Quotas(db.database), new Quotas(db.database)];
  });
  afterAll(async () => {
    await Promise.all(processes.map((q) => q.close()));
    await orm.close();
    await db.drop();
  });

  async function outcomes(calls: Promise<unknown>[]) {
    const settled = await Promise.allSettled(calls);
    for (const s of settled) {
      if (s.status === 'rejected' && !(s.reason instanceof ServiceError && s.reason.code === 'rate_limited'))
        throw s.reason;
    }
    return {
      allowed: settled.filter((s) => s.status === 'fulfilled').length,
      refused: settled.filter((s) => s.status === 'rejected').length,
    };
  }

  it('allows exactly 30 of 100 parallel requests spread over three processes', async () => {
    const { account } = await createAccount(
      orm.em.fork(),
      { email: 'shared@example.com', plan: 'free' },
      new Date(),
    );
    const calls = Array.from({ length: 100 }, (_, i) => processes[i % 3]!.chargeRequests(account, 1));
    expect(await outcomes(calls)).toEqual({ allowed: 30, refused: 70 });
  });

  it('charges a two-request call as two', async () => {
    const { account } = await createAccount(
      orm.em.fork(),
      { email: 'double@example.com', plan: 'free' },
      new Date(),
    );
    const calls = Array.from({ length: 20 }, (_, i) => processes[i % 3]!.chargeRequests(account, 2));
    expect(await outcomes(calls)).toEqual({ allowed: 15, refused: 5 });
  });

  it('caps free protocol messages at 120 a minute per key', async () => {
    const { account, apiKey } = await createAccount(
      orm.em.fork(),
      { email: 'lists@example.com', plan: 'free' },
      new Date(),
    );
    const calls = Array.from({ length: 130 }, (_, i) =>
      processes[i % 3]!.chargeFreeMessage(account, apiKey.id),
    );
    expect(await outcomes(calls)).toEqual({ allowed: 120, refused: 10 });
  });

  it('resets the daily quota at midnight UTC and gives the minute point back when the day refuses', async () => {
    const { account } = await createAccount(
      orm.em.fork(),
      { email: 'daily@example.com', plan: 'free' },
      new Date(),
    );
    let now = new Date('2026-11-22T23:59:00.000Z');
    const quotas = new Quotas(db.database, () => now);
    const clearMinuteWindow = () =>
      orm.em.fork().getConnection().execute("delete from rate_limits where key like 'requests_per_minute%'");
    try {
      // Fill the day in steps of 25, clearing the minute window between steps so only the day accumulates.
      for (let step = 0; step < 40; step++) {
        await quotas.chargeRequests(account, 25);
        await clearMinuteWindow();
      }
      const refused = await quotas.chargeRequests(account, 1).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ServiceError);
      expect((refused as ServiceError).details).toMatchObject({
        limit: 'requests_per_day',
        limit_value: 1000,
        retry_after_seconds: 60,
      });
      const minuteRow = await orm.em
        .fork()
        .getConnection()
        .execute("select points from rate_limits where key like 'requests_per_minute%'");
      expect(minuteRow.map((r: { points: number }) => Number(r.points))).toEqual([0]);
      now = new Date('2026-11-23T00:00:30.000Z');
      await expect(quotas.chargeRequests(account, 1)).resolves.toEqual({ refund: expect.any(Function) });
    } finally {
      await quotas.close();
    }
  });
});
