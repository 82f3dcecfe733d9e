import { loadConfig } from './config';
import { createLogger } from './logger';
import { closeServices, openServices, startApi } from './server';
import { runUntilSignal } from './shutdown';
import {
  findTemporalCli,
  startDevServer,
  startDownloadedDevServer,
  superviseStartedDevServer,
  type RunningDevServer,
} from './temporal/dev-server';
import type { DevServerSupervisor } from './temporal/dev-server-supervisor';
import { startWorker } from './worker';
import { installTemporalRuntime } from './temporal/runtime';
import { seedDemoRegisterIfEmpty } from './demo/demo-data';

/**
 * `npm start`: everything on one machine. With TEMPORAL_ADDRESS unset it first starts the Temporal dev
 * server (state in data/temporal.db, Web UI on 8233), and restarts it if it dies (dev-server-supervisor.ts);
 * then the worker and the HTTP API, in this process. The same pieces run apart as `npm run worker` and
 * `npm run api` (see docker-compose.yml).
 */
runUntilSignal('start', async () => {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  installTemporalRuntime(logger);
  const stops: Array<() => Promise<void>> = [];
  let stopping: Promise<void> | undefined;
  // Once: a supervisor that gives up and a signal may both ask.
  const stopAll = () =>
    (stopping ??= (async () => {
      for (const stop of stops.reverse())
        await stop().catch((error: unknown) => logger.error({ err: error }, 'stop failed'));
    })());
  let supervisor: DevServerSupervisor | undefined;
  try {
    let devServer: RunningDevServer | undefined;
    if (!config.TEMPORAL_ADDRESS) {
      const options = {
        dataDir: config.DATA_DIR,
        port: config.TEMPORAL_DEV_SERVER_PORT,
        uiPort: config.TEMPORAL_UI_PORT,
        namespace: config.TEMPORAL_NAMESPACE,
        cliPath: config.TEMPORAL_CLI_PATH,
        logger,
      };
      devServer = findTemporalCli(config.TEMPORAL_CLI_PATH)
        ? await startDevServer(options)
        : await startDownloadedDevServer(options);
      supervisor = superviseStartedDevServer(devServer, options, () => {
        // Bounded: a worker draining against a server that is gone could wait for ever.
        const exit = () => process.exit(1);
        setTimeout(exit, 10_000).unref();
        void stopAll().finally(exit);
      });
      // The SDK's downloaded server hides its process: it is stopped, but not watched or restarted.
      stops.push(supervisor?.stop ?? devServer.stop);
      config.TEMPORAL_ADDRESS = devServer.address;
      logger.info({ address: devServer.address, webUi: devServer.uiUrl }, 'Temporal dev server ready');
    } else {
      logger.info({ address: config.TEMPORAL_ADDRESS }, 'using the Temporal cluster at TEMPORAL_ADDRESS');
    }
    const services = await openServices(config, logger);
    stops.push(() => closeServices(services));
    // A first `npm start` has an empty register; the API is more use with a small demo one (logged when done).
    await seedDemoRegisterIfEmpty(services.orm, logger);
    const worker = await startWorker({ config, orm: services.orm, client: services.temporal, logger });
    stops.push(worker.stop);
    const api = await startApi(services);
    stops.push(api.stop);
    logger.info(
      { api: api.url, webUi: devServer?.uiUrl, database: config.database.kind },
      'ready: the API, the worker and Temporal are running (Ctrl-C stops all of them)',
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return async () => {
    // At once: a terminal's Ctrl-C also reaches the dev server, which may end before its turn to be stopped.
    supervisor?.standDown();
    await stopAll();
  };
});
