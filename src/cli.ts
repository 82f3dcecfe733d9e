import { parseArgs } from 'node:util';
import type { Client } from '@temporalio/client';
import { loadConfig } from './config';
import { migrate, openDatabase, type Orm } from './db/orm';
import { createAccount, createApiKey, revokeApiKey, setPlan } from './domain/accounts/accounts';
import { planNameSchema } from './domain/accounts/plans';
import { requireCompanyNumber } from './domain/companies/company-number-argument';
import { ServiceError } from './domain/errors';
import { drainHealthScores } from './domain/health/store/refresh-health-scores';
import { importDemoRegister } from './demo/demo-data';
import { importCompaniesCsv, type ImportCompaniesOptions } from './ingest/companies-house/import-companies';
import { importAccountsFile } from './ingest/companies-house/resources/filed-accounts';
import { importCompanyDetailsDir } from './ingest/companies-house/resources/import-company-details';
import { importPscSnapshot } from './ingest/companies-house/resources/psc-snapshot';
import { importPostcodeLookup } from './ingest/ons/import-postcodes';
import { simulateChange, simulateRandomChanges } from './demo/simulator/simulate-changes';
import { createLogger } from './logger';
import { runChangeCheckNow } from './temporal/change-check-schedule';
import { importSanctionsList } from './ingest/sanctions/import-sanctions-list';
import { readSanctionsListSource } from './ingest/sanctions/sanctions-list-source';
import { runSanctionsRefreshNow } from './temporal/sanctions-schedule';
import { connectClient } from './temporal/connection';
import { companiesHouseStreamNames } from './ingest/companies-house/stream/stream-names';
import {
  pauseStream,
  requireStreamName,
  resetStream,
  resumeStream,
  streamReport,
} from './temporal/companies-house-stream-control';

// Operator commands. Each prints one JSON document on stdout, so scripts can read the result.
const usage = `Usage: npm run cli -- <command> [options]

  accounts create --email <email> [--plan free|starter|team]   create an account and its first API key
  accounts set-plan --account <account id> --plan <plan>       change an account's plan
  keys create --account <account id>                           create another API key (shown once)
  keys revoke --key <key id>                                   revoke a key (401 from then on)
  migrate                                                      apply pending database migrations
  import companies <file> [--as-of YYYY-MM-DD] [--restart] [--limit N] [--batch-size N]
                                                               import a BasicCompanyData CSV (resumes an unfinished
                                                               run of the same file unless --restart; Ctrl-C stops
                                                               after the current batch, resumably)
  import company-details <dir>                                 import officers, PSCs, filing history, charges,
                                                               insolvency and filed accounts laid out as in
                                                               docs/company-details.md (first import of a resource
                                                               per company is its baseline; later ones record changes)
  import psc-snapshot <file>                                   import a PSC snapshot (JSON lines)
  import accounts <file> [<file> ...]                          import filed accounts in inline XBRL
  import sanctions <file>                                      import a UK Sanctions List CSV as a new list version
                                                               (unchanged when it is the current one): docs/sanctions.md
  import postcodes <file> [--names <LA names file>] [--batch-size N]
                                                               import the ONS postcode lookup (NSPL or ONSPD CSV)
                                                               and its local authority names: docs/places.md
  health refresh                                               store the health scores that are due: companies whose
                                                               data changed, scores whose valid_until has come, and
                                                               scores of an older model (imports end with this too)
  demo-data --companies <N> [--seed S] [--as-of YYYY-MM-DD] [--register-only]
                                                               generate a demo register and its company details
                                                               (officers, PSCs, filings, charges, accounts) and
                                                               import them
  simulate-changes --company <number> --type <alert type> [--seed S]
                                                               make one register change on one company
  simulate-changes --random <K> [--monitored] [--seed S]       K changes on random active companies (only monitored
                                                               ones with --monitored), mixed like a day's register
  sanctions refresh                                            refresh the UK Sanctions List now from its configured
                                                               source (triggers the sanctions-refresh Schedule, like
                                                               check-changes) and wait for the outcome
  check-changes                                                run the change check now (triggers the change-check
                                                               Schedule on TEMPORAL_ADDRESS, or on the embedded
                                                               dev server of a running \`npm start\`) and wait for it
  streams status [<stream>]                                    where each Companies House stream consumer stands:
                                                               its workflow, state, last timepoint, lag, and the
                                                               store's position (docs/companies-house.md)
  streams pause <stream>                                       stop consuming a stream (the position is kept)
  streams resume <stream>                                      consume it again from where it stopped
  streams reset <stream> (--timepoint N | --live)              consume from timepoint N (events from N on are
                                                               applied again) or from the live end
`;

type Command = (
  orm: Orm,
  options: Record<string, string | undefined>,
  positionals: string[],
) => Promise<unknown>;

function required(options: Record<string, string | undefined>, name: string): string {
  const value = options[name];
  if (!value) throw new ServiceError('invalid_argument', `--${name} is required`);
  return value;
}

const commands: Record<string, Command> = {
  'accounts create': async (orm, options) => {
    const plan = planNameSchema.parse(options.plan ?? 'free');
    const { account, apiKey } = await createAccount(
      orm.em.fork(),
      { email: required(options, 'email'), plan },
      new Date(),
    );
    return {
      account_id: account.id,
      email: account.email,
      plan: account.plan,
      api_key: apiKey.key,
      api_key_id: apiKey.id,
    };
  },
  'accounts set-plan': async (orm, options) => {
    const account = await setPlan(
      orm.em.fork(),
      required(options, 'account'),
      planNameSchema.parse(options.plan),
    );
    return { account_id: account.id, plan: account.plan };
  },
  'keys create': async (orm, options) => {
    const key = await createApiKey(orm.em.fork(), required(options, 'account'), new Date());
    return { api_key: key.key, api_key_id: key.id };
  },
  'keys revoke': async (orm, options) => {
    const key = await revokeApiKey(orm.em.fork(), required(options, 'key'), new Date());
    return { api_key_id: key.id, revoked_at: key.revokedAt?.toISOString() };
  },
  migrate: async () => ({ migrated: true }),
  'import companies': async (orm, options, positionals) => {
    const file = positionals[2];
    if (!file)
      throw new ServiceError('invalid_argument', 'import companies needs a file: import companies <file>');
    return withHealthScores(
      orm,
      await withInterrupt((signal) =>
        importCompaniesCsv(orm.em.fork(), file, {
          ...importReporting(signal),
          asOf: optionalDay(options, 'as-of'),
          restart: options.restart !== undefined,
          limit: optionalCount(options, 'limit'),
          batchSize: optionalCount(options, 'batch-size', 1),
        }),
      ),
    );
  },
  'import company-details': async (orm, _options, positionals) => {
    const dir = positionals[2];
    if (!dir) throw new ServiceError('invalid_argument', 'import company-details needs a folder');
    return withHealthScores(
      orm,
      await importCompanyDetailsDir(orm.em.fork(), dir, { source: 'import', detectedAt: new Date() }),
    );
  },
  'import psc-snapshot': async (orm, _options, positionals) => {
    const file = positionals[2];
    if (!file) throw new ServiceError('invalid_argument', 'import psc-snapshot needs a file');
    return withHealthScores(
      orm,
      await importPscSnapshot(orm.em.fork(), file, { source: 'import', detectedAt: new Date() }),
    );
  },
  'import postcodes': async (orm, options, positionals) => {
    const file = positionals[2];
    if (!file)
      throw new ServiceError('invalid_argument', 'import postcodes needs a file: import postcodes <file>');
    return withInterrupt((signal) =>
      importPostcodeLookup(orm.em.fork(), file, {
        ...importReporting(signal),
        namesFile: options.names,
        batchSize: optionalCount(options, 'batch-size', 1),
      }),
    );
  },
  'import sanctions': async (orm, _options, positionals) => {
    const file = positionals[2];
    if (!file)
      throw new ServiceError('invalid_argument', 'import sanctions needs a file: import sanctions <file>');
    const read = await readSanctionsListSource({ kind: 'file', path: file });
    return importSanctionsList(orm.em.fork(), read.bytes, { source: read.source });
  },
  'sanctions refresh': async () =>
    withTemporal(async (client) => {
      const run = await runSanctionsRefreshNow(client);
      return { workflow_id: run.workflowId, run_id: run.runId, ...run.result };
    }),
  'import accounts': async (orm, _options, positionals) => {
    const files = positionals.slice(2);
    if (files.length === 0)
      throw new ServiceError('invalid_argument', 'import accounts needs at least one file');
    const context = { source: 'import', detectedAt: new Date() } as const;
    const results = [];
    for (const file of files)
      results.push({ file, ...(await importAccountsFile(orm.em.fork(), file, context)) });
    return withHealthScores(orm, { documents: results });
  },
  'simulate-changes': async (orm, options) => {
    const random = optionalCount(options, 'random', 1);
    const seed = optionalInteger(options, 'seed');
    if (random !== undefined) {
      if (options.company || options.type)
        throw new ServiceError('invalid_argument', '--random cannot be combined with --company or --type');
      const changes = await simulateRandomChanges(orm.em.fork(), random, {
        seed,
        monitoredOnly: options.monitored !== undefined,
      });
      return { simulated: changes.length, changes };
    }
    const companyNumber = requireCompanyNumber(required(options, 'company'), '--company');
    return simulateChange(orm.em.fork(), companyNumber, required(options, 'type'), { seed });
  },
  'health refresh': async (orm) => {
    const done = await drainHealthScores(orm.em.fork(), new Date());
    return {
      rescored: done.rescored,
      queued: done.queued,
      expired: done.expired,
      other_model: done.otherModel,
      dropped: done.dropped,
    };
  },
  'streams status': async (orm, _options, positionals) =>
    withTemporal(async (client) => {
      const streams = positionals[2] ? [requireStreamName(positionals[2])] : companiesHouseStreamNames;
      const reports = [];
      for (const stream of streams) reports.push(await streamReport(client, orm.em, stream));
      return { streams: reports };
    }),
  'streams pause': async (_orm, _options, positionals) => {
    const stream = requireStreamName(positionals[2]);
    await withTemporal((client) => pauseStream(client, stream));
    return { stream, signalled: 'pauseStream' };
  },
  'streams resume': async (_orm, _options, positionals) => {
    const stream = requireStreamName(positionals[2]);
    await withTemporal((client) => resumeStream(client, stream));
    return { stream, signalled: 'resumeStream' };
  },
  'streams reset': async (_orm, options, positionals) => {
    const stream = requireStreamName(positionals[2]);
    const live = options.live !== undefined;
    if (live === (options.timepoint !== undefined))
      throw new ServiceError(
        'invalid_argument',
        'streams reset needs exactly one of --timepoint N and --live',
      );
    const timepoint = live ? null : optionalCount(options, 'timepoint', 0)!;
    await withTemporal((client) => resetStream(client, stream, timepoint));
    return { stream, signalled: 'resetStream', timepoint };
  },
  'check-changes': async () =>
    withTemporal(async (client) => {
      const run = await runChangeCheckNow(client);
      return { workflow_id: run.workflowId, run_id: run.runId, ...run.result };
    }),
  'demo-data': async (orm, options) => {
    const companies = optionalCount(options, 'companies');
    if (companies === undefined) throw new ServiceError('invalid_argument', '--companies is required');
    const seed = optionalInteger(options, 'seed');
    return withInterrupt((signal) =>
      importDemoRegister(
        orm.em.fork(),
        {
          companies,
          seed,
          asOf: optionalDay(options, 'as-of'),
          details: options['register-only'] === undefined,
        },
        importReporting(signal),
      ),
    );
  },
};

/**
 * An import ends with the health scores its writes queued stored again (domain/health/store), so lists show the
 * new grades at once rather than after the next change check.
 */
async function withHealthScores<T extends object>(
  orm: Orm,
  result: T,
): Promise<T & { health_scores_rescored: number }> {
  const { rescored } = await drainHealthScores(orm.em.fork(), new Date());
  return { ...result, health_scores_rescored: rescored };
}

/** A Temporal client on TEMPORAL_ADDRESS, or on the embedded dev server of a running `npm start`. */
async function withTemporal<T>(use: (client: Client) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const client = await connectClient({
    ...config,
    TEMPORAL_ADDRESS: config.TEMPORAL_ADDRESS ?? `127.0.0.1:${config.TEMPORAL_DEV_SERVER_PORT}`,
  });
  try {
    return await use(client);
  } finally {
    await client.connection.close();
  }
}

function optionalCount(
  options: Record<string, string | undefined>,
  name: string,
  min = 0,
): number | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new ServiceError('invalid_argument', `--${name} must be a whole number, at least ${min}`);
  return n;
}

function optionalInteger(options: Record<string, string | undefined>, name: string): number | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new ServiceError('invalid_argument', `--${name} must be a whole number`);
  return n;
}

function optionalDay(options: Record<string, string | undefined>, name: string): Date | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(NaN);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value)
    throw new ServiceError('invalid_argument', `--${name} must be a date, YYYY-MM-DD`);
  return day;
}

/** Progress and rejected rows go to stderr, so stdout stays one JSON document. */
const MAX_PRINTED_REJECTIONS = 100;
function importReporting(signal: AbortSignal): ImportCompaniesOptions {
  let printed = 0;
  return {
    signal,
    onProgress: (p) =>
      process.stderr.write(
        `import: ${p.rows.toLocaleString('en-GB')} rows (${p.rejected} rejected), ` +
          `${p.rowsPerSecond.toLocaleString('en-GB')} rows/s, line ${p.line.toLocaleString('en-GB')}\n`,
      ),
    onReject: (row) => {
      if (printed < MAX_PRINTED_REJECTIONS) process.stderr.write(`rejected line ${row.line}: ${row.error}\n`);
      else if (printed === MAX_PRINTED_REJECTIONS)
        process.stderr.write('(further rejected rows counted, not printed)\n');
      printed++;
    },
  };
}

/** Ctrl-C stops an import after the batch in flight is committed; running the command again resumes it. */
async function withInterrupt<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const stop = () => {
    process.stderr.write('stopping after the current batch (run the same command again to resume)\n');
    controller.abort();
  };
  process.once('SIGINT', stop);
  try {
    return await run(controller.signal);
  } finally {
    process.off('SIGINT', stop);
  }
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      plan: { type: 'string' },
      account: { type: 'string' },
      key: { type: 'string' },
      'as-of': { type: 'string' },
      restart: { type: 'boolean' },
      limit: { type: 'string' },
      'batch-size': { type: 'string' },
      companies: { type: 'string' },
      seed: { type: 'string' },
      company: { type: 'string' },
      type: { type: 'string' },
      random: { type: 'string' },
      monitored: { type: 'boolean' },
      'register-only': { type: 'boolean' },
      names: { type: 'string' },
      timepoint: { type: 'string' },
      live: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const name = positionals.slice(0, 2).join(' ');
  const command = commands[name] ?? commands[positionals[0] ?? ''];
  if (values.help || !command) {
    process.stderr.write(usage);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL, 'cli');
  const orm = await openDatabase(config.database, logger);
  try {
    await migrate(orm);
    const result = await command(orm, values as Record<string, string | undefined>, positionals);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await orm.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof ServiceError
        ? `${error.code}: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error);
    process.stderr.write(`error: ${message}\n`);
    process.exit(1);
  },
);
