import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import pino from 'pino';
import { seedDemoRegisterIfEmpty } from '../../src/demo/demo-data';
import { createTestDatabase, openMigrated, type TestDatabase } from './test-database';
import { adminQuery, demoMarkerPath, demoTemplateName, demoTemplatePath } from './demo-template';

/** What `npm start` seeds into an empty store, copied for one test file. */
export interface DemoDatabase {
  db: TestDatabase;
  /** The day the demo register was generated as of (the run's first use of it): dates in it are relative to this. */
  asOf: Date;
  /** The fields of the start-up log line the seeding wrote (`sanctions_namesakes`, `identity_verification_overdue`…). */
  log: Record<string, unknown>;
}

const waitMs = 200;
const lockPatienceMs = 300_000;

/**
 * A store holding the embedded default's demo data (200 companies with their details and the four demo sanctions
 * lists, exactly as `seedDemoRegisterIfEmpty` writes them), for a test file that reads what the demo holds. The
 * first file of a run to ask seeds it once (15–20 s) into a template beside the run's migrated template; every
 * later file gets a copy of that (a file copy on SQLite, `create database … template` on PostgreSQL) in well
 * under a second, where each used to seed its own (docs/testing.md, "The demo template"). A directory made with
 * mkdir is the lock, so two jest workers never seed it twice. Falls back to seeding in place outside jest's
 * integration setup (no TEST_DATABASE_TEMPLATE).
 */
export async function seededDemoDatabase(): Promise<DemoDatabase> {
  const runTemplate = process.env.TEST_DATABASE_TEMPLATE;
  if (!runTemplate) {
    const db = await createTestDatabase();
    return { db, ...(await seedInto(db)) };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  const marker = demoMarkerPath(runTemplate, serverUrl);
  await seedTemplateOnce(marker, runTemplate, serverUrl);
  const seeded = JSON.parse(readFileSync(marker, 'utf8')) as { asOf: string; log: Record<string, unknown> };
  const template = serverUrl ? demoTemplateName(runTemplate) : demoTemplatePath(runTemplate);
  return { db: await createTestDatabase({ template }), asOf: new Date(seeded.asOf), log: seeded.log };
}

async function seedTemplateOnce(marker: string, runTemplate: string, serverUrl: string | undefined) {
  if (existsSync(marker)) return;
  const lock = `${marker}.lock`;
  const waitedSince = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(marker)) return;
      if (Date.now() - waitedSince > lockPatienceMs)
        throw new Error(`the demo template's lock ${lock} was never released`);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
  try {
    if (existsSync(marker)) return;
    const seeded = serverUrl
      ? await seedPostgresTemplate(runTemplate, serverUrl)
      : await seedSqliteTemplate(runTemplate);
    writeFileSync(marker, JSON.stringify({ asOf: seeded.asOf.toISOString(), log: seeded.log }));
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function seedSqliteTemplate(runTemplate: string) {
  const path = demoTemplatePath(runTemplate);
  copyFileSync(runTemplate, path);
  return seedInto({ database: { kind: 'sqlite', path }, drop: async () => rmSync(path, { force: true }) });
}

async function seedPostgresTemplate(runTemplate: string, serverUrl: string) {
  const name = demoTemplateName(runTemplate);
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  await adminQuery(serverUrl, `create database ${name} template ${runTemplate}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return seedInto({ database: { kind: 'postgresql', url: url.toString() }, drop: async () => undefined });
}

async function seedInto(db: TestDatabase): Promise<{ asOf: Date; log: Record<string, unknown> }> {
  const asOf = new Date();
  let log: Record<string, unknown> = {};
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void (log = startUpLogFields(line, log)) },
  );
  const orm = await openMigrated(db);
  try {
    await seedDemoRegisterIfEmpty(orm, logger, { asOf });
  } finally {
    // Closed before it is copied: PostgreSQL copies no template with a connection open.
    await orm.close();
  }
  return { asOf, log };
}

/** The seeding's one info line (its fields, less pino's own); a warning means the demo data has a problem. */
function startUpLogFields(line: string, previous: Record<string, unknown>): Record<string, unknown> {
  const entry = JSON.parse(line) as Record<string, unknown>;
  if (typeof entry.level === 'number' && entry.level >= 40)
    throw new Error(`seeding the demo data warned: ${line}`);
  if (typeof entry.msg !== 'string' || !entry.msg.startsWith('seeded the demo register')) return previous;
  return Object.fromEntries(Object.entries(entry).filter(([key]) => !pinoOwnFields.has(key)));
}

const pinoOwnFields = new Set(['level', 'time', 'pid', 'hostname', 'msg']);
