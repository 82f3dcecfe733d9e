/**
 * `npm run bench:company-details [-- --companies 1000 --calls 300 --seed 1]`: the company details (issue 6) on a
 * small generated register and on one `--factor` (10) times larger, each with its details, in the same run. The
 * small register is the baseline of every ratio.
 *
 * - Seeding: `importDemoRegister({ details: true })` (the code behind `npm run cli -- demo-data --details`)
 *   generates the register and each company's officers, PSCs, filing history, charges, insolvency cases and
 *   iXBRL accounts, and imports them through the details importers. The ratio large / small of the time per
 *   company says whether that cost is linear (about 1).
 * - Reads: `get_officer_appointments` (a name search over the whole officer register, through the surname
 *   index), `get_officers`, `get_financial_history` and `get_filing_history` with a category, called in-process
 *   through `invokeOperation` as the REST and MCP edges call them (input and output validation included, quota
 *   accounting left out), one call at a time. The ratio large / small of p50 and p95 says whether a call's cost
 *   follows the register's size (an indexed lookup stays near 1; a scan grows with the factor).
 * - Health: `scoreCompaniesHealth` over every company of each store in batches (--health-batch, 500 as the
 *   refresh), timed as companies per second, on stores that hold every detail resource; then, after queueing
 *   every company again, one `drainHealthScores` (score and store, as the refresh does it), timed. The ratio
 *   large / small of the rate says whether the cost per company grows with the register (about 1: it does not).
 *
 * Everything is private to the run: each register has its own SQLite database in a temporary dir (./data is
 * never touched), removed at the end. No Temporal server is started: these operations never use it. See
 * bench/README.md for what is measured and how to read it.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Client } from '@temporalio/client';
import pino from 'pino';
import { loadConfig } from '../src/config';
import type { Account } from '../src/db/entities/account';
import { migrate, openDatabase, type Orm } from '../src/db/orm';
import { createAccount } from '../src/domain/accounts/accounts';
import { isoDay } from '../src/domain/companies/company-profile';
import { scoreCompaniesHealth } from '../src/domain/health/score-company';
import { enqueueHealthRescore } from '../src/domain/health/store/health-score-queue';
import {
  drainHealthScores,
  HEALTH_REFRESH_BATCH,
  HEALTH_REFRESH_MAX_COMPANIES,
} from '../src/domain/health/store/refresh-health-scores';
import type { Quotas } from '../src/domain/accounts/quota';
import { placeholders } from '../src/domain/companies/register-sql';
import { filingCategories } from '../src/domain/filings/filing-categories';
import { parseNameQuery } from '../src/domain/officers/officer-name';
import { importDemoRegister } from '../src/demo/demo-data';
import { mulberry32 } from '../src/demo/seeded-random';
import type { Logger } from '../src/logger';
import { getFilingHistory } from '../src/operations/get-filing-history';
import { getFinancialHistory } from '../src/operations/get-financial-history';
import { getOfficerAppointments } from '../src/operations/get-officer-appointments';
import { getOfficers } from '../src/operations/get-officers';
import { callContext } from '../src/operations/call-context';
import { invokeOperation } from '../src/operations/invoke';
import type { Operation } from '../src/operations/operation';
import type { Services } from '../src/services';
import {
  createStopStack,
  envFlag,
  formatTable,
  machineAndCommit,
  nearestRank,
  progress,
  runBenchmark,
  wholeNumberOption,
  resultFile,
} from './harness';

const benchDir = __dirname;
const projectRoot = resolve(benchDir, '..');
/** The day the generated dates are laid out around, as in bench:api: the same seed gives the same data. */
const AS_OF = new Date('2025-06-01T00:00:00Z');

// ---------------------------------------------------------------------------------------------------------------
// Options

const usage = `Usage: npm run bench:company-details -- [options]   (each option also as an environment variable)
  --companies N   companies in the small register, the baseline (BENCH_COMPANIES, default 1000)
  --factor F      the large register holds F times as many (BENCH_FACTOR, default 10)
  --calls K       measured calls per operation and register (BENCH_CALLS, default 300)
  --warmup W      unmeasured calls of each operation first, on each register (BENCH_WARMUP, default 50)
  --seed N        seed of the registers, their details and the sampled arguments (BENCH_SEED, default 1)
  --health-batch B  companies per scoreCompaniesHealth call and per refresh batch (BENCH_HEALTH_BATCH, default 500)
  --no-write      do not write bench/results/company-details-<date>.json (BENCH_NO_WRITE=1)`;

interface Options {
  companies: number;
  factor: number;
  calls: number;
  warmup: number;
  seed: number;
  healthBatch: number;
  write: boolean;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      companies: { type: 'string' },
      factor: { type: 'string' },
      calls: { type: 'string' },
      warmup: { type: 'string' },
      seed: { type: 'string' },
      'health-batch': { type: 'string' },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const env = process.env;
  return {
    companies: wholeNumberOption('companies', values.companies ?? env.BENCH_COMPANIES, 1000, 10),
    factor: wholeNumberOption('factor', values.factor ?? env.BENCH_FACTOR, 10, 2),
    calls: wholeNumberOption('calls', values.calls ?? env.BENCH_CALLS, 300, 1),
    warmup: wholeNumberOption('warmup', values.warmup ?? env.BENCH_WARMUP, 50, 0),
    seed: wholeNumberOption('seed', values.seed ?? env.BENCH_SEED, 1, 0),
    healthBatch: wholeNumberOption(
      'health-batch',
      values['health-batch'] ?? env.BENCH_HEALTH_BATCH,
      HEALTH_REFRESH_BATCH,
      1,
    ),
    write: !(values['no-write'] || envFlag(env.BENCH_NO_WRITE)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
const ratio = (a: number, b: number) => (b > 0 ? round(a / b) : NaN);
const mean = (values: readonly number[]) =>
  values.length === 0 ? NaN : values.reduce((sum, v) => sum + v, 0) / values.length;

// ---------------------------------------------------------------------------------------------------------------
// The registers: generated and imported with their details, each into its own fresh database.

const DETAIL_TABLES = [
  'officer_appointments',
  'persons_with_significant_control',
  'filings',
  'charges',
  'insolvency_cases',
  'accounts_years',
] as const;

interface SeedReport {
  companies: number;
  /** importDemoRegister with details, from the call to its return. */
  totalSeconds: number;
  /** Generating the register CSV and importing it: from the call to the importer's last progress report. */
  registerSeconds: number;
  /** The register importer's own figure (without generating the CSV). */
  registerImporterSeconds: number;
  /** Reading the companies back, generating their details files and importing them: the rest of the call. */
  detailsSeconds: number;
  /** Details files imported: the API resource files of each company and the accounts documents. */
  detailsFiles: number;
  /** PSC snapshot: companies whose PSCs were written. */
  pscSnapshotCompanies: number;
  detailsProblems: number;
  detailsFilesPerSecond: number;
  detailsCompaniesPerSecond: number;
  detailsMsPerCompany: number;
  totalMsPerCompany: number;
  rows: Record<(typeof DETAIL_TABLES)[number], number>;
  databaseMiB: number;
  loadAverageAtStart: number;
}

interface Register {
  label: string;
  dir: string;
  orm: Orm;
  services: Services;
  account: Account;
  seed: SeedReport;
}

/** Companies in the unmeasured seeding first: code loaded and warm before either register is timed. */
const WARMUP_SEED_COMPANIES = 100;

async function warmUpSeeding(dir: string, options: Options, logger: Logger): Promise<void> {
  const companies = Math.min(WARMUP_SEED_COMPANIES, options.companies);
  progress(`warm-up: seeding ${companies} companies with details, not measured`);
  mkdirSync(dir, { recursive: true });
  const orm = await openDatabase({ kind: 'sqlite', path: join(dir, 'app.db') }, logger);
  try {
    await migrate(orm);
    await importDemoRegister(orm.em.fork(), {
      companies,
      seed: options.seed + 1,
      asOf: AS_OF,
      details: true,
    });
  } finally {
    await orm.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Quota accounting is left out, as in bench:api: a call would otherwise also be two rate-limiter upserts. */
const noQuotas = {
  chargeRequests: async () => {},
  chargeFreeMessage: async () => {},
  close: async () => {},
} as unknown as Quotas;

async function seedRegister(
  label: string,
  dir: string,
  companies: number,
  options: Options,
  logger: Logger,
  stops: ReturnType<typeof createStopStack>,
): Promise<Register> {
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: dir });
  if (config.database.kind !== 'sqlite') throw new Error('this benchmark runs on SQLite');
  mkdirSync(dir, { recursive: true });
  const orm = await openDatabase(config.database, logger);
  stops.push(`${label} database`, () => orm.close());
  await migrate(orm);

  progress(`${label}: generating and importing ${companies.toLocaleString('en-GB')} companies with details`);
  const loadAverageAtStart = round(loadavg()[0]!);
  const started = performance.now();
  let registerDone = started;
  const imported = await importDemoRegister(
    orm.em.fork(),
    { companies, seed: options.seed, asOf: AS_OF, details: true },
    // The importer reports once more at its end: the last report marks where the details start.
    { progressIntervalMs: 60_000, onProgress: () => (registerDone = performance.now()) },
  );
  const ended = performance.now();
  if (imported.rejected > 0) throw new Error(`${label}: the importer rejected ${imported.rejected} rows`);
  const details = imported.details;
  if (!details) throw new Error(`${label}: no details were imported`);
  if (details.problems.length > 0 || details.unknownCompanies > 0)
    throw new Error(
      `${label}: ${details.problems.length} details problems (${details.problems[0]?.file}: ` +
        `${details.problems[0]?.message}), ${details.unknownCompanies} unknown companies`,
    );

  const connection = orm.em.fork().getConnection();
  const rows = {} as SeedReport['rows'];
  for (const table of DETAIL_TABLES) {
    const [counted] = (await connection.execute(`select count(*) as n from ${table}`)) as [{ n: number }];
    rows[table] = Number(counted.n);
  }
  // The figures below read a settled database: fold the WAL into the file, then measure it.
  await connection.execute('pragma wal_checkpoint(TRUNCATE)');
  await connection.execute('analyze');

  const detailsSeconds = (ended - registerDone) / 1000;
  const seed: SeedReport = {
    companies,
    totalSeconds: round((ended - started) / 1000),
    registerSeconds: round((registerDone - started) / 1000),
    registerImporterSeconds: round(imported.seconds),
    detailsSeconds: round(detailsSeconds),
    detailsFiles: details.imported,
    pscSnapshotCompanies: details.pscSnapshot?.companies ?? 0,
    detailsProblems: details.problems.length,
    detailsFilesPerSecond: Math.round(details.imported / detailsSeconds),
    detailsCompaniesPerSecond: Math.round(companies / detailsSeconds),
    detailsMsPerCompany: round((detailsSeconds * 1000) / companies, 3),
    totalMsPerCompany: round((ended - started) / companies, 3),
    rows,
    databaseMiB: round(statSync(config.database.path).size / 1024 ** 2, 1),
    loadAverageAtStart,
  };
  progress(
    `${label}: ${seed.totalSeconds} s (register ${seed.registerSeconds} s, details ${seed.detailsSeconds} s: ` +
      `${seed.detailsFiles.toLocaleString('en-GB')} files, ${seed.detailsFilesPerSecond.toLocaleString('en-GB')} ` +
      `files/s, ${seed.detailsMsPerCompany} ms per company); ` +
      `${rows.officer_appointments.toLocaleString('en-GB')} appointments, ${seed.databaseMiB} MiB`,
  );

  const clock = () => new Date();
  // The four operations read the database only; nothing here starts a workflow, so there is no Temporal client.
  const services: Services = {
    config,
    orm,
    temporal: undefined as unknown as Client,
    logger,
    clock,
    quotas: noQuotas,
  };
  const { account } = await createAccount(
    orm.em.fork(),
    { email: `bench-${label}@example.com`, plan: 'team' },
    clock(),
  );
  return { label, dir, orm, services, account, seed };
}

// ---------------------------------------------------------------------------------------------------------------
// The calls: arguments drawn from each register with the seed, the same way on both registers.

const OPERATIONS = [
  getOfficerAppointments,
  getOfficers,
  getFinancialHistory,
  getFilingHistory,
] as unknown as readonly Operation[];
type OperationName =
  'get_officer_appointments' | 'get_officers' | 'get_financial_history' | 'get_filing_history';

interface Workload {
  /** Per operation: warm-up arguments first, then the measured ones. */
  inputs: Record<OperationName, Record<string, unknown>[]>;
  /** The officer names searched (measured calls), for the diagnostics. */
  names: string[];
}

async function buildWorkload(register: Register, options: Options): Promise<Workload> {
  const random = mulberry32(options.seed + 7);
  const count = options.warmup + options.calls;
  const connection = register.orm.em.fork().getConnection();
  const pickRowids = async (table: string) => {
    const [{ top }] = (await connection.execute(`select max(rowid) as top from ${table}`)) as [
      { top: number },
    ];
    return Array.from({ length: count }, () => 1 + Math.floor(random() * top));
  };
  const byRowid = async <T>(table: string, column: string, rowids: number[]): Promise<T[]> => {
    const found = new Map<number, T>();
    const unique = [...new Set(rowids)];
    for (let i = 0; i < unique.length; i += 500) {
      const chunk = unique.slice(i, i + 500);
      const rows = (await connection.execute(
        `select rowid as id, ${column} as value from ${table} where rowid in (${placeholders(chunk.length)})`,
        chunk,
      )) as { id: number; value: T }[];
      for (const row of rows) found.set(row.id, row.value);
    }
    return rowids.map((id) => {
      const value = found.get(id);
      if (value === undefined) throw new Error(`${register.label}: no ${table} row ${id}`);
      return value;
    });
  };
  // Names as Companies House writes them ("SMITH, John Paul"): a search matches every word given.
  const names = await byRowid<string>(
    'officer_appointments',
    'name',
    await pickRowids('officer_appointments'),
  );
  const companyNumbers = () =>
    pickRowids('companies').then((ids) => byRowid<string>('companies', 'company_number', ids));
  const forOfficers = await companyNumbers();
  const forFinancials = await companyNumbers();
  const forFilings = await companyNumbers();
  // Categories the register holds, and that a caller may filter by.
  const held = (
    (await connection.execute('select distinct category from filings order by category')) as {
      category: string;
    }[]
  )
    .map((row) => row.category)
    .filter((category) => (filingCategories as readonly string[]).includes(category));
  if (held.length === 0) throw new Error(`${register.label}: no filings with a filterable category`);
  return {
    inputs: {
      get_officer_appointments: names.map((name) => ({ name })),
      get_officers: forOfficers.map((company_number) => ({ company_number })),
      get_financial_history: forFinancials.map((company_number) => ({ company_number })),
      get_filing_history: forFilings.map((company_number) => ({
        company_number,
        category: held[Math.floor(random() * held.length)]!,
      })),
    },
    names: names.slice(options.warmup),
  };
}

interface OperationRun {
  operation: OperationName;
  calls: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  /** What the calls found, on average: appointments, officers, years or filings (see resultSize). */
  meanResultSize: number;
  loadAverageAtStart: number;
}

/** What a call found, for the table: the total matching, not the page returned. */
function resultSize(operation: OperationName, output: Record<string, unknown>): number {
  switch (operation) {
    case 'get_officer_appointments':
      return Number(output.total_appointments);
    case 'get_officers':
      return Number(output.active_count) + Number(output.resigned_count);
    case 'get_financial_history':
      return Array.isArray(output.years) ? output.years.length : NaN;
    case 'get_filing_history':
      return Number(output.total_count);
  }
}

async function measure(register: Register, workload: Workload, options: Options): Promise<OperationRun[]> {
  const runs: OperationRun[] = [];
  for (const operation of OPERATIONS) {
    const name = operation.name as OperationName;
    const inputs = workload.inputs[name];
    const call = async (input: Record<string, unknown>) => {
      // A request's context as the REST and MCP edges build it (its unit of work forked on first use).
      const context = callContext(register.services, { now: register.services.clock() });
      return (await invokeOperation(operation, input, context, register.account)) as Record<string, unknown>;
    };
    for (const input of inputs.slice(0, options.warmup)) await call(input);
    const loadAverageAtStart = round(loadavg()[0]!);
    const times: number[] = [];
    const sizes: number[] = [];
    for (const input of inputs.slice(options.warmup)) {
      const started = performance.now();
      const output = await call(input);
      times.push(performance.now() - started);
      sizes.push(resultSize(name, output));
    }
    const sorted = [...times].sort((a, b) => a - b);
    const run: OperationRun = {
      operation: name,
      calls: times.length,
      p50Ms: round(nearestRank(sorted, 50), 3),
      p95Ms: round(nearestRank(sorted, 95), 3),
      p99Ms: round(nearestRank(sorted, 99), 3),
      meanMs: round(mean(times), 3),
      maxMs: round(sorted.at(-1) ?? NaN, 3),
      meanResultSize: round(mean(sizes), 1),
      loadAverageAtStart,
    };
    progress(`  ${register.label} ${name}: p50 ${run.p50Ms} ms, p95 ${run.p95Ms} ms`);
    runs.push(run);
  }
  return runs;
}

/**
 * The rows the name search reads: every appointment whose surname_key is one of the query's candidate keys (the
 * indexed part of the search), against the rows it finally matches (every word in name_key), with the plan of
 * the count query built as officer-search.ts builds it. Outside the timing.
 */
async function searchDiagnostics(register: Register, names: readonly string[]) {
  const connection = register.orm.em.fork().getConnection();
  const candidates: number[] = [];
  let plan: string[] = [];
  for (const name of names) {
    const parsed = parseNameQuery(name);
    if (!parsed.ok) throw new Error(`${register.label}: "${name}" is not a name query: ${parsed.problem}`);
    const keys = parsed.query.surnameKeys;
    const byKey = `from officer_appointments a where a.surname_key in (${placeholders(keys.length)})`;
    const [counted] = (await connection.execute(`select count(*) as n ${byKey}`, keys)) as [{ n: number }];
    candidates.push(Number(counted.n));
    if (plan.length === 0) {
      const words = parsed.query.required;
      const steps = (await connection.execute(
        `explain query plan select count(*), count(distinct a.officer_id) ${byKey}` +
          words.map(() => ' and a.name_key like ?').join(''),
        [...keys, ...words.map((word) => `% ${word} %`)],
      )) as { detail: string }[];
      plan = steps.map((step) => step.detail);
    }
  }
  const sorted = [...candidates].sort((a, b) => a - b);
  return {
    meanCandidateRows: round(mean(candidates), 1),
    p50CandidateRows: nearestRank(sorted, 50),
    p95CandidateRows: nearestRank(sorted, 95),
    maxCandidateRows: sorted.at(-1) ?? NaN,
    countQueryPlan: plan,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Health: the scorer over the whole store, and the refresh that scores and stores.

interface HealthScoring {
  companies: number;
  batchSize: number;
  batches: number;
  seconds: number;
  companiesPerSecond: number;
  msPerCompany: number;
  /** Summaries with a score (the rest had not enough data to score). */
  withScore: number;
  /** Rules fired per company, on average: the details the rules found. */
  meanFiredRules: number;
  grades: Record<string, number>;
  loadAverageAtStart: number;
}

interface HealthDrain {
  /** Queueing every company again (one transaction), not part of the drain's time. */
  requeueSeconds: number;
  rescored: number;
  queued: number;
  dropped: number;
  seconds: number;
  companiesPerSecond: number;
  msPerCompany: number;
  loadAverageAtStart: number;
}

async function companyNumbersOf(register: Register): Promise<string[]> {
  const rows = (await register.orm.em
    .fork()
    .getConnection()
    .execute('select company_number from companies order by company_number')) as { company_number: string }[];
  return rows.map((row) => row.company_number);
}

/** scoreCompaniesHealth over every company in batches, a fresh fork per batch (as each refresh batch has). */
async function scoreHealth(register: Register, options: Options): Promise<HealthScoring> {
  const numbers = await companyNumbersOf(register);
  const asOf = isoDay(AS_OF);
  const loadAverageAtStart = round(loadavg()[0]!);
  let batches = 0;
  let withScore = 0;
  let fired = 0;
  let scored = 0;
  const grades: Record<string, number> = {};
  const started = performance.now();
  for (let i = 0; i < numbers.length; i += options.healthBatch) {
    const summaries = await scoreCompaniesHealth(
      register.orm.em.fork(),
      numbers.slice(i, i + options.healthBatch),
      asOf,
    );
    batches += 1;
    scored += summaries.length;
    for (const summary of summaries) {
      if (summary.score !== null) withScore += 1;
      fired += summary.firedCodes.length;
      const grade = summary.grade ?? 'unscored';
      grades[grade] = (grades[grade] ?? 0) + 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  if (scored !== numbers.length)
    throw new Error(`${register.label}: scored ${scored} of ${numbers.length} companies`);
  const run: HealthScoring = {
    companies: scored,
    batchSize: options.healthBatch,
    batches,
    seconds: round(seconds, 3),
    companiesPerSecond: Math.round(scored / seconds),
    msPerCompany: round((seconds * 1000) / scored, 3),
    withScore,
    meanFiredRules: round(fired / scored, 2),
    grades,
    loadAverageAtStart,
  };
  progress(
    `  ${register.label} health: ${scored.toLocaleString('en-GB')} companies scored in ${run.seconds} s, ` +
      `${run.companiesPerSecond.toLocaleString('en-GB')} companies/s`,
  );
  return run;
}

/**
 * Queues every company again (seeding drained the queue), then one drainHealthScores as of the seeding's day:
 * what the refresh does after an import, scoring and storing in transactions of --health-batch companies.
 */
async function drainHealth(register: Register, options: Options): Promise<HealthDrain> {
  const numbers = await companyNumbersOf(register);
  const queuedAt = performance.now();
  await register.orm.em.fork().transactional((tx) => enqueueHealthRescore(tx, numbers, new Date()));
  const requeueSeconds = (performance.now() - queuedAt) / 1000;
  const loadAverageAtStart = round(loadavg()[0]!);
  const started = performance.now();
  const drained = await drainHealthScores(register.orm.em.fork(), AS_OF, {
    batchSize: options.healthBatch,
    maxCompanies: Math.max(HEALTH_REFRESH_MAX_COMPANIES, options.healthBatch),
  });
  const seconds = (performance.now() - started) / 1000;
  if (drained.rescored !== numbers.length || drained.queued !== numbers.length)
    throw new Error(
      `${register.label}: the drain rescored ${drained.rescored} and took ${drained.queued} queued of ` +
        `${numbers.length} companies`,
    );
  const run: HealthDrain = {
    requeueSeconds: round(requeueSeconds, 3),
    rescored: drained.rescored,
    queued: drained.queued,
    dropped: drained.dropped,
    seconds: round(seconds, 3),
    companiesPerSecond: Math.round(drained.rescored / seconds),
    msPerCompany: round((seconds * 1000) / drained.rescored, 3),
    loadAverageAtStart,
  };
  progress(
    `  ${register.label} drainHealthScores: ${run.rescored.toLocaleString('en-GB')} scored and stored in ` +
      `${run.seconds} s, ${run.companiesPerSecond.toLocaleString('en-GB')} companies/s`,
  );
  return run;
}

// ---------------------------------------------------------------------------------------------------------------
// Report

interface RegisterResult {
  label: string;
  seed: SeedReport;
  search: Awaited<ReturnType<typeof searchDiagnostics>>;
  runs: OperationRun[];
  /** The small register measured again after the large one, to see how much the machine changed. */
  runsAgain?: OperationRun[];
  health: { scoring: HealthScoring; scoringAgain?: HealthScoring; drain: HealthDrain };
}

interface Ratios {
  seedTotalPerCompany: number;
  detailsPerCompany: number;
  detailsFilesPerSecond: number;
  operations: Record<OperationName, { p50: number; p95: number; meanResultSize: number }>;
  searchCandidateRows: number;
  /** Health scoring rate, large / the mean of the two small runs: about 1, the cost per company does not grow. */
  healthCompaniesPerSecond: number;
  /** drainHealthScores rate (score and store), large / small. */
  healthDrainCompaniesPerSecond: number;
}

function ratios(small: RegisterResult, large: RegisterResult): Ratios {
  const baseline = (name: OperationName, pick: (run: OperationRun) => number) =>
    mean(
      [small.runs, small.runsAgain ?? []].flatMap((runs) =>
        runs.filter((r) => r.operation === name).map(pick),
      ),
    );
  const operations = {} as Ratios['operations'];
  for (const run of large.runs) {
    operations[run.operation] = {
      p50: ratio(
        run.p50Ms,
        baseline(run.operation, (r) => r.p50Ms),
      ),
      p95: ratio(
        run.p95Ms,
        baseline(run.operation, (r) => r.p95Ms),
      ),
      meanResultSize: ratio(
        run.meanResultSize,
        baseline(run.operation, (r) => r.meanResultSize),
      ),
    };
  }
  return {
    seedTotalPerCompany: ratio(large.seed.totalMsPerCompany, small.seed.totalMsPerCompany),
    detailsPerCompany: ratio(large.seed.detailsMsPerCompany, small.seed.detailsMsPerCompany),
    detailsFilesPerSecond: ratio(large.seed.detailsFilesPerSecond, small.seed.detailsFilesPerSecond),
    operations,
    searchCandidateRows: ratio(large.search.meanCandidateRows, small.search.meanCandidateRows),
    healthCompaniesPerSecond: ratio(
      large.health.scoring.companiesPerSecond,
      mean(
        [small.health.scoring, small.health.scoringAgain]
          .filter((run) => run !== undefined)
          .map((run) => run.companiesPerSecond),
      ),
    ),
    healthDrainCompaniesPerSecond: ratio(
      large.health.drain.companiesPerSecond,
      small.health.drain.companiesPerSecond,
    ),
  };
}

function table(small: RegisterResult, large: RegisterResult, compared: Ratios): string {
  const n = (v: number | undefined) =>
    v === undefined || !Number.isFinite(v) ? '-' : v.toLocaleString('en-GB', { maximumFractionDigits: 3 });
  const r = (v: number | undefined) => (v === undefined ? '' : Number.isFinite(v) ? String(v) : '-');
  const again = small.runsAgain !== undefined;
  const rows: string[][] = [
    ['', small.label, large.label, ...(again ? [`${small.label} again`] : []), 'ratio'],
  ];
  const seedRow = (name: string, pick: (s: SeedReport) => number, value?: number) =>
    rows.push([name, n(pick(small.seed)), n(pick(large.seed)), ...(again ? [''] : []), r(value)]);
  seedRow('companies', (s) => s.companies);
  seedRow('officer appointments', (s) => s.rows.officer_appointments);
  seedRow('filings', (s) => s.rows.filings);
  seedRow('accounts years', (s) => s.rows.accounts_years);
  seedRow('database MiB', (s) => s.databaseMiB);
  seedRow('seed: register (CSV + import) s', (s) => s.registerSeconds);
  seedRow('seed: details (generate + import) s', (s) => s.detailsSeconds);
  seedRow('  details files imported', (s) => s.detailsFiles);
  seedRow('  details files/s *', (s) => s.detailsFilesPerSecond, compared.detailsFilesPerSecond);
  seedRow('  details companies/s', (s) => s.detailsCompaniesPerSecond);
  seedRow('  details ms per company *', (s) => s.detailsMsPerCompany, compared.detailsPerCompany);
  seedRow('seed: whole call ms per company', (s) => s.totalMsPerCompany, compared.seedTotalPerCompany);
  seedRow('load average (1 min) at seeding', (s) => s.loadAverageAtStart);
  for (const run of large.runs) {
    const pick = (runs: OperationRun[] | undefined) => runs?.find((x) => x.operation === run.operation);
    const cells = (f: (x: OperationRun) => number, value?: number) => [
      n(f(pick(small.runs)!)),
      n(f(run)),
      ...(again ? [n(f(pick(small.runsAgain)!))] : []),
      r(value),
    ];
    const ratiosOf = compared.operations[run.operation];
    rows.push([`${run.operation} p50 ms *`, ...cells((x) => x.p50Ms, ratiosOf.p50)]);
    rows.push([`  p95 ms *`, ...cells((x) => x.p95Ms, ratiosOf.p95)]);
    rows.push([`  mean found`, ...cells((x) => x.meanResultSize, ratiosOf.meanResultSize)]);
    if (run.operation === 'get_officer_appointments')
      rows.push([
        '  mean rows read by surname key',
        n(small.search.meanCandidateRows),
        n(large.search.meanCandidateRows),
        ...(again ? [''] : []),
        r(compared.searchCandidateRows),
      ]);
  }
  const healthRow = (
    name: string,
    pick: (h: RegisterResult['health']) => number | undefined,
    again: ((h: RegisterResult['health']) => number | undefined) | undefined,
    value?: number,
  ) =>
    rows.push([
      name,
      n(pick(small.health)),
      n(pick(large.health)),
      ...(small.runsAgain !== undefined ? [again ? n(again(small.health)) : ''] : []),
      r(value),
    ]);
  healthRow(
    `health: scoreCompaniesHealth companies/s *`,
    (h) => h.scoring.companiesPerSecond,
    (h) => h.scoringAgain?.companiesPerSecond,
    compared.healthCompaniesPerSecond,
  );
  healthRow(
    '  seconds',
    (h) => h.scoring.seconds,
    (h) => h.scoringAgain?.seconds,
  );
  healthRow(
    '  ms per company',
    (h) => h.scoring.msPerCompany,
    (h) => h.scoringAgain?.msPerCompany,
  );
  healthRow(
    '  companies with a score',
    (h) => h.scoring.withScore,
    (h) => h.scoringAgain?.withScore,
  );
  healthRow(
    '  mean rules fired per company',
    (h) => h.scoring.meanFiredRules,
    (h) => h.scoringAgain?.meanFiredRules,
  );
  healthRow(
    'health: drainHealthScores companies/s',
    (h) => h.drain.companiesPerSecond,
    undefined,
    compared.healthDrainCompaniesPerSecond,
  );
  healthRow('  seconds (after re-queueing all)', (h) => h.drain.seconds, undefined);
  healthRow(
    'load average (1 min) at health scoring',
    (h) => h.scoring.loadAverageAtStart,
    (h) => h.scoringAgain?.loadAverageAtStart,
  );
  return formatTable(rows);
}

// ---------------------------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const options = parseOptions();
  const logger: Logger = pino({ name: 'bench', level: 'warn' }, pino.destination(2));
  const started = Date.now();

  const stops = createStopStack();
  const tempDir = mkdtempSync(join(tmpdir(), 'cds-bench-company-details-'));
  stops.push('temp dir', async () => rmSync(tempDir, { recursive: true, force: true }));

  try {
    const largeCompanies = options.companies * options.factor;
    await warmUpSeeding(join(tempDir, 'warm-up'), options, logger);
    const small = await seedRegister(
      'small',
      join(tempDir, 'small'),
      options.companies,
      options,
      logger,
      stops,
    );
    const large = await seedRegister('large', join(tempDir, 'large'), largeCompanies, options, logger, stops);

    const smallWork = await buildWorkload(small, options);
    const largeWork = await buildWorkload(large, options);

    // Baseline, large, baseline again: a machine that got busier in between shows as two different baselines.
    progress(
      `measuring: ${options.calls} calls of each operation after ${options.warmup} warm-up, one at a time`,
    );
    const smallRuns = await measure(small, smallWork, options);
    const largeRuns = await measure(large, largeWork, options);
    const smallRunsAgain = await measure(small, smallWork, options);

    // Health, after the calls (the drain writes): small, large, small again, then one drain on each store.
    progress(`health: scoreCompaniesHealth over every company, batches of ${options.healthBatch}`);
    const smallScoring = await scoreHealth(small, options);
    const largeScoring = await scoreHealth(large, options);
    const smallScoringAgain = await scoreHealth(small, options);
    progress('health: drainHealthScores after queueing every company again');
    const smallDrain = await drainHealth(small, options);
    const largeDrain = await drainHealth(large, options);

    const smallResult: RegisterResult = {
      label: small.label,
      seed: small.seed,
      search: await searchDiagnostics(small, smallWork.names),
      runs: smallRuns,
      runsAgain: smallRunsAgain,
      health: { scoring: smallScoring, scoringAgain: smallScoringAgain, drain: smallDrain },
    };
    const largeResult: RegisterResult = {
      label: large.label,
      seed: large.seed,
      search: await searchDiagnostics(large, largeWork.names),
      runs: largeRuns,
      health: { scoring: largeScoring, drain: largeDrain },
    };
    const compared = ratios(smallResult, largeResult);

    const env = machineAndCommit(projectRoot);
    console.log(
      `\nCompany details benchmark: ${options.companies.toLocaleString('en-GB')} and ` +
        `${largeCompanies.toLocaleString('en-GB')} companies with details, ${options.calls} calls per operation ` +
        `after ${options.warmup} warm-up, health batches of ${options.healthBatch}, seed ${options.seed}; ` +
        `${env.machine.cpus} CPUs, Node ${process.version}\n`,
    );
    console.log(table(smallResult, largeResult, compared));
    console.log(
      `\nratio = large / small (for the calls, the mean of the two small runs); * the figures compared. About 1:` +
        ` the cost per company (seeding, health) or per call does not grow with the register.` +
        `\nhealth as of ${isoDay(AS_OF)}: grades (large) ${JSON.stringify(largeResult.health.scoring.grades)}` +
        `\nplan of the name search's count query (large): ${largeResult.search.countQueryPlan.join('; ')}`,
    );

    if (options.write) {
      const file = resultFile('company-details');
      const result = {
        benchmark: 'company-details',
        date: new Date().toISOString(),
        ...env,
        options: { ...options, write: undefined },
        calls: 'in-process invokeOperation, one at a time, a fresh EntityManager fork per call; no quotas',
        health:
          'scoreCompaniesHealth over every company in batches, a fresh fork per batch, nothing stored; then ' +
          'every company queued again and one drainHealthScores (score and store), timed without the queueing',
        ratios: compared,
        small: smallResult,
        large: largeResult,
        wholeRunSeconds: round((Date.now() - started) / 1000, 1),
      };
      writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
      console.log(`\nwrote ${relative(process.cwd(), file)}`);
    }
    progress(`whole run ${round((Date.now() - started) / 1000, 1)} s`);
  } finally {
    progress('stopping');
    await stops.stopAll();
  }
}

runBenchmark(main);
