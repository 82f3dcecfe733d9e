import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MikroORM, type Options } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Config } from '../config';
import { entities } from './entities';
import { migrationsList } from './migrations';
import { SqliteDriver } from './sqlite-driver';
import type { Logger } from '../logger';

export type Orm = MikroORM;

interface SqliteConnection {
  pragma(statement: string): unknown;
}

function driverOptions(database: Config['database']): Options {
  if (database.kind === 'postgresql') return { driver: PostgreSqlDriver, clientUrl: database.url };
  mkdirSync(dirname(database.path), { recursive: true });
  return {
    driver: SqliteDriver,
    dbName: database.path,
    pool: {
      // WAL lets the API and the worker (even as separate processes) read while the other writes;
      // busy_timeout makes a writer wait for the lock instead of failing at once.
      afterCreate: (
        connection: SqliteConnection,
        done: (error: Error | null, connection: unknown) => void,
      ) => {
        connection.pragma('journal_mode = WAL');
        connection.pragma('busy_timeout = 5000');
        connection.pragma('foreign_keys = ON');
        done(null, connection);
      },
    },
  } as Options;
}

export async function openDatabase(database: Config['database'], logger?: Logger): Promise<Orm> {
  return MikroORM.init({
    ...driverOptions(database),
    logger: (message) => logger?.debug({ component: 'mikro-orm' }, message),
    entities,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: false,
    debug: false,
  });
}

/** Applies pending migrations; a no-op when the schema is current. Schema is never synced at run time. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}

export async function isDatabaseReachable(orm: Orm): Promise<boolean> {
  try {
    await orm.em.fork().getConnection().execute('select 1');
    return true;
  } catch {
    return false;
  }
}
