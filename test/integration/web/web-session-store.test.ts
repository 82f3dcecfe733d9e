import type { Orm } from '../../../src/db/orm';
import { createAccount, revokeApiKey } from '../../../src/domain/accounts/accounts';
import { SESSION_LIFE_SECONDS, openSession } from '../../../src/web/session';
import { endSession, findLiveSession } from '../../../src/web/session-store';
import { hashToken } from '../../../src/web/tokens';
import { createTestDatabase, openMigrated, type TestDatabase } from '../../support/test-database';

const HOUR = 60 * 60 * 1000;

describe('web sessions in the store (migration 0020)', () => {
  let db: TestDatabase;
  let orm: Orm;
  const start = new Date('2026-11-24T09:00:00.000Z');
  const at = (ms: number) => new Date(start.getTime() + ms);

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await openMigrated(db);
  });
  afterAll(async () => {
    await orm?.close();
    await db?.drop();
  });

  async function newCaller() {
    const { account, apiKey } = await createAccount(
      orm.em.fork(),
      { email: 'a@example.com', plan: 'free' },
      start,
    );
    return { accountId: account.id, apiKeyId: apiKey.id };
  }
  const rowsOf = async (accountId: string): Promise<{ token_hash: string }[]> =>
    orm.em
      .fork()
      .getConnection()
      .execute('select token_hash from web_sessions where account_id = ?', [accountId]);

  it('stores the token’s hash only, and finds the session with its account until 12 hours have passed', async () => {
    const caller = await newCaller();
    const opened = await openSession(orm.em.fork(), caller, start);
    expect(opened.expiresAt).toEqual(at(SESSION_LIFE_SECONDS * 1000));
    const rows = await rowsOf(caller.accountId);
    expect(rows.map((r) => r.token_hash)).toEqual([hashToken(opened.token)]);
    const found = await findLiveSession(orm.em.fork(), hashToken(opened.token), at(HOUR));
    expect(found).toMatchObject({
      apiKeyId: caller.apiKeyId,
      account: { id: caller.accountId, email: 'a@example.com', plan: 'free' },
      expiresAt: opened.expiresAt,
    });
    expect(found!.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await findLiveSession(orm.em.fork(), hashToken(opened.token), at(12 * HOUR - 1))).toBeDefined();
    expect(await findLiveSession(orm.em.fork(), hashToken(opened.token), at(12 * HOUR))).toBeUndefined();
    expect(await findLiveSession(orm.em.fork(), opened.token, at(HOUR))).toBeUndefined();
  });

  it('ends a session when it is signed out or its key is revoked; other sessions of the account stay', async () => {
    const caller = await newCaller();
    const first = await openSession(orm.em.fork(), caller, start);
    const second = await openSession(orm.em.fork(), caller, start);
    await endSession(orm.em.fork(), hashToken(first.token), at(HOUR));
    expect(await findLiveSession(orm.em.fork(), hashToken(first.token), at(HOUR))).toBeUndefined();
    expect(await findLiveSession(orm.em.fork(), hashToken(second.token), at(HOUR))).toBeDefined();
    await revokeApiKey(orm.em.fork(), caller.apiKeyId, at(2 * HOUR));
    expect(await findLiveSession(orm.em.fork(), hashToken(second.token), at(2 * HOUR))).toBeUndefined();
  });

  it('drops an account’s ended and expired sessions when it opens a new one', async () => {
    const caller = await newCaller();
    const ended = await openSession(orm.em.fork(), caller, start);
    await endSession(orm.em.fork(), hashToken(ended.token), at(HOUR));
    await openSession(orm.em.fork(), caller, start); // expires at start + 12 h
    const live = await openSession(orm.em.fork(), caller, at(11 * HOUR));
    expect(await rowsOf(caller.accountId)).toHaveLength(2);
    const later = await openSession(orm.em.fork(), caller, at(13 * HOUR));
    const left = (await rowsOf(caller.accountId)).map((r) => r.token_hash).sort();
    expect(left).toEqual([hashToken(live.token), hashToken(later.token)].sort());
  });
});
