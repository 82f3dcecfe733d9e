import type { Orm } from '../../src/db/orm';
import { createAccount } from '../../src/domain/accounts/accounts';
import { Quotas } from '../../src/domain/accounts/quota';
import { ServiceError } from '../../src/domain/errors';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

// The minute and the day are charged in one statement (quota-counters.ts): a refusal by one window must leave
// the other as if the call had not been made.
describe('quota windows charged together', () => {
  let db: TestDatabase;
  let orm: Orm;
  let quotas: Quotas;

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await openMigrated(db);
    quotas = new Quotas(db.database);
  });
  afterAll(async () => {
    await quotas.close();
    await orm.close();
    await db.drop();
  });

  const points = async (like: string) =>
    (
      (await orm.em
        .fork()
        .getConnection()
        .execute('select points from rate_limits where key like ?', [like])) as Array<{ points: unknown }>
    ).map((r) => Number(r.points));

  it('does not count a call refused for the minute against the day', async () => {
    const { account } = await createAccount(
      orm.em.fork(),
      { email: 'minute@example.com', plan: 'free' },
      new Date(),
    );
    for (let i = 0; i < 30; i++) await quotas.chargeRequests(account, 1);
    const refused = await quotas.chargeRequests(account, 1).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).details).toMatchObject({
      limit: 'requests_per_minute',
      limit_value: 30,
    });
    expect(await points(`requests_per_day:${account.id}:%`)).toEqual([30]);
    // The refused point stays in the minute that refused it, as a full window keeps what it was asked for.
    expect(await points(`requests_per_minute:${account.id}`)).toEqual([31]);
  });

  it('refuses a call costing more than the minute has left, and charges the day nothing for it', async () => {
    const { account } = await createAccount(
      orm.em.fork(),
      { email: 'cost@example.com', plan: 'free' },
      new Date(),
    );
    await quotas.chargeRequests(account, 29);
    await expect(quotas.chargeRequests(account, 2)).rejects.toMatchObject({ code: 'rate_limited' });
    expect(await points(`requests_per_day:${account.id}:%`)).toEqual([29]);
    expect(await points(`requests_per_minute:${account.id}`)).toEqual([31]);
  });

  it('starts a new window once the old one has expired', async () => {
    let now = new Date('2026-11-24T10:00:00.000Z');
    const clocked = new Quotas(db.database, () => now);
    try {
      const { account } = await createAccount(
        orm.em.fork(),
        { email: 'window@example.com', plan: 'free' },
        now,
      );
      await clocked.chargeRequests(account, 30);
      const refused = await clocked.chargeRequests(account, 1).catch((e: unknown) => e);
      expect((refused as ServiceError).details).toMatchObject({ retry_after_seconds: 60 });
      now = new Date('2026-11-24T10:01:00.001Z');
      await expect(clocked.chargeRequests(account, 1)).resolves.toEqual({ refund: expect.any(Function) });
      expect(await points(`requests_per_minute:${account.id}`)).toEqual([1]);
    } finally {
      await clocked.close();
    }
  });
});
