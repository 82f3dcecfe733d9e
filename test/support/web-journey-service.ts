import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceEnv, spawnService, runCommand, type ServiceProcess } from './crash-processes';
import { freePort } from './free-port';
import { projectRoot } from './paths';
import { createTestDatabase, type TestDatabase } from './test-database';

const tsx = join(projectRoot, 'node_modules', '.bin', 'tsx');

/**
 * The service as a new user gets it from `npm start` (src/main.ts: the embedded Temporal dev server, the worker and
 * the HTTP API in one process, the demo register seeded into an empty store), run as a real child process on free
 * ports, with its own data folder and the test run's database (SQLite, or PostgreSQL with TEST_DATABASE_URL). The
 * operator's CLI runs against the same database and the same dev server, as it does beside a running `npm start`.
 */
export interface JourneyService {
  url: string;
  /** The service's database, for a test to read what the pages do not show (which demo companies exist). */
  database: TestDatabase['database'];
  process: ServiceProcess;
  /** `npm run cli -- <args>` as a child process; its JSON answer. */
  cli<T = Record<string, unknown>>(...args: string[]): Promise<T>;
  stop(): Promise<void>;
}

export async function startJourneyService(settings: Record<string, string>): Promise<JourneyService> {
  const dir = mkdtempSync(join(tmpdir(), 'cds-web-journey-'));
  let db: TestDatabase | undefined;
  let service: ServiceProcess | undefined;
  try {
    db = await createTestDatabase();
    const port = await freePort();
    const env = serviceEnv({
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      PORT: String(port),
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: db.database.kind === 'sqlite' ? `sqlite:${db.database.path}` : db.database.url,
      TEMPORAL_DEV_SERVER_PORT: String(await freePort()),
      TEMPORAL_UI_PORT: String(await freePort()),
      ...settings,
    });
    service = spawnService({
      name: 'npm start',
      command: tsx,
      args: ['src/main.ts'],
      cwd: projectRoot,
      env,
      logFile: join(dir, 'service.log'),
    });
    // The dev server's first start and the demo register's import take most of this.
    await service.waitForLog(/^ready: /, 180_000);
    const running = service;
    const database = db;
    return {
      url: `http://127.0.0.1:${port}`,
      database: database.database,
      process: running,
      async cli<T>(...args: string[]) {
        const out = await runCommand({
          command: tsx,
          args: ['src/cli.ts', ...args],
          cwd: projectRoot,
          env: { ...env, LOG_LEVEL: 'error' },
        });
        return JSON.parse(out) as T;
      },
      async stop() {
        await running.stop(20_000);
        await database.drop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await service?.stop(5_000).catch(() => undefined);
    await db?.drop();
    // The log says why the service did not come up; it is kept for that.
    throw new Error(`${(error as Error).message} (service log kept in ${dir})`);
  }
}
