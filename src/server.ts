import type { Server } from 'node:http';
import { loadConfig, type Config } from './config';
import { migrate, openDatabase } from './db/orm';
import { attachReadPool, closeReadPool } from './db/read-pool/attached-read-pool';
import { Quotas } from './domain/accounts/quota';
import { createApp } from './http/app';
import { guardRawRequests } from './http/raw-request-guard';
import { openLiveCompanies } from './ingest/companies-house/live/live-companies';
import { createLogger, type Logger } from './logger';
import type { Services } from './services';
import { connectClient } from './temporal/connection';
import { runUntilSignal } from './shutdown';

export interface RunningApi {
  server: Server;
  url: string;
  stop(): Promise<void>;
}

/** Starts the HTTP server on services the caller owns (the caller closes them). */
export async function startApi(services: Services): Promise<RunningApi> {
  const app = createApp(services);
  const { HOST, PORT } = services.config;
  const server = app.listen(PORT, HOST);
  // Requests Node's HTTP parser refuses (unknown method tokens, CONNECT, bad headers) get the JSON error body too.
  guardRawRequests(server, services.logger);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : PORT;
  const url = `http://${HOST.includes(':') ? `[${HOST}]` : HOST}:${port}`;
  services.logger.info({ url }, 'HTTP API listening');
  return {
    server,
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

export async function openServices(config: Config, logger: Logger): Promise<Services> {
  const orm = await openDatabase(config.database, logger);
  const applied = await migrate(orm);
  if (applied.length > 0) logger.info({ applied }, 'database migrated');
  attachReadPool(orm, config.database, { threads: config.SQLITE_READ_THREADS });
  const temporal = await connectClient(config);
  const clock = () => new Date();
  const quotas = new Quotas(config.database, clock);
  const liveCompanies = openLiveCompanies(config, { orm, clock, logger });
  return { config, orm, temporal, logger, clock, quotas, liveCompanies };
}

export async function closeServices(services: Services): Promise<void> {
  // First: a background refresh still running writes through the ORM closed below.
  await services.liveCompanies?.close();
  await services.temporal.connection.close();
  await services.quotas.close();
  await closeReadPool(services.orm);
  await services.orm.close();
}

if (require.main === module) {
  runUntilSignal('api', async () => {
    const config = loadConfig();
    const logger = createLogger(config.LOG_LEVEL, 'api');
    if (!config.TEMPORAL_ADDRESS)
      throw new Error(
        'TEMPORAL_ADDRESS must be set for `npm run api` (use `npm start` for the embedded default)',
      );
    const services = await openServices(config, logger);
    const api = await startApi(services);
    return async () => {
      await api.stop();
      await closeServices(services);
    };
  });
}
