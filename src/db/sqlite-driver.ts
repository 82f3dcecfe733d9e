import type { Configuration } from '@mikro-orm/core';
import { BetterSqlitePlatform } from '@mikro-orm/better-sqlite';
import { AbstractSqlDriver, BaseSqliteConnection, BetterSqliteKnexDialect } from '@mikro-orm/knex';
import { betterSqlite3 } from './sqlite-binding';

/** knex's better-sqlite3 dialect, given the build this Node can run instead of `require('better-sqlite3')`. */
class NodeMatchedSqliteDialect extends BetterSqliteKnexDialect {
  override _driver() {
    return betterSqlite3();
  }
}

class NodeMatchedSqliteConnection extends BaseSqliteConnection {
  override createKnex() {
    // knex takes a client class as well as a name; MikroORM's own better-sqlite connection passes its dialect
    // class the same way, although the declared parameter type is string.
    this.client = this.createKnexClient(NodeMatchedSqliteDialect as unknown as string);
    this.connected = true;
  }
}

/**
 * MikroORM's BetterSqliteDriver with one change: the better-sqlite3 build is the one sqlite-binding.ts picks for
 * this Node (so the service runs on Node 20, 22 and 24 alike). Platform, schema and SQL are MikroORM's own.
 */
export class SqliteDriver extends AbstractSqlDriver<NodeMatchedSqliteConnection> {
  constructor(config: Configuration) {
    super(config, new BetterSqlitePlatform(), NodeMatchedSqliteConnection, ['knex', 'better-sqlite3']);
  }
}
