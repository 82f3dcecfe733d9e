import type Database from 'better-sqlite3';
import { Pool } from 'pg';
import { openRateLimitConnection, type RateLimitStoreTarget } from '../../db/rate-limit-connection';

/** One window to count in: its row key, the points to add, and how long a fresh window lasts. */
export interface CounterCharge {
  key: string;
  points: number;
  durationMs: number;
}

/** A window's count after the charge, and when the window ends (epoch ms). */
export interface CounterState {
  points: number;
  expire: number;
}

/*
 * Fixed-window counters in the `rate_limits` table (migration 0004), in the layout rate-limiter-flexible uses
 * for the Companies House client's budget (`<limit>:<key>`, points, expire in epoch ms), so both count in one
 * table. Several windows are charged in ONE statement, an upsert per row that starts a new window when the old
 * one has expired and returns every row's count: atomic in both databases (SQLite takes the write lock for the
 * statement; PostgreSQL locks each row on conflict), so parallel calls across processes never overshoot, and a
 * call costs one round trip. Statements are prepared once (SQLite) or sent with a fixed text (PostgreSQL).
 */
export class QuotaCounters {
  private readonly client: Database.Database | Pool;
  private readonly sqliteStatements = new Map<string, Database.Statement>();

  constructor(target: RateLimitStoreTarget) {
    // In WAL mode NORMAL still commits atomically and survives a crash of the process; only a power cut can lose
    // the last counts. Counters are worth less than an fsync on every keyed call.
    this.client = openRateLimitConnection(target, { synchronous: 'NORMAL' });
  }

  /** Adds each charge's points to its window (a fresh window when none is open) and returns the counts. */
  async charge(charges: readonly CounterCharge[], now: number): Promise<Map<string, CounterState>> {
    const params: Array<string | number> = [];
    for (const c of charges) params.push(c.key, c.points, now + c.durationMs);
    // PostgreSQL names now once ($n); SQLite's plain parameters need it at each of its two places.
    params.push(now);
    if (!(this.client instanceof Pool)) params.push(now);
    const rows =
      this.client instanceof Pool
        ? (await this.client.query<RawState>(upsertSqlOf(charges.length, 'postgresql'), params)).rows
        : (this.sqliteStatement(upsertSqlOf(charges.length, 'sqlite')).all(...params) as RawState[]);
    return new Map(rows.map((r) => [r.key, { points: Number(r.points), expire: Number(r.expire) }]));
  }

  /** Takes points back from a window (a charge that was refused elsewhere did not happen). */
  async refund(key: string, points: number): Promise<void> {
    if (this.client instanceof Pool)
      await this.client.query('update rate_limits set points = points - $1 where key = $2', [points, key]);
    else this.sqliteStatement('update rate_limits set points = points - ? where key = ?').run(points, key);
  }

  async close(): Promise<void> {
    if (this.client instanceof Pool) await this.client.end();
    else this.client.close();
  }

  private sqliteStatement(sql: string): Database.Statement {
    let statement = this.sqliteStatements.get(sql);
    if (!statement) {
      statement = (this.client as Database.Database).prepare(sql);
      this.sqliteStatements.set(sql, statement);
    }
    return statement;
  }
}

interface RawState {
  key: string;
  points: number | string;
  expire: number | string;
}

/*
 * The upsert's text for each row count, built once: a keyed call charges on every request, and the same string
 * object then finds its prepared statement without hashing a new 400-character string each time.
 */
const upsertSqlCache = new Map<string, string>();

function upsertSqlOf(rows: number, dialect: 'sqlite' | 'postgresql'): string {
  const key = `${dialect}:${rows}`;
  let sql = upsertSqlCache.get(key);
  if (sql === undefined) {
    sql = upsertSql(rows, dialect);
    upsertSqlCache.set(key, sql);
  }
  return sql;
}

/**
 * `insert … values (key, points, expire), … on conflict (key) do update …`: an open window (expire after now)
 * adds the points; an expired one starts again with them. The parameters are the rows' values, then now (twice
 * on SQLite, which has no reusable positional parameter that mixes with better-sqlite3's anonymous ones).
 */
export function upsertSql(rows: number, dialect: 'sqlite' | 'postgresql'): string {
  let n = 0;
  const p = () => (dialect === 'postgresql' ? `$${++n}` : '?');
  const values = Array.from({ length: rows }, () => `(${p()}, ${p()}, ${p()})`).join(', ');
  const now = dialect === 'postgresql' ? `$${rows * 3 + 1}` : undefined;
  const open = () => `rate_limits.expire is null or rate_limits.expire > ${now ?? '?'}`;
  return (
    `insert into rate_limits (key, points, expire) values ${values} on conflict (key) do update set ` +
    `points = case when ${open()} then rate_limits.points + excluded.points else excluded.points end, ` +
    `expire = case when ${open()} then rate_limits.expire else excluded.expire end ` +
    'returning key, points, expire'
  );
}
