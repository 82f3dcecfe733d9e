/**
 * `npm run bench:profile-keyed-call [-- --companies 200000 --requests 3000 --concurrency 16 --database FILE]`:
 * where the time of one keyed `get_company` goes, over REST and over MCP (stateless POST /mcp), with a Team key.
 *
 * 1. Throughput: a bare Koa route (the baseline), then REST and MCP get_company without quota accounting and with
 *    the real quotas, then the baseline again: req/s and the ratio to the mean baseline, measured in this run.
 * 2. Steps: each step of a call run serially in this process (authentication, quota charge, input validation, the
 *    handler's reads, output validation, JSON) in microseconds a call.
 * 3. Profile: the real-quota REST and MCP cells again under the V8 CPU profiler (inspector), summarised as the
 *    server thread's time by component (package or source file of the innermost frame that has one) and the
 *    heaviest functions; the raw .cpuprofile files are kept for a flame-graph viewer.
 *
 * The register is generated with `importDemoRegister` into a SQLite file (kept when --database names one, so a
 * second run skips the import). The API needs a Temporal client only to exist: no workflow runs here, so a stub
 * stands in for it and no dev server is started.
 */
import { Session } from 'node:inspector';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import Koa from 'koa';
import pino from 'pino';
import { loadConfig } from '../src/config';
import type { Account } from '../src/db/entities/account';
import { migrate, openDatabase } from '../src/db/orm';
import { attachReadPool, closeReadPool } from '../src/db/read-pool/attached-read-pool';
import { createAccount } from '../src/domain/accounts/accounts';
import { Quotas } from '../src/domain/accounts/quota';
import { importDemoRegister } from '../src/demo/demo-data';
import { authenticate } from '../src/http/authenticate';
import type { Logger } from '../src/logger';
import { getCompany } from '../src/operations/get-company';
import { callContext, withAccount } from '../src/operations/call-context';
import { invokeOperation } from '../src/operations/invoke';
import { startApi } from '../src/server';
import type { Services } from '../src/services';
import type { LoadCell, LoadMessage, LoadRequest, LoadResult, ReplyCheck } from './api-load';
import {
  createStopStack,
  formatTable,
  machineAndCommit,
  progress,
  runBenchmark,
  servingSettings,
  wholeNumberOption,
} from './harness';

const projectRoot = resolve(__dirname, '..');
/** Under Team's 600 a minute: each real-quota key serves at most this many requests of a cell. */
const REQUESTS_PER_QUOTA_KEY = 500;
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

function parseOptions() {
  const { values } = parseArgs({
    options: {
      companies: { type: 'string' },
      requests: { type: 'string' },
      warmup: { type: 'string' },
      concurrency: { type: 'string' },
      database: { type: 'string' },
      'profile-dir': { type: 'string' },
      'step-calls': { type: 'string' },
    },
  });
  return {
    companies: wholeNumberOption('companies', values.companies, 200_000, 1),
    requests: wholeNumberOption('requests', values.requests, 3000, 1),
    warmup: wholeNumberOption('warmup', values.warmup, 500, 0),
    concurrency: wholeNumberOption('concurrency', values.concurrency, 16, 1),
    stepCalls: wholeNumberOption('step-calls', values['step-calls'], 2000, 1),
    database: values.database,
    profileDir: values['profile-dir'],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Load: the same worker thread as bench:api (closed loop, keep-alive, every reply checked).

function startLoadWorker(): Promise<Worker> {
  const extension = extname(__filename);
  const entry = join(__dirname, `api-load${extension}`);
  const worker =
    extension === '.ts'
      ? new Worker(`require('tsx/cjs'); require(${JSON.stringify(entry)});`, { eval: true })
      : new Worker(entry);
  return new Promise((resolveWorker, rejectWorker) => {
    worker.once('message', (m: LoadMessage) =>
      m.type === 'ready' ? resolveWorker(worker) : rejectWorker(new Error('load worker did not start')),
    );
    worker.once('error', rejectWorker);
  });
}

function drive(worker: Worker, cell: LoadCell): Promise<LoadResult & { serverElu: number }> {
  return new Promise((resolveCell, rejectCell) => {
    let elu = performance.eventLoopUtilization();
    const onMessage = (message: LoadMessage) => {
      if (message.type === 'measuring') {
        elu = performance.eventLoopUtilization();
        return;
      }
      if (message.type === 'ready') return;
      worker.off('message', onMessage);
      if (message.type === 'failed') return rejectCell(new Error(message.error));
      resolveCell({
        ...message.results[0]!,
        serverElu: round(performance.eventLoopUtilization(elu).utilization),
      });
    };
    worker.on('message', onMessage);
    worker.postMessage(cell);
  });
}

async function listen(app: Koa): Promise<{ server: Server; port: number }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((ok, fail) => {
    server.once('listening', ok);
    server.once('error', fail);
  });
  return { server, port: (server.address() as AddressInfo).port };
}

// ---------------------------------------------------------------------------------------------------------------
// Profile summary

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const NATIVE_SQLITE = new Set(['prepare', 'all', 'get', 'run', 'iterate', 'exec', 'pragma', 'transaction']);

/** What a frame belongs to: a package, a Node core area, an app file, or a V8 pseudo-frame. */
function componentOf(url: string, functionName: string): string | undefined {
  if (url === '') {
    if (functionName === '(garbage collector)') return 'V8: garbage collector';
    if (functionName === '(program)') return 'V8: (program) — native code outside JS';
    if (functionName === '(idle)') return 'idle';
    if (functionName === 'stringify' || functionName === 'parse') return `JSON.${functionName} (native)`;
    return undefined; // another native: counted where it was called from
  }
  const modules = url.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return `pkg ${rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (url.startsWith('node:')) {
    const name = url.slice(5);
    if (/http|net|stream|socket|tcp/.test(name)) return 'node: http / net / streams';
    return 'node: other core (events, timers, async hooks, …)';
  }
  const src = url.indexOf('/src/');
  if (src !== -1) return `app ${url.slice(src + 1).replace(/\?.*$/, '')}`;
  return `other ${url}`;
}

function summariseProfile(profile: CpuProfile): { components: string[][]; functions: string[][] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000),
  );

  const componentMs = new Map<string, number>();
  const functionMs = new Map<string, number>();
  let busy = 0;
  for (const [id, ms] of selfMs) {
    const node = byId.get(id)!;
    let component = componentOf(node.callFrame.url, node.callFrame.functionName);
    if (component === 'idle') continue;
    if (component === undefined) {
      // A native function: attribute it to the nearest caller with a source, naming SQLite's own calls.
      let up = parent.get(id);
      while (up !== undefined && byId.get(up)!.callFrame.url === '') up = parent.get(up);
      const caller = up === undefined ? 'native' : componentOf(byId.get(up)!.callFrame.url, '')!;
      component =
        NATIVE_SQLITE.has(node.callFrame.functionName) && /sqlite|knex|rate-limiter|src\/db/.test(caller)
          ? 'SQLite (native statement calls)'
          : `${caller} (native)`;
    }
    busy += ms;
    componentMs.set(component, (componentMs.get(component) ?? 0) + ms);
    const f = node.callFrame;
    const where =
      f.url === '' ? '(native)' : `${componentOf(f.url, '')?.replace(/^(pkg|app) /, '')}:${f.lineNumber + 1}`;
    const key = `${f.functionName || '(anonymous)'} ${where}`;
    functionMs.set(key, (functionMs.get(key) ?? 0) + ms);
  }
  const pct = (ms: number) => `${round((100 * ms) / busy, 1)}%`;
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return {
    components: [
      ['component (innermost frame with a source)', 'self ms', 'share of busy'],
      ...sorted(componentMs)
        .slice(0, 22)
        .map(([name, ms]) => [name, String(round(ms, 0)), pct(ms)]),
      ['busy total', String(round(busy, 0)), '100%'],
    ],
    functions: [
      ['function (self time)', 'self ms', 'share'],
      ...sorted(functionMs)
        .slice(0, 25)
        .map(([name, ms]) => [name, String(round(ms, 0)), pct(ms)]),
    ],
  };
}

async function profiled<T>(run: () => Promise<T>): Promise<{ result: T; profile: CpuProfile }> {
  const session = new Session();
  session.connect();
  const post = <R>(method: string, params?: object) =>
    new Promise<R>((ok, fail) =>
      session.post(method, params ?? {}, (error, value) => (error ? fail(error) : ok(value as R))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  try {
    const result = await run();
    const { profile } = await post<{ profile: CpuProfile }>('Profiler.stop');
    return { result, profile };
  } finally {
    session.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Steps, timed serially in-process

async function timeStep(
  name: string,
  calls: number,
  step: (i: number) => Promise<unknown>,
): Promise<string[]> {
  for (let i = 0; i < Math.min(200, calls); i++) await step(i); // warm-up (JIT, statement caches)
  const started = performance.now();
  for (let i = 0; i < calls; i++) await step(i);
  const us = ((performance.now() - started) * 1000) / calls;
  return [name, String(round(us, 1))];
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const options = parseOptions();
  const logger: Logger = pino({ name: 'profile', level: 'warn' }, pino.destination(2));
  const stops = createStopStack();
  try {
    const workDir = options.database
      ? dirname(resolve(options.database))
      : mkdtempSync(join(tmpdir(), 'cds-prof-'));
    if (!options.database)
      stops.push('temp dir', async () => rmSync(workDir, { recursive: true, force: true }));
    mkdirSync(workDir, { recursive: true });
    const databaseFile = options.database ? resolve(options.database) : join(workDir, 'register.db');
    const fresh = !existsSync(databaseFile);
    const config = {
      ...loadConfig({
        ...servingSettings(process.env),
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: workDir,
      }),
      database: { kind: 'sqlite' as const, path: databaseFile },
    };
    const orm = await openDatabase(config.database, logger);
    stops.push('database', () => orm.close());
    await migrate(orm);
    if (fresh) {
      progress(
        `generating and importing ${options.companies.toLocaleString('en-GB')} companies into ${databaseFile}`,
      );
      await importDemoRegister(orm.em.fork(), {
        companies: options.companies,
        seed: 1,
        asOf: new Date('2025-06-01T00:00:00Z'),
      });
    }
    const [{ companies }] = (await orm.em
      .fork()
      .getConnection()
      .execute('select count(*) as companies from companies')) as [{ companies: number }];

    const clock = () => new Date();
    const temporal = { connection: { close: async () => {} } } as unknown as Client;
    const unlimited = {
      chargeRequests: async () => {},
      chargeFreeMessage: async () => {},
      close: async () => {},
    } as unknown as Quotas;
    const realQuotas = new Quotas(config.database, clock);
    stops.push('quotas', () => realQuotas.close());
    // The register's reads as the service runs them (src/server.ts): point reads inline, the rest on read threads.
    attachReadPool(orm, config.database, { threads: config.SQLITE_READ_THREADS });
    stops.push('read pool', () => closeReadPool(orm));
    const services: Services = { config, orm, temporal, logger, clock, quotas: unlimited };
    const quotaServices: Services = { ...services, quotas: realQuotas };
    const api = await startApi(services);
    stops.push('API', api.stop);
    const quotaApi = await startApi(quotaServices);
    stops.push('API (real quotas)', quotaApi.stop);
    const baselineApp = new Koa();
    const baselineRouter = new Router();
    baselineRouter.get('/baseline', (ctx) => {
      ctx.body = { company_number: '00000000', company_name: 'BASELINE LIMITED', company_status: 'active' };
    });
    baselineApp.use(baselineRouter.routes());
    const baseline = await listen(baselineApp);
    stops.push('baseline', async () => void baseline.server.close());

    const em = orm.em.fork();
    const teamKey = async (n: number) =>
      (await createAccount(em, { email: `profile-${n}@example.com`, plan: 'team' }, clock())).apiKey.key;
    const mainKey = await teamKey(0);
    let keyCounter = 1;
    const quotaKeyRing = async (count: number) => {
      const keys: string[] = [];
      for (let k = 0; k < Math.ceil(count / REQUESTS_PER_QUOTA_KEY); k++)
        keys.push(await teamKey(keyCounter++));
      return (i: number) => keys[Math.floor(i / REQUESTS_PER_QUOTA_KEY)]!;
    };
    const sample = (
      (await em
        .getConnection()
        .execute('select company_number from companies where rowid % 397 = 1 limit 1000')) as Array<{
        company_number: string;
      }>
    ).map((r) => r.company_number);

    const total = options.warmup + options.requests;
    const requests = (kind: 'baseline' | 'rest' | 'mcp', key: (i: number) => string): LoadRequest[] =>
      Array.from({ length: kind === 'baseline' ? total * 3 : total }, (_, i): LoadRequest => {
        const number = sample[(i * 7919) % sample.length]!;
        if (kind === 'baseline')
          return { method: 'GET', path: '/baseline', headers: { Accept: 'application/json' } };
        if (kind === 'rest')
          return {
            method: 'GET',
            path: `/company/${number}`,
            headers: { 'X-Api-Key': key(i), Accept: 'application/json' },
          };
        return {
          method: 'POST',
          path: '/mcp',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
            'MCP-Protocol-Version': '2025-06-18',
            'X-Api-Key': key(i),
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: i + 1,
            method: 'tools/call',
            params: { name: 'get_company', arguments: { company_number: number } },
          }),
        };
      });
    const checks: Record<string, ReplyCheck> = { baseline: 'json', rest: 'rest-company', mcp: 'mcp-company' };
    const worker = await startLoadWorker();
    stops.push('load worker', async () => void (await worker.terminate()));
    const cell = (port: number, kind: 'baseline' | 'rest' | 'mcp', list: LoadRequest[]): LoadCell => ({
      type: 'run',
      lanes: [
        {
          host: '127.0.0.1',
          port,
          requests: list,
          warmup: kind === 'baseline' ? options.warmup * 3 : options.warmup,
          measured: kind === 'baseline' ? options.requests * 3 : options.requests,
          concurrency: options.concurrency,
          check: checks[kind]!,
        },
      ],
      maxSeconds: 30,
      maxWarmupSeconds: 5,
      requestTimeoutMs: 30_000,
    });
    const apiPort = (api.server.address() as AddressInfo).port;
    const quotaPort = (quotaApi.server.address() as AddressInfo).port;
    const main = () => mainKey;

    // 1. Throughput.
    const rows: Array<{ label: string; r: LoadResult & { serverElu: number } }> = [];
    const measure = async (
      label: string,
      port: number,
      kind: 'baseline' | 'rest' | 'mcp',
      key: (i: number) => string,
    ) => {
      const r = await drive(worker, cell(port, kind, requests(kind, key)));
      if (r.errors > 0) throw new Error(`${label}: ${r.errors} errors: ${r.errorSamples[0]}`);
      progress(`${label}: ${r.requestsPerSecond} req/s, p50 ${r.latencyMs.p50} ms`);
      rows.push({ label, r });
      return r;
    };
    const loadAtStart = round(loadavg()[0]!);
    const before = await measure('baseline (before)', baseline.port, 'baseline', main);
    await measure('REST GET /company/{n}', apiPort, 'rest', main);
    await measure('MCP tools/call get_company', apiPort, 'mcp', main);
    await measure('REST GET /company/{n}, real quotas', quotaPort, 'rest', await quotaKeyRing(total));
    await measure('MCP tools/call get_company, real quotas', quotaPort, 'mcp', await quotaKeyRing(total));
    const after = await measure('baseline (after)', baseline.port, 'baseline', main);
    const baselineRps = (before.requestsPerSecond + after.requestsPerSecond) / 2;

    // 2. Steps, serially in this process.
    // Quota steps charge a fresh account id each call, so no step is refused; the counters need no account row.
    const account: Account = {
      id: 'unused',
      email: 'profile@example.com',
      plan: 'team',
      createdAt: new Date(),
    };
    const stepServices = { ...services, quotas: realQuotas };
    const headers = { 'x-api-key': mainKey };
    // As the edges build it: the unit of work is forked only if the handler asks for it (call-context.ts).
    const context = () => callContext(services, { now: clock(), clientAddress: '127.0.0.1' });
    const authenticated = await authenticate(orm.em, headers);
    const sampleOutput = await invokeOperation(
      getCompany,
      { company_number: sample[0] },
      context(),
      authenticated.account,
    );
    const steps = [
      await timeStep('authenticate (key → account)', options.stepCalls, () => authenticate(orm.em, headers)),
      await timeStep('quota charge (minute + day), real Quotas', options.stepCalls, (i) =>
        stepServices.quotas.chargeRequests({ ...account, id: `acc_profile_${i}` }, 1),
      ),
      await timeStep('input validation (zod)', options.stepCalls, async (i) =>
        getCompany.input.parse({ company_number: sample[i % sample.length] }),
      ),
      await timeStep('handler: the reads and mapping', options.stepCalls, (i) =>
        getCompany.handler(
          { company_number: sample[i % sample.length]! },
          withAccount(context(), authenticated.account),
        ),
      ),
      await timeStep('output validation (zod)', options.stepCalls, async () =>
        getCompany.output.parse(sampleOutput),
      ),
      await timeStep('JSON.stringify of the answer', options.stepCalls, async () =>
        JSON.stringify(sampleOutput),
      ),
      await timeStep('invokeOperation whole (no quotas)', options.stepCalls, (i) =>
        invokeOperation(
          getCompany,
          { company_number: sample[i % sample.length] },
          context(),
          authenticated.account,
        ),
      ),
    ];

    // 3. Profiles of the real-quota cells.
    const profileDir = options.profileDir ? resolve(options.profileDir) : workDir;
    mkdirSync(profileDir, { recursive: true });
    const summaries: Array<[string, ReturnType<typeof summariseProfile>]> = [];
    for (const kind of ['rest', 'mcp'] as const) {
      const keys = await quotaKeyRing(total);
      const { profile } = await profiled(() => drive(worker, cell(quotaPort, kind, requests(kind, keys))));
      const file = join(profileDir, `keyed-call-${kind}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      progress(`wrote ${file}`);
      summaries.push([
        kind === 'rest' ? 'REST GET /company/{n}' : 'MCP tools/call get_company',
        summariseProfile(profile),
      ]);
    }

    const env = machineAndCommit(projectRoot);
    console.log(
      `\nKeyed get_company: ${companies.toLocaleString('en-GB')} companies (SQLite), C = ${options.concurrency}, ` +
        `${options.requests} requests a cell after ${options.warmup} warm-up; ${env.machine.cpus} CPUs, Node ` +
        `${process.version}, commit ${env.git.commit}${env.git.dirty ? ' (dirty)' : ''}, load ${loadAtStart}\n`,
    );
    console.log(
      formatTable([
        ['cell', 'req/s', 'ratio', 'p50 ms', 'p99 ms', 'server ELU'],
        ...rows.map(({ label, r }) => [
          label,
          String(r.requestsPerSecond),
          label.startsWith('baseline') ? '' : String(round(r.requestsPerSecond / baselineRps, 3)),
          String(r.latencyMs.p50),
          String(r.latencyMs.p99),
          String(r.serverElu),
        ]),
      ]),
    );
    console.log(`\nSteps of one call, serially in-process (${options.stepCalls} calls each):\n`);
    console.log(formatTable([['step', 'µs a call'], ...steps]));
    for (const [label, summary] of summaries) {
      console.log(`\nCPU profile, ${label} with real quotas (server thread):\n`);
      console.log(formatTable(summary.components));
      console.log('');
      console.log(formatTable(summary.functions));
    }
  } finally {
    await stops.stopAll();
  }
}

runBenchmark(main);
