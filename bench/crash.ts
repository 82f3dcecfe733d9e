/**
 * `npm run bench:crash [-- --alerts 1000 --scenarios split,all-in-one,temporal --database-url postgres://… --no-write]`:
 * the crash ledger. N alerts go to a loopback receiver that records every request; the service is killed with
 * kill -9 at chosen moments (split mode: the worker during the change check's transaction, then during the sends;
 * all-in-one: the whole `npm start` process group during the sends) and restarted at once, or (temporal) only
 * `npm start`'s embedded Temporal dev server is killed, during the sends, and nobody restarts anything; the run waits until
 * nothing is pending and accounts for every alert: written = delivered + failed + pending with a future attempt,
 * none lost, duplicates only for sends in flight at a kill. See bench/README.md ("bench:crash").
 */
import { writeFileSync, mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { findTemporalCli } from '../src/temporal/dev-server';
import { runScenario, scenarioMoments, type ScenarioName, type ScenarioResult } from './crash-scenario';
import { crashTable } from './crash-report';
import {
  createStopStack,
  envFlag,
  machineAndCommit,
  progress,
  resultFile,
  runBenchmark,
  tryExec,
  wholeNumberOption,
} from './harness';

const projectRoot = resolve(__dirname, '..');

const usage = `Usage: npm run bench:crash -- [options]   (each option also as an environment variable)
  --alerts N            changes simulated on monitored companies, about one alert each (BENCH_CRASH_ALERTS, default 1000)
  --scenarios LIST      split, all-in-one, temporal (npm start's embedded Temporal killed alone), comma-separated
                        (BENCH_CRASH_SCENARIOS, default split,all-in-one,temporal)
  --kill-after N        a mid-send kill waits until the receiver has seen N requests (BENCH_CRASH_KILL_AFTER,
                        default alerts ÷ 4)
  --receiver-delay A-B  the receiver answers 200 after A to B ms, drawn at random (BENCH_CRASH_RECEIVER_DELAY,
                        default 50-200)
  --max-wait S          after the last restart, wait at most S s until nothing is pending; also bounds each wait
                        for a moment to kill at (BENCH_CRASH_MAX_WAIT_S, default 900)
  --companies N         companies in the generated register (BENCH_COMPANIES, default alerts × 1.25 + 50)
  --seed N              seed of the register and the changes (BENCH_SEED, default 1)
  --database-url U      a PostgreSQL server (postgres://…): each scenario gets a new database on it, dropped at
                        the end, instead of SQLite (BENCH_DATABASE_URL)
  --keep                keep each scenario's directory (logs, SQLite, Temporal state) and say where
  --no-write            do not write bench/results/crash-<date>.json (BENCH_NO_WRITE=1)`;

interface Options {
  alerts: number;
  scenarios: ScenarioName[];
  killAfter: number;
  receiverDelayMs: [number, number];
  maxWaitSeconds: number;
  companies: number;
  seed: number;
  databaseUrl: string | undefined;
  keep: boolean;
  write: boolean;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      alerts: { type: 'string' },
      scenarios: { type: 'string' },
      'kill-after': { type: 'string' },
      'receiver-delay': { type: 'string' },
      'max-wait': { type: 'string' },
      companies: { type: 'string' },
      seed: { type: 'string' },
      'database-url': { type: 'string' },
      keep: { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const env = process.env;
  const alerts = wholeNumberOption('alerts', values.alerts ?? env.BENCH_CRASH_ALERTS, 1000, 8);
  const scenarios = (values.scenarios ?? env.BENCH_CRASH_SCENARIOS ?? 'split,all-in-one,temporal')
    .split(',')
    .map((name) => name.trim());
  for (const name of scenarios)
    if (!Object.hasOwn(scenarioMoments, name))
      throw new Error(`--scenarios: unknown scenario ${name} (split, all-in-one, temporal)\n${usage}`);
  const delay = values['receiver-delay'] ?? env.BENCH_CRASH_RECEIVER_DELAY ?? '50-200';
  const match = /^(\d+)-(\d+)$/.exec(delay);
  if (!match || Number(match[1]) > Number(match[2]))
    throw new Error(`--receiver-delay must be A-B in ms with A ≤ B, got ${delay}`);
  const killAfter = wholeNumberOption(
    'kill-after',
    values['kill-after'] ?? env.BENCH_CRASH_KILL_AFTER,
    Math.ceil(alerts / 4),
    1,
  );
  if (killAfter >= alerts)
    throw new Error('--kill-after must be below --alerts: the kill must fall mid-send');
  const databaseUrl = values['database-url'] ?? env.BENCH_DATABASE_URL;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new Error(`--database-url must be a postgres:// URL, got ${databaseUrl}`);
  return {
    alerts,
    scenarios: [...new Set(scenarios)] as ScenarioName[],
    killAfter,
    receiverDelayMs: [Number(match[1]), Number(match[2])],
    maxWaitSeconds: wholeNumberOption('max-wait', values['max-wait'] ?? env.BENCH_CRASH_MAX_WAIT_S, 900, 60),
    companies: wholeNumberOption(
      'companies',
      values.companies ?? env.BENCH_COMPANIES,
      Math.ceil(alerts * 1.25) + 50,
      alerts,
    ),
    seed: wholeNumberOption('seed', values.seed ?? env.BENCH_SEED, 1, 0),
    databaseUrl,
    keep: values.keep ?? false,
    write: !(values['no-write'] || envFlag(env.BENCH_NO_WRITE)),
  };
}

/** The run passes when every scenario lost nothing, balanced its ledger, and saw only kill-explained duplicates. */
function failures(results: readonly ScenarioResult[]): string[] {
  return results.flatMap((result) => {
    const { ledger } = result;
    const problems = [
      ledger.lost > 0 ? `${ledger.lost} alerts lost` : '',
      ledger.identityHolds ? '' : 'written ≠ delivered + failed + pending with a future attempt',
      ledger.duplicates.unexplained > 0
        ? `${ledger.duplicates.unexplained} duplicates not explained by a kill`
        : '',
      ledger.receiver.unsigned + ledger.receiver.badSignatures > 0 ? 'unsigned or badly signed requests' : '',
      ledger.receiver.deliveredNotAnswered.length > 0 ? 'deliveries recorded but never answered' : '',
      ledger.receiver.unknownEventIds.length > 0 ? 'requests for event ids with no delivery row' : '',
      // Not the service's fault, but then the run did not test what it says it did.
      result.kills.some((kill) => (kill.alertsCommittedAtKill ?? 0) > 0)
        ? 'the kill meant for the check step fell after its commit (moment missed)'
        : '',
      result.kills.some((kill) => kill.moment === 'temporal-sends' && !kill.serviceSurvived)
        ? 'npm start exited after its Temporal dev server was killed'
        : '',
      result.kills.some((kill) => kill.moment === 'temporal-sends' && kill.readyzWhileDown === undefined)
        ? '/readyz was never seen not ready after the Temporal kill (moment missed)'
        : '',
    ].filter(Boolean);
    return problems.map((problem) => `${result.scenario}: ${problem}`);
  });
}

async function main(): Promise<void> {
  const options = parseOptions();
  const cliPath = findTemporalCli();
  if (!cliPath)
    throw new Error('No Temporal CLI: run `npm run setup` first (the benchmark downloads nothing)');
  const stops = createStopStack();
  const tempDir = mkdtempSync(join(tmpdir(), 'cds-bench-crash-'));
  stops.push('temp dir', async () => {
    if (!options.keep) rmSync(tempDir, { recursive: true, force: true });
  });
  const logger = pino({ name: 'bench', level: 'warn' }, pino.destination(2));
  const startedAt = new Date();
  try {
    const results: ScenarioResult[] = [];
    for (const kind of options.scenarios) {
      progress(`scenario ${kind}: kills at ${scenarioMoments[kind].join(', then ')}`);
      results.push(
        await runScenario(kind, {
          alerts: options.alerts,
          companies: options.companies,
          seed: options.seed,
          killAfterSends: options.killAfter,
          receiverDelayMs: options.receiverDelayMs,
          maxWaitMs: options.maxWaitSeconds * 1000,
          startTimeoutMs: 180_000,
          databaseUrl: options.databaseUrl,
          keep: options.keep,
          tempDir,
          cliPath,
          logger,
        }),
      );
    }
    console.log(
      `\nCrash ledger: ${options.alerts.toLocaleString('en-GB')} changes on monitored companies, kill -9 and ` +
        `restart; receiver answers 200 after ${options.receiverDelayMs.join('–')} ms\n`,
    );
    console.log(crashTable(results));
    const problems = failures(results);
    console.log(
      problems.length === 0 ? '\nNo alert lost; every duplicate was a send in flight at a kill.' : '',
    );
    const sdk = JSON.parse(readFileSync(require.resolve('@temporalio/worker/package.json'), 'utf8')) as {
      version: string;
    };
    const result = {
      benchmark: 'crash',
      date: startedAt.toISOString(),
      ...machineAndCommit(projectRoot),
      temporal: { sdk: sdk.version, cli: tryExec(cliPath, ['--version']) },
      options: { ...options, databaseUrl: options.databaseUrl ? '(PostgreSQL)' : undefined },
      passed: problems.length === 0,
      problems,
      scenarios: results,
    };
    if (options.write) {
      const file = resultFile('crash');
      writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
      progress(`wrote ${relative(projectRoot, file)}`);
    }
    if (problems.length > 0) throw new Error(`the crash ledger found problems:\n  ${problems.join('\n  ')}`);
  } finally {
    await stops.stopAll();
  }
}

runBenchmark(main);
