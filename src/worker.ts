import { Worker, type WorkerOptions } from '@temporalio/worker';
import type { Client } from '@temporalio/client';
import { createActivities } from './activities';
import type { SendOptions } from './domain/webhooks/send-webhook';
import { dnsServerResolver } from './domain/outbound/dns-server-resolver';
import { loadConfig, type Config } from './config';
import { migrate, openDatabase, type Orm } from './db/orm';
import { attachReadPool, closeReadPool } from './db/read-pool/attached-read-pool';
import { createLogger, type Logger } from './logger';
import { runUntilSignal } from './shutdown';
import { bootstrapTemporal } from './temporal/bootstrap';
import { ensureChangeCheckSchedule } from './temporal/change-check-schedule';
import { ensureCompaniesHouseStreams } from './temporal/companies-house-streams';
import { openCompaniesHouseLive } from './ingest/companies-house/live/companies-house-live';
import { connectClient, connectWorker } from './temporal/connection';
import { startDeliveryCatchUp } from './temporal/reconcile-deliveries';
import type { DeliveryCatchUpOptions, DeliveryCatchUpSummary } from './temporal/delivery-catch-up';
import { reconcileSecretRotations } from './temporal/reconcile-rotations';
import { ensureSanctionsRefreshSchedules } from './temporal/sanctions-schedule';
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
  /** The same for the sanctions lists' `sanctions-refresh…` Schedules; defaults to what changeCheckSchedule says, for the same reason. */
  sanctionsRefreshSchedule?: boolean;
  /**
   * Whether this worker starts the Companies House stream workflows when COMPANIES_HOUSE_STREAM_KEY is set
   * (default true); tests start their own.
   */
  companiesHouseStreams?: boolean;
  /** A prebuilt workflow bundle (tests bundle once per run); by default the worker bundles src/workflows. */
  workflowBundle?: WorkerOptions['workflowBundle'];
  /** The delivery catch-up's page size and concurrency (tests: small pages); defaults 500 and 16. */
  deliveryCatchUp?: Partial<DeliveryCatchUpOptions>;
}

export interface RunningWorker {
  /**
   * The delivery catch-up running in the background since start-up: settles with its summary (undefined if it
   * failed, which is logged). Nothing waits for it; tests and benches may.
   */
  deliveryCatchUp: Promise<DeliveryCatchUpSummary | undefined>;
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
  if (config.webhookDnsServer) {
    logger.warn(
      { dnsServer: config.webhookDnsServer },
      'WEBHOOK_DNS_SERVER: webhook host names are resolved by this DNS server, not the system resolver: tests and development only',
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
      webhooks: {
        devAllowedOrigins: config.webhookDevAllowedOrigins,
        ...(config.webhookDnsServer ? { resolve: dnsServerResolver(config.webhookDnsServer) } : {}),
        ...deps.webhookOptions,
      },
      temporal: { client, taskQueue: config.TEMPORAL_TASK_QUEUE },
      publicBaseUrl: config.PUBLIC_BASE_URL,
      webhookDisableAfterMs: config.WEBHOOK_DISABLE_AFTER_SECONDS * 1000,
      sanctionsLists: { sources: config.sanctionsListSources },
      sanctionsMatch: { thresholds: config.sanctionsMatchThresholds },
      ...(config.companiesHouseStreams ? { companiesHouseStreams: config.companiesHouseStreams } : {}),
      ...(live ? { companiesHouseDocuments: live.documents } : {}),
    }),
  });
  const running = worker.run();
  logger.info(
    { taskQueue: config.TEMPORAL_TASK_QUEUE, namespace: config.TEMPORAL_NAMESPACE },
    'Temporal worker running',
  );
  // In the background: its thousands of starts must not hold up readiness (see reconcile-deliveries.ts).
  const catchUp = startDeliveryCatchUp(
    { orm, client, taskQueue: config.TEMPORAL_TASK_QUEUE, logger },
    deps.deliveryCatchUp,
  );
  const stop = async () => {
    // First: the catch-up's starts in flight finish before the connection and the database close.
    await catchUp.stop();
    worker.shutdown();
    await running;
    await connection.close();
    await live?.close();
  };
  try {
    await reconcileSecretRotations(orm, client, config.TEMPORAL_TASK_QUEUE, logger);
    if (deps.changeCheckSchedule ?? true)
      await ensureChangeCheckSchedule(client, config.TEMPORAL_TASK_QUEUE, logger, {
        intervalSeconds: config.CHANGE_CHECK_INTERVAL_SECONDS,
      });
    if (deps.sanctionsRefreshSchedule ?? deps.changeCheckSchedule ?? true)
      await ensureSanctionsRefreshSchedules(client, config.TEMPORAL_TASK_QUEUE, logger);
    if (config.companiesHouseStreams && (deps.companiesHouseStreams ?? true))
      await ensureCompaniesHouseStreams(
        client,
        config.TEMPORAL_TASK_QUEUE,
        config.companiesHouseStreams,
        logger,
      );
  } catch (error) {
    // The caller gets no handle to stop what already runs: the catch-up and the polling would outlive it.
    await stop().catch((stopError: unknown) => logger.error({ err: stopError }, 'worker stop failed'));
    throw error;
  }
  return { deliveryCatchUp: catchUp.done, stop };
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
    attachReadPool(orm, config.database, { threads: config.SQLITE_READ_THREADS });
    const client = await connectClient(config);
    const worker = await startWorker({ config, orm, client, logger });
    return async () => {
      await worker.stop();
      await client.connection.close();
      await closeReadPool(orm);
      await orm.close();
    };
  });
}
