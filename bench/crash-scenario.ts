import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { loadConfig } from '../src/config';
import { migrate, openDatabase, type Orm } from '../src/db/orm';
import { knexOf } from '../src/domain/companies/register-sql';
import type { Logger } from '../src/logger';
import { connectClient } from '../src/temporal/connection';
import { computeLedger, type Ledger } from '../test/support/crash-ledger';
import { deliveryCounts, readStoreForLedger } from '../test/support/crash-ledger-read';
import { startCrashReceiver } from '../test/support/crash-receiver';
import { createStackDatabase, prepareStack, startStack, waitUntilReady, type StackKind } from './crash-stack';
import { monitorCompanies } from './crash-monitoring';
import { runningCheck, waitForCheckStep, waitForRequests, waitForWriteTransaction } from './crash-moments';
import { progress } from './harness';

/*
 * One crash scenario on a fresh stack: a store with a generated register and one Team account monitoring its
 * active companies (webhooks to the loopback receiver), N simulated changes, the change check run by
 * `check-changes`; then a kill -9 at each planned moment, each followed at once by a restart (except the
 * embedded Temporal's: `npm start` must bring that back itself); then a wait until nothing is pending (bounded),
 * and the ledger.
 */

/** `temporal-sends`: the sends are under way and only `npm start`'s Temporal dev server child is killed. */
export type Moment = 'check' | 'sends' | 'temporal-sends';

/** `temporal`: the all-in-one stack, whose embedded Temporal alone is killed. */
export type ScenarioName = StackKind | 'temporal';

/** What each scenario kills, in order. */
export const scenarioMoments: Record<ScenarioName, Moment[]> = {
  split: ['check', 'sends'],
  'all-in-one': ['sends'],
  temporal: ['temporal-sends'],
};

const stackOf = (scenario: ScenarioName): StackKind => (scenario === 'temporal' ? 'all-in-one' : scenario);

export interface ScenarioOptions {
  alerts: number;
  companies: number;
  seed: number;
  killAfterSends: number;
  receiverDelayMs: [number, number];
  maxWaitMs: number;
  startTimeoutMs: number;
  databaseUrl: string | undefined;
  keep: boolean;
  tempDir: string;
  cliPath: string;
  logger: Logger;
}

export interface KillRecord {
  moment: Moment;
  target: string;
  killedAt: string;
  /** check: the running `checkChanges` step had been started this long before the kill. */
  checkStepRunningForMs?: number;
  /** check, PostgreSQL: the step's transaction had written (pg_stat_activity) when the kill was sent. */
  writeTransactionOpenAtKill?: boolean;
  /** check: alerts in the store right after the kill (0: the step's transaction was rolled back). */
  alertsCommittedAtKill?: number;
  /** Receiver requests that had arrived by the kill, and those of them still waiting for their answer. */
  receiverRequestsAtKill: number;
  inFlightAtReceiverAtKill: number;
  deliveredRowsAtKill: number;
  pendingRowsAtKill: number;
  /** sends: the check was still running (starting delivery workflows) at the kill. */
  checkRunningAtKill?: boolean;
  /** 0 for `temporal-sends`: nothing is restarted by the harness. */
  restartToReadyMs: number;
  /** temporal-sends: the kill until /readyz answered 200 again, with nobody restarting anything. */
  killToReadyMs?: number;
  /** temporal-sends: what /readyz answered while the dev server was down (its first 503 body). */
  readyzWhileDown?: unknown;
  /** temporal-sends: the service's log line about the exit, and whether `npm start` itself lived on. */
  supervisorLine?: string;
  serviceSurvived?: boolean;
  /** check: restart until the check's alerts were in the store (its step retried and committed). */
  restartToAlertsWrittenMs?: number;
}

export interface ScenarioResult {
  scenario: ScenarioName;
  database: 'sqlite' | 'postgresql';
  companies: number;
  monitored: number;
  changesSimulated: number;
  kills: KillRecord[];
  settled: boolean;
  /** Last restart until no delivery was pending (null: not within --max-wait). */
  restartToNothingPendingMs: number | null;
  lastKillToNothingPendingMs: number | null;
  ledger: Ledger;
  /** How the attempts were recorded, by error class (`delivered` for a 2xx). */
  attemptsByOutcome: Record<string, number>;
  checkChangesCommand: { ok: boolean; detail: string };
  /** ERROR (and worse) log lines of every service process, by message. */
  errorLogLines: Record<string, number>;
  /** 1-minute load average when the scenario started (the machines here are shared). */
  loadAverageAtStart: number;
  seconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function countRows(orm: Orm, table: string): Promise<number> {
  const row = (await knexOf(orm.em.fork())(table).count({ n: '*' }).first()) as { n: number | string };
  return Number(row.n);
}

async function activeCompanyNumbers(orm: Orm): Promise<string[]> {
  const rows = (await knexOf(orm.em.fork())('companies')
    .select('company_number')
    .where('company_status', 'active')
    .orderBy('company_number')) as { company_number: string }[];
  return rows.map((row) => row.company_number);
}

async function attemptsByOutcome(orm: Orm): Promise<Record<string, number>> {
  const rows = (await knexOf(orm.em.fork())('webhook_delivery_attempts')
    .select('error_class')
    .count({ n: '*' })
    .groupBy('error_class')) as { error_class: string | null; n: number | string }[];
  return Object.fromEntries(rows.map((row) => [row.error_class ?? 'delivered', Number(row.n)]));
}

/** A Temporal call that may meet the server down (all-in-one, between a kill and a restart): undefined then. */
async function tolerant<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch {
    return undefined;
  }
}

/** The background command's outcome; one still running 10 s after the run settled is ended and said so. */
async function commandOutcome(
  outcome: Promise<{ ok: boolean; detail: string }>,
  abort: AbortController,
): Promise<{ ok: boolean; detail: string }> {
  const timer = setTimeout(() => abort.abort(), 10_000);
  const result = await outcome;
  clearTimeout(timer);
  return abort.signal.aborted
    ? { ok: false, detail: 'still running when the run had settled; ended' }
    : result;
}

/**
 * kill -9 of `npm start`'s Temporal dev server child alone (its pid in DATA_DIR/temporal.pid), then no restart:
 * waits for /readyz to answer 200 again, noting what it said meanwhile.
 */
async function killEmbeddedTemporal(
  apiUrl: string,
  dataDir: string,
  deadline: number,
): Promise<{ killedAt: number; readyAt: number; readyzWhileDown: unknown }> {
  const pid = Number(readFileSync(join(dataDir, 'temporal.pid'), 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no dev server pid in ${dataDir}/temporal.pid`);
  const killedAt = Date.now();
  process.kill(pid, 'SIGKILL');
  // Ready again only counts once it has been seen not ready: the API notices the loss at its next probe.
  let readyzWhileDown: unknown;
  while (readyzWhileDown === undefined && Date.now() < deadline) {
    const response = await fetch(`${apiUrl}/readyz`, { signal: AbortSignal.timeout(5_000) }).catch(
      () => undefined,
    );
    if (response && response.status !== 200) readyzWhileDown = await response.json();
    else await sleep(50);
  }
  const readyAt = await waitUntilReady(apiUrl, Math.max(deadline - Date.now(), 1_000));
  return { killedAt, readyAt, readyzWhileDown };
}

export async function runScenario(scenario: ScenarioName, options: ScenarioOptions): Promise<ScenarioResult> {
  const kind = stackOf(scenario);
  const started = Date.now();
  const loadAverageAtStart = Math.round(loadavg()[0]! * 100) / 100;
  const dir = join(options.tempDir, scenario);
  mkdirSync(dir, { recursive: true });
  const stops: Array<{ name: string; stop: () => Promise<void> }> = [];
  const push = (name: string, stop: () => Promise<void>) => stops.push({ name, stop });
  try {
    const receiver = await startCrashReceiver({
      minDelayMs: options.receiverDelayMs[0],
      maxDelayMs: options.receiverDelayMs[1],
    });
    push('receiver', receiver.close);
    const database = await createStackDatabase(join(dir, 'data'), options.databaseUrl, scenario);
    push('database', database.drop);
    const setup = {
      kind,
      dir,
      database,
      receiverOrigin: receiver.origin,
      cliPath: options.cliPath,
      logger: options.logger,
      startTimeoutMs: options.startTimeoutMs,
    };
    const prepared = await prepareStack(setup);
    if (prepared.devServer) push('Temporal dev server', prepared.devServer.stop);

    progress(`${scenario}: a register of ${options.companies} companies and a Team account (CLI)`);
    await prepared.cli([
      'demo-data',
      '--companies',
      String(options.companies),
      '--register-only',
      '--seed',
      String(options.seed),
    ]);
    const account = (await prepared.cli([
      'accounts',
      'create',
      '--email',
      'crash-ledger@example.com',
      '--plan',
      'team',
    ])) as { api_key: string };

    progress(
      `${scenario}: starting ${kind === 'split' ? '`npm run api` and `npm run worker`' : '`npm start`'}`,
    );
    const stack = await startStack(setup, prepared);
    push('stack', stack.stop);
    const orm = await openDatabase(database.config);
    push('bench store connection', () => orm.close());
    await migrate(orm);
    const client: Client = await connectClient(loadConfig({ TEMPORAL_ADDRESS: stack.temporalAddress }));
    push('Temporal client', () => client.connection.close());

    const active = await activeCompanyNumbers(orm);
    if (active.length < options.alerts)
      throw new Error(
        `only ${active.length} active companies for ${options.alerts} alerts: raise --companies`,
      );
    const monitoring = await monitorCompanies({
      apiUrl: stack.apiUrl,
      apiKey: account.api_key,
      webhookUrl: receiver.url,
      companyNumbers: active,
    });
    receiver.trustSecrets([monitoring.secret]);

    progress(`${scenario}: simulate-changes --random ${options.alerts} --monitored (CLI)`);
    const simulated = (await stack.cli([
      'simulate-changes',
      '--random',
      String(options.alerts),
      '--monitored',
      '--seed',
      String(options.seed),
    ])) as { simulated: number };

    progress(`${scenario}: check-changes (CLI, in the background)`);
    const checkChangesAbort = new AbortController();
    const checkChangesCommand = stack.cli(['check-changes'], checkChangesAbort.signal).then(
      (result) => ({ ok: true, detail: JSON.stringify(result) }),
      (error: unknown) => ({ ok: false, detail: error instanceof Error ? error.message : String(error) }),
    );

    const kills: KillRecord[] = [];
    const killTimes: number[] = [];
    let lastRestart = Date.now();
    for (const moment of scenarioMoments[scenario]) {
      const deadline = Date.now() + options.maxWaitMs;
      const record: Partial<KillRecord> = {
        moment,
        target:
          moment === 'temporal-sends'
            ? 'Temporal dev server (npm start child)'
            : kind === 'split'
              ? 'worker'
              : 'npm start (process group)',
      };
      let killedAt: number;
      if (moment === 'check') {
        const step = await waitForCheckStep(client, deadline);
        // On PostgreSQL the transaction itself can be seen: wait (briefly) until it has written, then kill.
        if (database.url)
          record.writeTransactionOpenAtKill = await waitForWriteTransaction(database.url, Date.now() + 5_000);
        killedAt = await stack.target().kill9();
        record.checkStepRunningForMs =
          step.activityStartedAt === undefined ? undefined : Math.round(killedAt - step.activityStartedAt);
        record.alertsCommittedAtKill = await countRows(orm, 'alerts');
      } else {
        let checkRunning = false;
        await waitForRequests(receiver, options.killAfterSends, deadline, async () => {
          checkRunning = (await runningCheck(client)) !== undefined;
        });
        record.checkRunningAtKill = checkRunning;
        if (moment === 'temporal-sends') {
          const service = stack.target();
          const down = await killEmbeddedTemporal(stack.apiUrl, join(dir, 'data'), deadline);
          killedAt = down.killedAt;
          record.killToReadyMs = down.readyAt - down.killedAt;
          record.readyzWhileDown = down.readyzWhileDown;
          record.restartToReadyMs = 0;
          record.serviceSurvived = !service.exited();
          record.supervisorLine = service.warnings.find((line) =>
            line.msg.startsWith('The embedded Temporal dev server'),
          )?.msg;
          progress(
            `${scenario}: kill -9 of the Temporal dev server alone; /readyz 200 again ` +
              `${(record.killToReadyMs / 1000).toFixed(1)} s later, nothing restarted by the bench`,
          );
        } else killedAt = await stack.target().kill9();
      }
      killTimes.push(killedAt);
      const counts = await deliveryCounts(orm, killedAt);
      record.killedAt = new Date(killedAt).toISOString();
      record.receiverRequestsAtKill = receiver.requests.filter((r) => r.startedAt <= killedAt).length;
      record.inFlightAtReceiverAtKill = receiver.inFlightAt(killedAt).length;
      record.deliveredRowsAtKill = counts.delivered;
      record.pendingRowsAtKill = counts.pending;
      if (moment === 'temporal-sends') {
        lastRestart = killedAt;
        kills.push(record as KillRecord);
        continue;
      }
      progress(
        `${scenario}: kill -9 ${record.target} during the ${moment === 'check' ? 'check step' : 'sends'} ` +
          `(${record.receiverRequestsAtKill} requests received, ${record.inFlightAtReceiverAtKill} in flight); restarting`,
      );
      const restart = await stack.restartTarget();
      lastRestart = restart.restartedAt;
      record.restartToReadyMs = restart.readyAt - restart.restartedAt;
      if (moment === 'check') {
        progress(`${scenario}: waiting for the check to write its alerts again`);
        while ((await countRows(orm, 'alerts')) === 0) {
          if (Date.now() > deadline)
            throw new Error('the check wrote no alerts within --max-wait after the kill');
          await sleep(200);
        }
        record.restartToAlertsWrittenMs = Date.now() - restart.restartedAt;
      }
      kills.push(record as KillRecord);
    }

    progress(`${scenario}: waiting until nothing is pending (at most ${options.maxWaitMs / 1000} s)`);
    const settleDeadline = lastRestart + options.maxWaitMs;
    let settledAt: number | undefined;
    let lastReport = 0;
    for (;;) {
      const now = Date.now();
      const counts = await deliveryCounts(orm, now);
      const checkRunning = (await tolerant(() => runningCheck(client))) !== undefined;
      if (counts.total > 0 && counts.pending === 0 && !checkRunning) {
        settledAt = now;
        break;
      }
      if (now > settleDeadline) break;
      if (now - lastReport > 15_000) {
        lastReport = now;
        progress(
          `${scenario}: ${counts.delivered} delivered, ${counts.pending} pending (${counts.pendingDue} due), ` +
            `${counts.failed} failed; check running: ${checkRunning}`,
        );
      }
      await sleep(500);
    }

    const store = await readStoreForLedger(orm, client);
    const ledger = computeLedger({
      ...store,
      requests: receiver.requests,
      kills: killTimes,
      now: Date.now(),
    });
    const errorLogLines: Record<string, number> = {};
    for (const service of stack.processes())
      for (const line of service.warnings)
        if (line.level >= 50) errorLogLines[line.msg] = (errorLogLines[line.msg] ?? 0) + 1;
    return {
      scenario,
      database: database.config.kind,
      companies: options.companies,
      monitored: monitoring.monitored,
      changesSimulated: simulated.simulated,
      kills,
      settled: settledAt !== undefined,
      restartToNothingPendingMs: settledAt === undefined ? null : settledAt - lastRestart,
      lastKillToNothingPendingMs: settledAt === undefined ? null : settledAt - killTimes.at(-1)!,
      ledger,
      attemptsByOutcome: await attemptsByOutcome(orm),
      checkChangesCommand: await commandOutcome(checkChangesCommand, checkChangesAbort),
      errorLogLines,
      loadAverageAtStart,
      seconds: Math.round((Date.now() - started) / 1000),
    };
  } finally {
    for (const { name, stop } of stops.reverse())
      await stop().catch((error: unknown) =>
        progress(`${scenario}: stopping ${name} failed: ${String(error)}`),
      );
    if (options.keep) progress(`${scenario}: kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
