import type { EntityManager } from '@mikro-orm/core';
import type { PostcodePlace } from '../../db/entities/postcode-place';
import { dialectOf, knexOf } from '../../domain/companies/register-sql';
import { placeNameKey } from '../../domain/places/place-names';

/*
 * Writes postcode places and local authority names, a batch per transaction. A postcode already held is
 * replaced by the file's row (the lookup is republished whole every quarter, terminated postcodes included),
 * so importing a release again, or a newer one, updates rows and never duplicates them.
 * SQLite: one prepared statement run per row inside one synchronous transaction (better-sqlite3); PostgreSQL:
 * one statement per batch with an array per column, unnested server-side.
 */

export interface PlacesBatchOutcome {
  inserted: number;
  updated: number;
}

export interface PostcodePlacesWriter {
  readonly preferredBatchSize: number;
  writePlaces(places: readonly PostcodePlace[]): Promise<PlacesBatchOutcome>;
  writeNames(names: readonly { code: string; name: string }[]): Promise<PlacesBatchOutcome>;
}

const PLACE_COLUMNS = [
  'postcode_compact',
  'postcode',
  'country_code',
  'region_code',
  'local_authority_code',
  'local_authority_name',
  'terminated_on',
] as const;

const placeValues = (p: PostcodePlace) => [
  p.postcodeCompact,
  p.postcode,
  p.countryCode,
  p.regionCode,
  p.localAuthorityCode,
  p.localAuthorityName,
  p.terminatedOn,
];

const NAME_COLUMNS = ['code', 'name', 'name_key'] as const;

const updateAll = (columns: readonly string[]) =>
  columns
    .slice(1)
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');

export function createPostcodePlacesWriter(em: EntityManager): PostcodePlacesWriter {
  return dialectOf(em) === 'postgresql' ? new PostgresPlacesWriter(em) : new SqlitePlacesWriter(em);
}

/** The slice of better-sqlite3's API used here (the package ships no types and none are installed). */
interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  transaction<T>(fn: () => T): () => T;
}
interface Pool<C> {
  acquireConnection(): Promise<C>;
  releaseConnection(connection: C): Promise<void>;
}

/** Both tables are upserts of whole rows; each database writes a batch its own fast way. */
abstract class TableUpsertWriter implements PostcodePlacesWriter {
  abstract readonly preferredBatchSize: number;

  writePlaces(places: readonly PostcodePlace[]): Promise<PlacesBatchOutcome> {
    return this.write(PLACE_COLUMNS, 'postcode_places', places.map(placeValues));
  }

  writeNames(names: readonly { code: string; name: string }[]): Promise<PlacesBatchOutcome> {
    const rows = names.map((n) => [n.code, n.name, placeNameKey(n.name)]);
    return this.write(NAME_COLUMNS, 'local_authorities', rows);
  }

  protected abstract write(
    columns: readonly string[],
    table: string,
    rows: unknown[][],
  ): Promise<PlacesBatchOutcome>;
}

class SqlitePlacesWriter extends TableUpsertWriter {
  readonly preferredBatchSize = 20_000;
  private readonly statements = new WeakMap<
    SqliteDatabase,
    Map<string, Record<'insert' | 'update', SqliteStatement>>
  >();

  constructor(private readonly em: EntityManager) {
    super();
  }

  protected async write(
    columns: readonly string[],
    table: string,
    rows: unknown[][],
  ): Promise<PlacesBatchOutcome> {
    // Taken per batch, not per run: the pool holds one connection, and other queries may interleave.
    const pool = knexOf(this.em).client as Pool<SqliteDatabase>;
    const db = await pool.acquireConnection();
    try {
      let byTable = this.statements.get(db);
      if (!byTable) this.statements.set(db, (byTable = new Map()));
      let s = byTable.get(table);
      if (!s) {
        s = {
          // Most rows of a first import are new: try the insert, update only when the key is held.
          insert: db.prepare(
            `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')}) ` +
              `on conflict (${columns[0]}) do nothing`,
          ),
          update: db.prepare(
            `update ${table} set ${columns
              .slice(1)
              .map((c) => `${c} = ?`)
              .join(', ')} where ${columns[0]} = ?`,
          ),
        };
        byTable.set(table, s);
      }
      const { insert, update } = s;
      return db.transaction(() => {
        const outcome = { inserted: 0, updated: 0 };
        for (const row of rows) {
          if (insert.run(row).changes === 1) {
            outcome.inserted++;
          } else {
            update.run([...row.slice(1), row[0]]);
            outcome.updated++;
          }
        }
        return outcome;
      })();
    } finally {
      await pool.releaseConnection(db);
    }
  }
}

/** The slice of node-postgres's client used here. */
interface PgClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const pgUpsert = (table: string, columns: readonly string[]) =>
  `insert into ${table} (${columns.join(', ')}) select * from unnest(` +
  `${columns.map((_, i) => `$${i + 1}::text[]`).join(', ')}) ` +
  `on conflict (${columns[0]}) do update set ${updateAll(columns)} ` +
  // xmax is 0 on a row this statement inserted, the updating transaction's id on one it updated.
  'returning (xmax = 0) as inserted';

class PostgresPlacesWriter extends TableUpsertWriter {
  readonly preferredBatchSize = 10_000;

  constructor(private readonly em: EntityManager) {
    super();
  }

  protected async write(
    columns: readonly string[],
    table: string,
    rows: unknown[][],
  ): Promise<PlacesBatchOutcome> {
    // One statement may not update a row twice: a key repeated in the batch keeps its last row, as the SQLite
    // writer ends up with. The repeats still count, as updates.
    const latest = new Map<unknown, unknown[]>();
    for (const row of rows) latest.set(row[0], row);
    const unique = [...latest.values()];
    const pool = knexOf(this.em).client as Pool<PgClient>;
    const db = await pool.acquireConnection();
    try {
      await db.query('begin');
      try {
        const result =
          unique.length === 0
            ? { rows: [] }
            : await db.query(
                pgUpsert(table, columns),
                columns.map((_, i) => unique.map((row) => row[i])),
              );
        await db.query('commit');
        const inserted = result.rows.filter((row) => row.inserted === true).length;
        return { inserted, updated: rows.length - inserted };
      } catch (error) {
        await db.query('rollback');
        throw error;
      }
    } finally {
      await pool.releaseConnection(db);
    }
  }
}
