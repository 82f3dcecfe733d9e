import type BetterSqlite3 from 'better-sqlite3';
import type { ReadParam } from './read-param';
import { betterSqlite3 } from '../sqlite-binding';
import { SqliteReadError } from './read-pool';
import { compiledRowBuilder, type RowBuilder } from './row-builder';

/** A prepared statement and, when it returns rows as arrays, the function that makes each an object. */
interface PreparedRead {
  statement: BetterSqlite3.Statement;
  build: RowBuilder | undefined;
}

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
  private readonly statements = new Map<string, PreparedRead>();
  private closed = false;

  constructor(
    private readonly databasePath: string,
    private readonly statementCacheSize = 64,
  ) {}

  read<Row>(sql: string, params: readonly ReadParam[]): Row[] {
    if (this.closed) throw new Error('the read pool is closed');
    try {
      const { statement, build } = this.statementFor(sql);
      const rows = statement.all(params.map(bindable));
      return (build === undefined ? rows : (rows as unknown[][]).map(build)) as Row[];
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

  private statementFor(sql: string): PreparedRead {
    let prepared = this.statements.get(sql);
    if (prepared === undefined) {
      prepared = prepareRead(this.connection(), sql);
      if (this.statements.size >= this.statementCacheSize)
        this.statements.delete(this.statements.keys().next().value as string);
      this.statements.set(sql, prepared);
    }
    return prepared;
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

/**
 * A statement that returns rows reads them as arrays, made objects by a builder compiled for its columns
 * (row-builder.ts); one that returns none (a write sent here by mistake) is left to fail as SQLite fails it.
 * A statement with a `*` keeps better-sqlite3's objects: when another process changes the schema (a newer
 * version's migration while this one serves), SQLite prepares the statement again and `*` stands for other
 * columns, which a builder made for the old ones would put under the wrong names. (Any `*`, a `count(*)` too:
 * the test is on the text, and leaving a statement to better-sqlite3 is only slower.)
 */
function prepareRead(database: BetterSqlite3.Database, sql: string): PreparedRead {
  const statement = database.prepare(sql);
  if (!statement.reader || sql.includes('*')) return { statement, build: undefined };
  const build = compiledRowBuilder(statement.columns().map((column) => column.name));
  if (build !== undefined) statement.raw(true);
  return { statement, build };
}

function bindable(value: ReadParam): ReadParam | bigint {
  return typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : value;
}
