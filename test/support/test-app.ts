import { randomBytes, randomInt } from 'node:crypto';
import pino from 'pino';
import { loadConfig, type Config } from '../../src/config';
import { closeServices, openServices, startApi } from '../../src/server';
import type { Services } from '../../src/services';
import { startWorker } from '../../src/worker';
import { createTestDatabase, startAlertIdsAt, type TestDatabase } from './test-database';
import { workflowBundle } from './workflow-bundle';
import { terminateOrphanedChangeChecks } from './orphaned-change-checks';

export interface TestApp {
  url: string;
  services: Services;
  config: Config;
  stop(): Promise<void>;
}

/**
 * The real service as `npm start` composes it (HTTP API + worker + database) against the run's Temporal
 * dev server, on a free port, with its own database and task queue so test files cannot see each other. The
 * `change-check` Schedule (one per namespace) is left alone unless a test asks for it; `clock` is the worker's.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    changeCheckSchedule?: boolean;
    clock?: () => Date;
    companiesHouseStreams?: boolean;
    /** The store to serve (dropped on stop); a fresh migrated one unless given (e.g. seededDemoDatabase's). */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const address = process.env.TEST_TEMPORAL_ADDRESS;
  if (!address) throw new Error('TEST_TEMPORAL_ADDRESS is not set: integration tests run through jest');
  const db = options.database ?? (await createTestDatabase());
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      TEMPORAL_ADDRESS: address,
      TEMPORAL_TASK_QUEUE: `test-${randomBytes(4).toString('hex')}`,
      // Every test signs up from 127.0.0.1: the limit is the sign-up tests' to set (accounts.test.ts).
      SIGNUP_LIMIT_PER_HOUR: '100000',
      ...env,
    }),
    database: db.database,
  };
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const services = await openServices(config, logger);
  await startAlertIdsAt(services.orm, 1 + randomInt(1, 1_000_000) * 1_000);
  if (options.changeCheckSchedule) await terminateOrphanedChangeChecks(services.temporal);
  const worker = await startWorker({
    config,
    orm: services.orm,
    client: services.temporal,
    logger,
    workflowBundle: workflowBundle(),
    changeCheckSchedule: options.changeCheckSchedule ?? false,
    // Stream workflow ids are one per namespace, like the Schedules: only a test that asks starts them.
    companiesHouseStreams: options.companiesHouseStreams ?? false,
    clock: options.clock,
  });
  const api = await startApi(services);
  return {
    url: api.url,
    services,
    config,
    async stop() {
      await api.stop();
      await worker.stop();
      await closeServices(services);
      await db.drop();
    },
  };
}

/** The error body every endpoint answers with (docs/errors.md). */
export interface ErrorBody {
  error: { code: string; message: string; details: Record<string, unknown>; request_id: string };
}

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** fetch with a JSON body and a parsed JSON reply; `key` goes in X-Api-Key unless headers say otherwise. */
export async function request<T = Record<string, unknown>>(
  app: TestApp,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; key?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = {
    ...(options.key ? { 'X-Api-Key': options.key } : {}),
    ...options.headers,
  };
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(`${app.url}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : {}) as T };
}

export async function signUp(app: TestApp, email = `user-${randomBytes(4).toString('hex')}@example.com`) {
  const response = await request<{ account_id: string; api_key: string; api_key_id: string }>(
    app,
    'POST',
    '/signup',
    {
      body: { email },
    },
  );
  if (response.status !== 201)
    throw new Error(`signup failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
