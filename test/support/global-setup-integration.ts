import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startDevServer, type RunningDevServer } from '../../src/temporal/dev-server';
import { bundleWorkflowsOnce } from './workflow-bundle';
import { freePort } from './free-port';
import { createTemplateDatabase } from './test-database';

declare global {
  var integrationDevServer: RunningDevServer | undefined;
  var integrationTemplateDatabase: { drop(): Promise<void> } | undefined;
}

/**
 * One Temporal dev server for the whole integration run (each test file gets its own task queue and
 * database). TEST_TEMPORAL_ADDRESS points at an existing server instead.
 */
export default async function globalSetup(): Promise<void> {
  await bundleWorkflowsOnce();
  const template = await createTemplateDatabase();
  globalThis.integrationTemplateDatabase = template;
  process.env.TEST_DATABASE_TEMPLATE = template.template;
  if (process.env.TEST_TEMPORAL_ADDRESS) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'cds-temporal-'));
  const server = await startDevServer({
    dataDir,
    port: await freePort(),
    uiPort: await freePort(),
    namespace: 'default',
    logger: pino({ level: 'warn' }),
  });
  globalThis.integrationDevServer = server;
  process.env.TEST_TEMPORAL_ADDRESS = server.address;
}
