// The production topology of docker-compose.yml without a Docker engine: PostgreSQL (the machine's), a
// Temporal server persisted to it, two `worker` and two `api` processes. As `docker compose up -d` / `down`:
//
//   npx tsx scripts/topology/run.ts up [--node-env production|development] [--interval-seconds 20]
//   npx tsx scripts/topology/run.ts restart-apps --node-env development   (workers and apis, new settings)
//   npx tsx scripts/topology/run.ts status
//   npx tsx scripts/topology/run.ts down        (stops every process group, checks no port is left open,
//                                                drops the databases it created)
//
// PostgreSQL: TOPOLOGY_POSTGRES_URL, else postgres://postgres:postgres@127.0.0.1:5432/postgres (as in CI).
// The Temporal server comes from scripts/topology/build-temporal.sh.
import { parseArgs } from 'node:util';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../test/support/free-port';
import {
  prepareAppDatabase,
  startApi,
  startWorker,
  waitForLog,
  waitForReady,
  type AppSettings,
} from './app-processes';
import {
  createDatabase,
  databaseNames,
  dropDatabases,
  existingDatabases,
  temporalSchemaVersion,
  withDatabase,
} from './postgres-databases';
import { portOpen, stopGroup, waitUntil } from './process-groups';
import { registerNamespace, waitForFrontend } from './temporal-namespace';
import {
  postgresTarget,
  setUpTemporalSchema,
  startTemporalServer,
  temporalServerVersion,
} from './temporal-server';
import {
  clearState,
  nodeEnvSchema,
  readState,
  requireState,
  runDir,
  say,
  writeState,
  type TopologyState,
} from './topology-state';

const NAMESPACE = 'default';
const TASK_QUEUE = 'company-data';
/** The processes drain for up to 30 s on SIGTERM; compose gives them 35 s (stop_grace_period). */
const STOP_GRACE_MS = 35_000;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'node-env': { type: 'string', default: 'production' },
    'interval-seconds': { type: 'string', default: '20' },
    'demo-companies': { type: 'string', default: '50' },
    'db-prefix': { type: 'string', default: 'topology_' },
  },
});

function wholeNumberOption(name: 'interval-seconds' | 'demo-companies', min: number): number {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
  return value;
}

const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function appSettings(state: TopologyState): AppSettings {
  if (!state.temporal) throw new Error('the Temporal server is not running');
  return {
    nodeEnv: state.nodeEnv,
    databaseUrl: state.appDatabaseUrl,
    temporalAddress: state.temporal.address,
    namespace: state.temporal.namespace,
    taskQueue: state.taskQueue,
    changeCheckIntervalSeconds: state.changeCheckIntervalSeconds,
    ...(state.receiverPort === null ? {} : { devAllowedOrigin: `http://127.0.0.1:${state.receiverPort}` }),
  };
}

/** Both workers at once (they race to ensure the Schedules, as replicas do), then both apis. */
async function startApps(state: TopologyState, apiPorts: (number | undefined)[]): Promise<TopologyState> {
  const started = Date.now();
  const settings = appSettings(state);
  const workers = [startWorker(settings, 'worker-1'), startWorker(settings, 'worker-2')];
  const apis = [
    await startApi(settings, 'api-1', apiPorts[0]),
    await startApi(settings, 'api-2', apiPorts[1]),
  ];
  const next = { ...state, workers, apis };
  writeState(next); // before waiting: `down` must find them even if one fails to start
  await Promise.all(
    workers.map(async (worker) => {
      await waitForLog(worker, /^Temporal worker running$/, 180_000);
      await waitForLog(worker, /change-check schedule/, 60_000);
    }),
  );
  await Promise.all(apis.map((api) => waitForReady(api, 120_000)));
  for (const p of [...workers, ...apis])
    say(`${p.name}: pid ${p.pid}${'url' in p ? `, ${String(p.url)}` : ''}, log ${p.logFile}`);
  say(`workers and apis up (NODE_ENV=${state.nodeEnv}) in ${elapsed(started)}`);
  return next;
}

async function stopApps(state: TopologyState): Promise<void> {
  await Promise.all(
    [...state.apis, ...state.workers].map(async (p) => {
      const how = await stopGroup(p.pid, STOP_GRACE_MS);
      say(`${p.name} (pid ${p.pid}) ${how}`);
    }),
  );
}

async function up(): Promise<void> {
  const started = Date.now();
  if (readState()) throw new Error('a topology is already running here: run.ts down first');
  const nodeEnv = nodeEnvSchema.parse(values['node-env']);
  const adminUrl =
    process.env.TOPOLOGY_POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const databases = databaseNames(values['db-prefix']!);
  const clash = await existingDatabases(adminUrl, Object.values(databases));
  if (clash.length > 0)
    throw new Error(`databases ${clash.join(', ')} already exist (a run not taken down?): drop them first`);
  const version = temporalServerVersion();
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  // Written before anything is created, so that `down` undoes whatever a failed `up` left behind.
  let state: TopologyState = {
    startedAt: new Date().toISOString(),
    postgresAdminUrl: adminUrl,
    databases,
    appDatabaseUrl: withDatabase(adminUrl, databases.app),
    temporal: null,
    taskQueue: TASK_QUEUE,
    changeCheckIntervalSeconds: wholeNumberOption('interval-seconds', 5),
    nodeEnv,
    receiverPort: nodeEnv === 'development' ? await freePort() : null,
    apis: [],
    workers: [],
  };
  writeState(state);

  const pg = postgresTarget(adminUrl);
  for (const [schema, database] of [
    ['temporal', databases.temporal],
    ['visibility', databases.visibility],
  ] as const) {
    const from = setUpTemporalSchema(pg, database, schema);
    const version = await temporalSchemaVersion(adminUrl, database);
    say(`Temporal schema "${schema}" ${version} in database ${database} (temporal-sql-tool, from ${from})`);
  }
  await createDatabase(adminUrl, databases.app);
  const server = await startTemporalServer(pg, databases);
  const temporal = {
    name: 'temporal-server',
    pid: server.pid,
    logFile: server.logFile,
    ports: Object.values(server.ports),
    address: server.address,
    namespace: NAMESPACE,
    version,
  };
  state = { ...state, temporal };
  writeState(state);
  await waitForFrontend(temporal, 120_000);
  say(`Temporal server ${version} (pid ${server.pid}) serving on ${server.address}, log ${server.logFile}`);
  await registerNamespace(temporal.address, NAMESPACE);
  say(`namespace ${NAMESPACE} registered (retention 7 days), as auto-setup does`);

  prepareAppDatabase(appSettings(state), wholeNumberOption('demo-companies', 1));
  await startApps(state, []);
  say(`topology up in ${elapsed(started)}`);
}

async function restartApps(): Promise<void> {
  const started = Date.now();
  const state = requireState();
  const nodeEnv = nodeEnvSchema.parse(values['node-env']);
  await stopApps(state);
  const next: TopologyState = {
    ...state,
    nodeEnv,
    receiverPort: nodeEnv === 'development' ? (state.receiverPort ?? (await freePort())) : null,
  };
  await startApps(
    next,
    state.apis.map((api) => api.ports[0]),
  );
  say(`workers and apis restarted with NODE_ENV=${nodeEnv} in ${elapsed(started)}`);
}

async function down(): Promise<void> {
  const started = Date.now();
  const state = readState();
  if (!state) {
    say('nothing to take down');
    return;
  }
  await stopApps(state);
  if (state.temporal) {
    const how = await stopGroup(state.temporal.pid, 30_000);
    say(`temporal-server (pid ${state.temporal.pid}) ${how}`);
  }
  const ports = [...state.apis, ...state.workers, ...(state.temporal ? [state.temporal] : [])].flatMap(
    (p) => p.ports,
  );
  const open = await waitUntil(
    'every port of the run closed',
    async () => {
      const stillOpen = [];
      for (const port of ports) if (await portOpen(port)) stillOpen.push(port);
      return stillOpen.length === 0 ? stillOpen : undefined;
    },
    10_000,
  ).catch(() => ports);
  await dropDatabases(state.postgresAdminUrl, Object.values(state.databases));
  say(`databases dropped: ${Object.values(state.databases).join(', ')}`);
  clearState();
  // The logs stay for a look afterwards; the server's config goes, since it holds the database password.
  rmSync(join(runDir, 'temporal-config'), { recursive: true, force: true });
  if (open.length > 0) throw new Error(`ports still open after down: ${open.join(', ')}`);
  say(`down in ${elapsed(started)}: no process left, none of its ${ports.length} ports open`);
}

function status(): void {
  const state = readState();
  console.log(state ? JSON.stringify(state, null, 2) : 'no topology running');
}

const commands: Record<string, () => Promise<void> | void> = {
  up,
  'restart-apps': restartApps,
  down,
  status,
};

const command = commands[positionals[0] ?? ''];
if (!command) {
  console.error(`usage: run.ts ${Object.keys(commands).join('|')} [options]`);
  process.exit(2);
}
Promise.resolve(command()).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[topology] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
