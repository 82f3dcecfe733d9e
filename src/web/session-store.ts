import type { EntityManager } from '@mikro-orm/core';
import { readRows } from '../db/read-query';
import type { Account } from '../db/entities/account';
import type { PlanName } from '../domain/accounts/plans';
import { dialectOf } from '../domain/companies/register-sql';

/*
 * Every query on web_sessions (migration 0020), in one place. Sessions are looked up by the SHA-256 of the cookie's
 * token; a session counts only while it is not ended, not expired and its API key is not revoked, which the one
 * lookup checks on every request.
 */

export interface StoredSession {
  tokenHash: string;
  account: Account;
  apiKeyId: string;
  csrfToken: string;
  expiresAt: Date;
}

export interface NewSession {
  tokenHash: string;
  accountId: string;
  apiKeyId: string;
  csrfToken: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Timestamps are bound as epoch milliseconds on SQLite (as the ORM stores them) and as dates on PostgreSQL. */
function at(em: EntityManager, time: Date): Date | number {
  return dialectOf(em) === 'postgresql' ? time : time.getTime();
}

export async function insertSession(em: EntityManager, session: NewSession): Promise<void> {
  const connection = em.getConnection();
  // An account's ended and expired sessions go when it opens a new one, so the table stays the size of its use.
  await connection.execute(
    'delete from web_sessions where account_id = ? and (ended_at is not null or expires_at <= ?)',
    [session.accountId, at(em, session.createdAt)],
    'run',
  );
  await connection.execute(
    'insert into web_sessions (token_hash, account_id, api_key_id, csrf_token, created_at, expires_at, ended_at) ' +
      'values (?, ?, ?, ?, ?, ?, null)',
    [
      session.tokenHash,
      session.accountId,
      session.apiKeyId,
      session.csrfToken,
      at(em, session.createdAt),
      at(em, session.expiresAt),
    ],
    'run',
  );
}

const LIVE_SESSION_SQL =
  'select s.token_hash, s.api_key_id, s.csrf_token, s.expires_at, a.id, a.email, a.plan, a.created_at ' +
  'from web_sessions s join api_keys k on k.id = s.api_key_id join accounts a on a.id = s.account_id ' +
  'where s.token_hash = ? and s.ended_at is null and s.expires_at > ? and k.revoked_at is null';

interface LiveSessionRow {
  token_hash: string;
  api_key_id: string;
  csrf_token: string;
  /** Epoch milliseconds on SQLite, a Date on PostgreSQL. */
  expires_at: number | string | Date;
  id: string;
  email: string;
  plan: PlanName;
  created_at: number | string | Date;
}

/** The live session with this token hash, or undefined when there is none, it ended or expired, or its key is revoked. */
export async function findLiveSession(
  em: EntityManager,
  tokenHash: string,
  now: Date,
): Promise<StoredSession | undefined> {
  const postgres = dialectOf(em) === 'postgresql';
  const [row] = await readRows<LiveSessionRow>(
    em,
    LIVE_SESSION_SQL,
    [tokenHash, postgres ? now.toISOString() : now.getTime()],
    { pointRead: true },
  );
  if (!row) return undefined;
  return {
    tokenHash: row.token_hash,
    account: { id: row.id, email: row.email, plan: row.plan, createdAt: new Date(row.created_at) },
    apiKeyId: row.api_key_id,
    csrfToken: row.csrf_token,
    expiresAt: new Date(row.expires_at),
  };
}

export async function endSession(em: EntityManager, tokenHash: string, now: Date): Promise<void> {
  await em
    .getConnection()
    .execute(
      'update web_sessions set ended_at = ? where token_hash = ? and ended_at is null',
      [at(em, now), tokenHash],
      'run',
    );
}
