import type BetterSqlite3 from 'better-sqlite3';
import type { ReadParam } from '../read-query';
import { betterSqlite3 } from '../sqlite-binding';
import { SqliteReadError } from './read-pool';

/**
 * Point reads on the event-loop thread: a handful of rows found through a unique key (an API key's hash, a company
 * number). One runs in tens of microseconds, less than the two messages that would carry it to a read thread and
 * back (measured in docs/performance.md), and it never waits for a thread busy with a search. Only reads the
 * caller declares point reads come here (readRows' `pointRead`); anything that may scan goes to the thread pool.
 *
 * Its own read-only connection to the same WAL file, opened on first use, so it reads what has been committed
 * whatever the ORM connection is doing. Statements are prepared once per SQL text, and whole numbers are bound as
 * INTEGER as the read threads bind them (read-worker-source.ts), so every path returns the same rows.
 */
export class InlineReader {
  private database: BetterSqlite3.Database | undefined;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private closed = false;

  constructor(
    private readonly databasePath: string,
    private readonly statementCacheSize = 64,
  ) {}

  read<Row>(sql: string, params: readonly ReadParam[]): Row[] {
    if (this.closed) throw new Error('the read pool is closed');
    try {
      return this.statementFor(sql).all(params.map(bindable)) as Row[];
    } catch (error) {
      const { message, code } = error as { message?: unknown; code?: unknown };
      throw new SqliteReadError(String(message), typeof code === 'string' ? code : undefined);
    }
  }

  close(): void {
    this.closed = true;
    this.statements.clear();
    this.database?.close();
    this.database = undefined;
  }

  private statementFor(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.connection().prepare(sql);
      if (this.statements.size >= this.statementCacheSize)
        this.statements.delete(this.statements.keys().next().value as string);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private connection(): BetterSqlite3.Database {
    if (this.database === undefined) {
      const Database = betterSqlite3();
      // Read-only: a write sent here by mistake fails with SQLite's own "readonly database" error.
      this.database = new Database(this.databasePath, { readonly: true, fileMustExist: true });
      this.database.pragma('busy_timeout = 5000');
    }
    return this.database;
  }
}

function bindable(value: ReadParam): ReadParam | bigint {
  return typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : value;
}
