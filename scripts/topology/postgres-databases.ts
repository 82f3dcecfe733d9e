import { Client } from 'pg';

// The three databases the topology runs on, on one PostgreSQL server as in docker-compose.yml: the app's, and
// Temporal's two (persistence and visibility). The names carry a prefix so that a run never touches a real
// `temporal` database that may live on the same server; what the run creates it drops again.

export interface TopologyDatabases {
  app: string;
  temporal: string;
  visibility: string;
}

export function databaseNames(prefix: string): TopologyDatabases {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix))
    throw new Error(`database prefix ${prefix}: lowercase letters, digits, _`);
  return {
    app: `${prefix}companydata`,
    temporal: `${prefix}temporal`,
    visibility: `${prefix}temporal_visibility`,
  };
}

export function withDatabase(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export async function existingDatabases(adminUrl: string, names: string[]): Promise<string[]> {
  return withAdmin(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname = any($1)',
      [names],
    );
    return rows.map((row) => row.datname);
  });
}

/** The app database (Temporal's tool creates its own two). */
export async function createDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) => client.query(`create database "${name}"`));
}

/** Drops the databases, closing whatever still holds a connection (PostgreSQL 13+). */
export async function dropDatabases(adminUrl: string, names: string[]): Promise<void> {
  await withAdmin(adminUrl, async (client) => {
    for (const name of names) await client.query(`drop database if exists "${name}" with (force)`);
  });
}

/** The schema version temporal-sql-tool recorded in one of Temporal's databases. */
export async function temporalSchemaVersion(adminUrl: string, database: string): Promise<string> {
  return withAdmin(withDatabase(adminUrl, database), async (client) => {
    const { rows } = await client.query<{ curr_version: string }>('select curr_version from schema_version');
    return rows[0]?.curr_version ?? 'none';
  });
}
