/**
 * `npm run bench:screener [-- --companies 1000000 --calls 40 --seed 1]`: screen_companies on a large generated
 * register, against a plain indexed lookup (get_company) measured in the same run, and the health-score
 * computation rate over the whole register.
 *
 * - The store: the demo register (the bulk CSV, generated and imported by the real importer), the demo postcode
 *   lookup for its postcodes (imported by the real ONS importer), and a company_latest_figures row for every
 *   company with accounts, written directly in bulk from the demo accounts plan through latestFiguresOf (the
 *   rule the accounts importer applies): generating and importing a million iXBRL documents would take hours on
 *   two cores and measure the iXBRL importer, not the screener. So accounts_years stays empty here.
 * - Health: scoreCompaniesHealth over every company in batches (--health-batch), timed: companies per second.
 *   The store has no officers, filings, charges or accounts years (see above), so the rules that read them find
 *   no data: the rate is the scorer's on register data. The summaries are stored in company_health_scores so the
 *   screens can filter by grade.
 * - Screens: eleven typical screens and get_company, called in-process through invokeOperation as the edges call
 *   them (validation included, quota accounting left out), one call at a time, interleaved round by round so a
 *   machine that gets busier slows both alike. Ratios are screen / get_company at p50 and p95.
 *
 * Everything lives in a temporary directory (or --store DIR, kept and reused by a later run with the same
 * --companies and --seed). No Temporal server is started. See bench/README.md for what is measured.
 */
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Client } from '@temporalio/client';
import pino from 'pino';
import { loadConfig } from '../src/config';
import type { Account } from '../src/db/entities/account';
import { migrate, openDatabase, type Orm } from '../src/db/orm';
import { planDemoAccounts } from '../src/demo/details/demo-accounts-plan';
import { importDemoPostcodeLookup } from '../src/demo/demo-postcodes';
import { writeDemoRegisterCsv } from '../src/demo/demo-register';
import { mulberry32 } from '../src/demo/seeded-random';
import { createAccount } from '../src/domain/accounts/accounts';
import type { Quotas } from '../src/domain/accounts/quota';
import { isoDay } from '../src/domain/companies/company-profile';
import { knexOf } from '../src/domain/companies/register-sql';
import type { Figures } from '../src/domain/financials/accounts-figures';
import { MEASURE_NAMES } from '../src/domain/financials/accounts-measures';
import { scoreCompaniesHealth } from '../src/domain/health/score-company';
import { resolveLocalAuthorityFilter } from '../src/domain/places/place-arguments';
import { latestFiguresOf, type LatestFiguresYear } from '../src/domain/screening/latest-figures';
import { LATEST_FIGURES_COLUMNS } from '../src/domain/screening/latest-figures-row';
import { screenArgumentsSchema } from '../src/domain/screening/screen-arguments';
import { screenSql } from '../src/domain/screening/screen-query';
import { importCompaniesCsv } from '../src/ingest/companies-house/import-companies';
import { getCompany } from '../src/operations/get-company';
import { callContext } from '../src/operations/call-context';
import { invokeOperation } from '../src/operations/invoke';
import type { Operation } from '../src/operations/operation';
import { screenCompanies } from '../src/operations/screen-companies';
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

const projectRoot = resolve(__dirname, '..');
/** The day the generated dates are laid out around, as in the other benches: the same seed, the same data. */
const AS_OF = new Date('2025-06-01T00:00:00Z');

const usage = `Usage: npm run bench:screener -- [options]   (each option also as an environment variable)
  --companies N      companies in the register (BENCH_COMPANIES, default 1000000)
  --calls K          measured calls of each screen and of get_company (BENCH_CALLS, default 40)
  --warmup W         unmeasured calls of each first (BENCH_WARMUP, default 5)
  --health-batch B   companies per scoreCompaniesHealth call (BENCH_HEALTH_BATCH, default 1000)
  --seed N           seed of the register and the sampled lookups (BENCH_SEED, default 1)
  --store DIR        build the store in DIR and keep it; reuse it if it is there (BENCH_STORE)
  --no-write         do not write bench/results/screener-<time>.json (BENCH_NO_WRITE=1)`;

interface Options {
  companies: number;
  calls: number;
  warmup: number;
  healthBatch: number;
  seed: number;
  store: string | undefined;
  write: boolean;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      companies: { type: 'string' },
      calls: { type: 'string' },
      warmup: { type: 'string' },
      'health-batch': { type: 'string' },
      seed: { type: 'string' },
      store: { type: 'string' },
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
    companies: wholeNumberOption('companies', values.companies ?? env.BENCH_COMPANIES, 1_000_000, 100),
    calls: wholeNumberOption('calls', values.calls ?? env.BENCH_CALLS, 40, 1),
    warmup: wholeNumberOption('warmup', values.warmup ?? env.BENCH_WARMUP, 5, 0),
    healthBatch: wholeNumberOption('health-batch', values['health-batch'] ?? env.BENCH_HEALTH_BATCH, 1000, 1),
    seed: wholeNumberOption('seed', values.seed ?? env.BENCH_SEED, 1, 0),
    store: values.store ?? env.BENCH_STORE,
    write: !(values['no-write'] || envFlag(env.BENCH_NO_WRITE)),
  };
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
const seconds = (since: number) => round((performance.now() - since) / 1000, 1);

/** The eleven typical screens: what a credit, sales or compliance team asks of the register. */
const SCREENS: { label: string; input: Record<string, unknown> }[] = [
  {
    label: 'SIC 62 in the North West, turnover £1–10 m, growing > 20 %',
    input: { sic_division: '62', region: 'North West', turnover_min: 1e6, turnover_max: 1e7, turnover_growth_min: 20 }, // prettier-ignore
  },
  {
    label: 'active, accounts overdue, net liabilities',
    input: { status: 'active', accounts_overdue: true, net_assets_max: -1 },
  },
  {
    label: 'construction (F) in London, 50+ employees, by employees',
    input: { sic_section: 'F', region: 'TLI', employees_min: 50, sort: 'employees' },
  },
  { label: 'the largest by turnover, no filter', input: { sort: 'turnover' } },
  {
    label: 'profit ≥ £1 m, accounts within 18 months, by profit',
    input: { profit_min: 1e6, latest_accounts_within_months: 18, sort: 'profit' },
  },
  {
    label: 'cash up 50 %+, cash ≥ £100k, by cash growth',
    input: { cash_growth_min: 50, cash_min: 100_000, sort: 'cash_growth' },
  },
  {
    label: 'local authority Manchester, turnover ≥ £500k',
    input: { local_authority: 'Manchester', turnover_min: 500_000 },
  },
  {
    label: 'Leeds, incorporated since 2015, by turnover growth',
    input: { town: 'Leeds', incorporated_from: '2015-01-01', sort: 'turnover_growth' },
  },
  {
    label: 'health grade A, section J, by turnover',
    input: { health_grade: 'A', sic_section: 'J', sort: 'turnover' },
  },
  {
    label: '3+ charges outstanding, net assets ≤ 0, page 3',
    input: { outstanding_charges_min: 3, net_assets_max: 0, offset: 40 },
  },
  {
    label: 'active, office shared by 50+ active companies',
    input: { registered_office_shared_min: 50, status: 'active' },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// The store

interface SqliteDatabase {
  prepare(sql: string): { run(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] };
  transaction<T>(fn: () => T): () => T;
}

const noQuotas = {
  chargeRequests: async () => {},
  chargeFreeMessage: async () => {},
  close: async () => {},
} as unknown as Quotas;

interface BuildReport {
  registerSeconds: number;
  postcodeSeconds: number;
  postcodes: number;
  latestFiguresSeconds: number;
  latestFiguresRows: number;
}

async function buildStore(orm: Orm, dir: string, options: Options): Promise<BuildReport> {
  const em = orm.em.fork();
  const csv = join(dir, 'register.csv');
  let started = performance.now();
  progress(`generating and importing ${options.companies.toLocaleString('en-GB')} companies`);
  await writeDemoRegisterCsv(createWriteStream(csv), { companies: options.companies, seed: options.seed, asOf: AS_OF }); // prettier-ignore
  const imported = await importCompaniesCsv(em, csv, { asOf: AS_OF });
  if (imported.rejected > 0) throw new Error(`the importer rejected ${imported.rejected} rows`);
  const registerSeconds = seconds(started);

  started = performance.now();
  progress('writing and importing the demo postcode lookup');
  const places = await importDemoPostcodeLookup(orm.em.fork(), dir, csv);
  const postcodeSeconds = seconds(started);
  rmSync(csv, { force: true });

  started = performance.now();
  progress('writing company_latest_figures from the demo accounts plans');
  const latestFiguresRows = await writeLatestFigures(orm, options.seed);
  return {
    registerSeconds,
    postcodeSeconds,
    postcodes: places.inserted + places.updated,
    latestFiguresSeconds: seconds(started),
    latestFiguresRows,
  };
}

/** Every company's plan, as the details generator would write its documents, through the importer's rule. */
async function writeLatestFigures(orm: Orm, seed: number): Promise<number> {
  const em = orm.em.fork();
  const client = knexOf(em).client as {
    acquireConnection(): Promise<SqliteDatabase>;
    releaseConnection(db: SqliteDatabase): Promise<void>;
  };
  const db = await client.acquireConnection();
  const asOfDay = Math.floor(AS_OF.getTime() / 86_400_000);
  const insert = db.prepare(
    `insert into company_latest_figures (${LATEST_FIGURES_COLUMNS.join(', ')}) ` +
      `values (${LATEST_FIGURES_COLUMNS.map(() => '?').join(', ')})`,
  );
  const select = db.prepare(
    'select company_number, company_name, company_status, type, date_of_creation, date_of_cessation, ' +
      'last_accounts_made_up_to, sic_codes, charges_total, charges_outstanding, charges_part_satisfied, ' +
      'charges_satisfied from companies where company_number > ? order by company_number limit 20000',
  );
  let after = '';
  let written = 0;
  try {
    for (;;) {
      // The pool holds one SQLite connection, and this holds it: read through it too.
      const companies = select.all(after) as Record<string, string | number | null>[];
      if (companies.length === 0) return written;
      after = String(companies.at(-1)!.company_number);
      db.transaction(() => {
        for (const row of companies) {
          const company = {
            company_number: String(row.company_number),
            company_name: String(row.company_name),
            company_status: String(row.company_status),
            type: String(row.type),
            date_of_creation: row.date_of_creation as string | null,
            date_of_cessation: row.date_of_cessation as string | null,
            last_accounts_made_up_to: row.last_accounts_made_up_to as string | null,
            sic_codes: JSON.parse(String(row.sic_codes)) as string[],
            charge_counts: {
              total: Number(row.charges_total),
              outstanding: Number(row.charges_outstanding),
              part_satisfied: Number(row.charges_part_satisfied),
              satisfied: Number(row.charges_satisfied),
            },
          };
          const plan = planDemoAccounts(company, seed, asOfDay);
          if (plan === null) continue;
          const years: LatestFiguresYear[] = [];
          const held = new Set<string>();
          for (const document of plan.documents)
            for (const [origin, planned] of [
              ['filed', document.current],
              ['comparative', document.prior],
            ] as const)
              // prettier-ignore
              for (const year of planned) {
                const key = `${year.period_end}|${year.basis}`;
                if (held.has(key)) continue;
                held.add(key);
                const figures = Object.fromEntries(
                  MEASURE_NAMES.map((name) => [name, year.measures[name] ?? null]),
                ) as Figures;
                years.push({
                  period_end: year.period_end,
                  period_start: year.period_start,
                  basis: year.basis,
                  origin,
                  profit_and_loss_filed: figures.turnover !== null,
                  document: { kind: 'inline_xbrl', name: `bench-${company.company_number}-${document.balance_sheet_date}.html`, period_end: document.balance_sheet_date, problems: [] }, // prettier-ignore
                  figures,
                });
              }
          const latest = latestFiguresOf(company.company_number, years);
          if (latest === null) continue;
          insert.run(
            ...LATEST_FIGURES_COLUMNS.map((column) => {
              const value = latest[column];
              return typeof value === 'boolean' ? Number(value) : value;
            }),
          );
          written++;
        }
      })();
    }
  } finally {
    await client.releaseConnection(db);
  }
}

/** scoreCompaniesHealth over every company, timed; the summaries are then stored (outside the timing). */
async function scoreHealth(orm: Orm, options: Options) {
  const connection = orm.em.fork().getConnection();
  const numbers = (
    (await connection.execute('select company_number from companies order by company_number')) as {
      company_number: string;
    }[]
  ).map((row) => row.company_number);
  const asOf = isoDay(AS_OF);
  const loadAverageAtStart = round(loadavg()[0]!);
  let scoringMs = 0;
  let scored = 0;
  const em = orm.em.fork();
  const client = knexOf(em).client as {
    acquireConnection(): Promise<SqliteDatabase>;
    releaseConnection(db: SqliteDatabase): Promise<void>;
  };
  progress(`scoring the health of ${numbers.length.toLocaleString('en-GB')} companies`);
  for (let i = 0; i < numbers.length; i += options.healthBatch) {
    const batch = numbers.slice(i, i + options.healthBatch);
    const started = performance.now();
    const summaries = await scoreCompaniesHealth(orm.em.fork(), batch, asOf);
    scoringMs += performance.now() - started;
    scored += summaries.length;
    const db = await client.acquireConnection();
    try {
      const upsert = db.prepare(
        'insert or replace into company_health_scores (company_number, model_version, as_of, valid_until, ' +
          'score, grade, risk_level, fired_codes, computed_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      db.transaction(() => {
        for (const s of summaries)
          upsert.run(s.companyNumber, s.modelVersion, s.asOf, s.validUntil, s.score, s.grade, s.riskLevel, JSON.stringify(s.firedCodes), Date.now()); // prettier-ignore
      })();
    } finally {
      await client.releaseConnection(db);
    }
    if ((i / options.healthBatch) % 100 === 0) progress(`  scored ${scored.toLocaleString('en-GB')}`);
  }
  return {
    companies: scored,
    batch: options.healthBatch,
    scoringSeconds: round(scoringMs / 1000, 1),
    companiesPerSecond: Math.round(scored / (scoringMs / 1000)),
    loadAverageAtStart,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The calls

interface Run {
  label: string;
  calls: number;
  p50Ms: number;
  p95Ms: number;
  meanTotal: number;
  p50Ratio?: number;
  p95Ratio?: number;
}

function summarise(label: string, times: number[], totals: number[]): Run {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    label,
    calls: times.length,
    p50Ms: round(nearestRank(sorted, 50), 3),
    p95Ms: round(nearestRank(sorted, 95), 3),
    meanTotal: round(totals.reduce((sum, n) => sum + n, 0) / Math.max(1, totals.length), 1),
  };
}

async function measure(orm: Orm, services: Services, account: Account, options: Options) {
  const random = mulberry32(options.seed + 11);
  const connection = orm.em.fork().getConnection();
  const [{ top }] = (await connection.execute('select max(rowid) as top from companies')) as [
    { top: number },
  ];
  const rounds = options.warmup + options.calls;
  const lookups: string[] = [];
  while (lookups.length < rounds) {
    const rows = (await connection.execute('select company_number from companies where rowid = ?', [
      1 + Math.floor(random() * top),
    ])) as { company_number: string }[];
    if (rows[0]) lookups.push(rows[0].company_number);
  }
  const call = async (operation: Operation, input: Record<string, unknown>) => {
    const context = callContext(services, { now: AS_OF });
    return (await invokeOperation(operation, input, context, account)) as Record<string, unknown>;
  };
  const screenTimes = SCREENS.map(() => [] as number[]);
  const screenTotals = SCREENS.map(() => [] as number[]);
  const capped = SCREENS.map(() => false);
  const lookupTimes: number[] = [];
  const loadAverageAtStart = round(loadavg()[0]!);
  for (let r = 0; r < rounds; r++) {
    const measured = r >= options.warmup;
    for (const [index, screen] of SCREENS.entries()) {
      const started = performance.now();
      const output = await call(screenCompanies as unknown as Operation, screen.input);
      if (measured) {
        screenTimes[index]!.push(performance.now() - started);
        screenTotals[index]!.push(Number(output.total));
        if (output.total_capped === true) capped[index] = true;
      }
    }
    const started = performance.now();
    await call(getCompany as unknown as Operation, { company_number: lookups[r]! });
    if (measured) lookupTimes.push(performance.now() - started);
    if (r === options.warmup) progress('  warm-up done, measuring');
  }
  const baseline = summarise('get_company (baseline)', lookupTimes, []);
  const screens = SCREENS.map((screen, index) => {
    const run = summarise(screen.label, screenTimes[index]!, screenTotals[index]!);
    return { ...run, totalCapped: capped[index]!, p50Ratio: round(run.p50Ms / baseline.p50Ms, 1), p95Ratio: round(run.p95Ms / baseline.p95Ms, 1) }; // prettier-ignore
  });
  return { baseline, screens, loadAverageAtStart, loadAverageAtEnd: round(loadavg()[0]!) };
}

/** SQLite's plan of each screen's page query, as screen-companies.ts builds it. */
async function queryPlans(orm: Orm) {
  const em = orm.em.fork();
  const plans: Record<string, string[]> = {};
  for (const screen of SCREENS) {
    const args = screenArgumentsSchema.parse(screen.input);
    const localAuthority =
      args.local_authority === undefined ? null : await resolveLocalAuthorityFilter(em, args.local_authority);
    const sql = screenSql(args, localAuthority, isoDay(AS_OF));
    const steps = (await em
      .getConnection()
      .execute(
        `explain query plan select c.company_number ${sql.body} order by ${sql.orderBy} limit ? offset ?`,
        [...sql.params, args.limit, args.offset],
      )) as { detail: string }[];
    plans[screen.label] = steps.map((step) => step.detail);
  }
  return plans;
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const options = parseOptions();
  const stops = createStopStack();
  const dir = options.store ?? mkdtempSync(join(tmpdir(), 'cds-bench-screener-'));
  if (!options.store)
    stops.push('temporary store', async () => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(dir, { recursive: true });
  try {
    const logger = pino({ level: 'warn' });
    const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: dir });
    if (config.database.kind !== 'sqlite') throw new Error('this benchmark runs on SQLite');
    const reuse = existsSync(join(dir, 'built.json'));
    const orm = await openDatabase(config.database, logger);
    stops.push('database', () => orm.close());
    await migrate(orm);

    let build: BuildReport & { health?: Awaited<ReturnType<typeof scoreHealth>> };
    if (reuse) {
      progress(`reusing the store in ${dir}`);
      build = JSON.parse(await import('node:fs/promises').then((fs) => fs.readFile(join(dir, 'built.json'), 'utf8'))); // prettier-ignore
    } else {
      build = await buildStore(orm, dir, options);
      build.health = await scoreHealth(orm, options);
      await orm.em.fork().getConnection().execute('pragma wal_checkpoint(TRUNCATE)');
      if (options.store) writeFileSync(join(dir, 'built.json'), JSON.stringify(build, null, 2));
    }
    progress(`store: ${JSON.stringify(build)}`);

    const clock = () => AS_OF;
    const services: Services = { config, orm, temporal: undefined as unknown as Client, logger, clock, quotas: noQuotas }; // prettier-ignore
    const { account } = await createAccount(orm.em.fork(), { email: `bench-${Date.now()}@example.com`, plan: 'team' }, new Date()); // prettier-ignore
    progress(`measuring ${SCREENS.length} screens and get_company, ${options.calls} calls each`);
    const measured = await measure(orm, services, account, options);
    const plans = await queryPlans(orm);

    const rows = [
      ['', 'p50 ms', 'p95 ms', '× lookup p50', '× lookup p95', 'matches'],
      [
        measured.baseline.label,
        String(measured.baseline.p50Ms),
        String(measured.baseline.p95Ms),
        '1',
        '1',
        '',
      ],
      ...measured.screens.map((run) => [
        run.label,
        String(run.p50Ms),
        String(run.p95Ms),
        String(run.p50Ratio),
        String(run.p95Ratio),
        `${run.meanTotal.toLocaleString('en-GB')}${run.totalCapped ? '+' : ''}`,
      ]),
    ];
    console.log(formatTable(rows));
    if (build.health)
      console.log(
        `\nhealth: ${build.health.companies.toLocaleString('en-GB')} companies scored in ${build.health.scoringSeconds} s: ` +
          `${build.health.companiesPerSecond.toLocaleString('en-GB')} companies/s (batches of ${build.health.batch})`,
      );
    const result = {
      benchmark: 'screener',
      asOf: AS_OF.toISOString().slice(0, 10),
      options: {
        ...options,
        store: options.store === undefined ? null : relative(projectRoot, options.store),
      },
      ...machineAndCommit(projectRoot),
      store: build,
      ...measured,
      plans,
    };
    if (options.write) {
      const file = resultFile('screener');
      writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
      progress(`wrote ${relative(projectRoot, file)}`);
    } else console.log(JSON.stringify(result, null, 2));
  } finally {
    await stops.stopAll();
  }
}

runBenchmark(main);
