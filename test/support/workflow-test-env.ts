import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import pino from 'pino';
import { createActivities, type ActivityDeps } from '../../src/activities';
import { migrate, openDatabase, type Orm } from '../../src/db/orm';
import { bootstrapTemporal } from '../../src/temporal/bootstrap';
import { createTimeSkippingEnv } from './time-skipping';
import { workflowBundle } from './workflow-bundle';

export interface WorkflowTestEnv {
  env: TestWorkflowEnvironment;
  orm: Orm;
  taskQueue: string;
  stop(): Promise<void>;
}

/**
 * The time-skipping server with the project's search attributes, a fresh SQLite database, and one worker
 * running the real workflows and activities for the whole test file.
 */
export async function startWorkflowTestEnv(
  taskQueue: string,
  activityDeps: (env: TestWorkflowEnvironment) => Partial<ActivityDeps> = () => ({}),
): Promise<WorkflowTestEnv> {
  const env = await createTimeSkippingEnv();
  const logger = pino({ level: 'silent' });
  await bootstrapTemporal(env.client, env.namespace ?? 'default', logger);
  const dir = mkdtempSync(join(tmpdir(), 'cds-workflow-'));
  const orm = await openDatabase({ kind: 'sqlite', path: join(dir, 'app.db') });
  await migrate(orm);
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: workflowBundle(),
    activities: createActivities({
      orm,
      logger,
      clock: () => new Date(),
      webhooks: {},
      temporal: { client: env.client, taskQueue },
      publicBaseUrl: 'https://api.example.test',
      ...activityDeps(env),
    }),
  });
  const running = worker.run();
  return {
    env,
    orm,
    taskQueue,
    async stop() {
      worker.shutdown();
      await running;
      await orm.close();
      await env.teardown();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
