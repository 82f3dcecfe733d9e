import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';

/*
 * Where a run's demo template lives (test/support/demo-database.ts seeds it). Apart from the seeding so that the
 * run's teardown can drop it without loading the service.
 */

/**
 * Where the finished template is announced (its asOf and log as JSON): beside the SQLite template, which the
 * run's teardown removes with its folder; for PostgreSQL in the OS's temporary folder, named after the template.
 */
export function demoMarkerPath(runTemplate: string, serverUrl: string | undefined): string {
  if (!serverUrl) return join(dirname(runTemplate), 'demo.json');
  return join(tmpdir(), `${demoTemplateName(runTemplate)}.json`);
}

/** The PostgreSQL demo template's name: the run's template's with `_demo`. */
export function demoTemplateName(runTemplate: string): string {
  return `${runTemplate}_demo`;
}

/** The SQLite demo template: beside the run's template, in the folder its teardown removes. */
export function demoTemplatePath(runTemplate: string): string {
  return join(dirname(runTemplate), 'demo.db');
}

/** For the run's teardown: drops the PostgreSQL demo template and its marker, if a file made them. */
export async function dropDemoTemplate(runTemplate: string): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  rmSync(demoMarkerPath(runTemplate, serverUrl), { force: true });
  await adminQuery(serverUrl, `drop database if exists ${demoTemplateName(runTemplate)} with (force)`);
}

export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
