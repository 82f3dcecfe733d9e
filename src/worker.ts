import { Worker, type WorkerOptions } from '@temporalio/worker';
import type { Client } from '@temporalio/client';
import { createActivities } from './activities';
import type { SendOptions } from './domain/webhooks/send-webhook';
import { loadConfig, type Config } from './config';
import { migrate, openDatabase, type Orm } from './db/orm';
import { createLogger, type Logger } from './logger';
import { runUntilSignal } from './shutdown';
import { bootstrapTemporal } from './temporal/bootstrap';
import { ensureChangeCheckSchedule } from './temporal/change-check-schedule';
import { ensureCompaniesHouseStreams } from './temporal/companies-house-streams';
import { openCompaniesHouseLive } from './ingest/companies-house/live/companies-house-live';
import { connectClient, connectWorker } from './temporal/connection';
import { reconcilePendingDeliveries } from './temporal/reconcile-deliveries';
import { reconcileSecretRotations } from './temporal/reconcile-rotations';
import { ensureSanctionsRefreshSchedule } from './temporal/sanctions-schedule';
import { installTemporalRuntime } from './temporal/runtime';

export interface WorkerDeps {
  config: Config;
  orm: Orm;
  client: Client;
  logger: Logger;
  clock?: () => Date;
  /** Overrides of the webhook sender's options (tests: a resolver, a shorter time limit). */
  webhookOptions?: SendOptions;
  /**
   * Whether this worker creates or updates the `change-check` Schedule (default true). It is one per namespace
   * and names one task queue, so test files that each run a worker on their own task queue leave it alone, and
   * only the tests of the change check own it.
   */
  changeCheckSchedule?: boolean;
  /** The same for the `sanctions-refresh` Schedule; defaults to what changeCheckSchedule says, for the same reason. */
  sanctionsRefreshSchedule?: boolean;
  /**
   * Whether this worker starts the Companies House stream workflows when COMPANIES_HOUSE_STREAM_KEY is set
   * (default true); tests start their own.
   */
  companiesHouseStreams?: boolean;
  /** A prebuilt workflow bundle (tests bundle once per run); by default the worker bundles src/workflows. */
  workflowBundle?: WorkerOptions['workflowBundle'];
}

export interface RunningWorker {
  stop(): Promise<void>;
}

/** Bootstraps the cluster (namespace, search attributes), then runs all workflows and activities. */
export async function startWorker(deps: WorkerDeps): Promise<RunningWorker> {
  const { config, orm, client, logger } = deps;
  await bootstrapTemporal(client, config.TEMPORAL_NAMESPACE, logger);
  if (config.webhookDevAllowedOrigins.length > 0) {
    logger.warn(
      { origins: config.webhookDevAllowedOrigins },
      'WEBHOOK_DEV_ALLOWED_ORIGINS lets webhooks reach these origins past the address rules: development only',
    );
  }
  const connection = await connectWorker(config);
  // The Document API client, for new accounts filings the streams (or live fetches) see.
  const live = openCompaniesHouseLive(config);
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    ...(deps.workflowBundle
      ? { workflowBundle: deps.workflowBundle }
      : { workflowsPath: require.resolve('./workflows') }),
    activities: createActivities({
      orm,
      logger,
      clock: deps.clock ?? (() => new Date()),
      webhooks: { devAllowedOrigins: config.webhookDevAllowedOrigins, ...deps.webhookOptions },
      temporal: { client, taskQueue: config.TEMPORAL_TASK_QUEUE },
      publicBaseUrl: config.PUBLIC_BASE_URL,
      sanctionsList: { source: config.sanctionsListSource },
      ...(config.companiesHouseStreams ? { companiesHouseStreams: config.companiesHouseStreams } : {}),
      ...(live ? { companiesHouseDocuments: live.documents } : {}),
    }),
  });
  const running = worker.run();
  logger.info(
    { taskQueue: config.TEMPORAL_TASK_QUEUE, namespace: config.TEMPORAL_NAMESPACE },
    'Temporal worker running',
  );
  await reconcileSecretRotations(orm, client, config.TEMPORAL_TASK_QUEUE, logger);
  await reconcilePendingDeliveries(orm, client, config.TEMPORAL_TASK_QUEUE, logger);
  if (deps.changeCheckSchedule ?? true)
    await ensureChangeCheckSchedule(client, config.TEMPORAL_TASK_QUEUE, logger);
  if (deps.sanctionsRefreshSchedule ?? deps.changeCheckSchedule ?? true)
    await ensureSanctionsRefreshSchedule(client, config.TEMPORAL_TASK_QUEUE, logger);
  if (config.companiesHouseStreams && (deps.companiesHouseStreams ?? true))
    await ensureCompaniesHouseStreams(
      client,
      config.TEMPORAL_TASK_QUEUE,
      config.companiesHouseStreams,
      logger,
    );
  return {
    async stop() {
      worker.shutdown();
      await running;
      await connection.close();
      await live?.close();
    },
  };
}

if (require.main === module) {
  runUntilSignal('worker', async () => {
    const config = loadConfig();
    const logger = createLogger(config.LOG_LEVEL, 'worker');
    installTemporalRuntime(logger);
    if (!config.TEMPORAL_ADDRESS)
      throw new Error(
        'TEMPORAL_ADDRESS must be set for `npm run worker` (use `npm start` for the embedded default)',
      );
    const orm = await openDatabase(config.database, logger);
    await migrate(orm);
    const client = await connectClient(config);
    const worker = await startWorker({ config, orm, client, logger });
    return async () => {
      await worker.stop();
      await client.connection.close();
      await orm.close();
    };
  });
}
