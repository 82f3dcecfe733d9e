/**
 * `npm run bench:sanctions [-- --designations 5000 --calls 100 --kyb-checks 100 --concurrency 4]`: sanctions
 * screening and KYB checks over real HTTP, against a plain `GET /company/{n}` measured in the same run.
 *
 * - The store: a company with 20 officers and PSCs (11 individual and 3 corporate officers, 4 individual, one
 *   corporate and one legal-person PSC) written in Companies House's formats (a bulk register CSV row,
 *   officers.json, persons-with-significant-control.json) and taken in by the real importers, and a full-size
 *   UK Sanctions List in the published layout (≈5,000 designations, ≈20,000 names) written by the demo writer
 *   and imported by the real importer, with six designations named like the company and some of its people so
 *   that screening finds something. The list's generation and import are timed.
 * - Latency: `GET /company/{n}/sanctions-screen` (screen_sanctions), `POST /kyb/checks` (run_kyb_check) and the
 *   baseline `GET /company/{n}` (get_company), one call at a time, interleaved round by round so a machine that
 *   gets busier slows all three alike; p50 and p95 and their ratios to the baseline.
 * - Throughput: KYB checks per second with `--concurrency` requests in flight, between two runs of the baseline
 *   at the same concurrency.
 * - Quality: precision and recall on the labelled pairs, from labelledPairsQuality (bench/sanctions-matching.ts).
 *
 * The API is the real one (`startApi`, real authentication, plan gate and quotas) in this process on a free
 * loopback port; these operations never use Temporal, so no Temporal server is started. The calls use Team
 * keys, each for at most 500 calls over the whole run (Team allows 600 a minute; Starter's 120 would throttle).
 * Everything lives in a temporary dir (SQLite by default; `--database-url` for an empty PostgreSQL database).
 * See bench/README.md ("Sanctions screening and KYB checks").
 */
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  createWriteStream,
} from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Client } from '@temporalio/client';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { migrate, openDatabase } from '../src/db/orm';
import { createAccount } from '../src/domain/accounts/accounts';
import { Quotas } from '../src/domain/accounts/quota';
import type { DemoSanctionsCollision } from '../src/demo/demo-sanctions-collisions';
import { importDemoSanctionsList, writeDemoSanctionsList } from '../src/demo/demo-sanctions-list';
import { importCompaniesCsv } from '../src/ingest/companies-house/import-companies';
import { importCompanyDetailsDir } from '../src/ingest/companies-house/resources/import-company-details';
import { currentSanctionsLists } from '../src/domain/sanctions/sanctions-list';
import type { Logger } from '../src/logger';
import { startApi } from '../src/server';
import type { Services } from '../src/services';
import { CSV_COLUMN, csvRow, SAMPLE_COMPANIES_CSV } from '../test/support/company-csv-rows';
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
import { comparisonCost } from './sanctions-comparisons';
import { labelledPairsQuality } from './sanctions-matching';

const benchDir = __dirname;
const projectRoot = resolve(benchDir, '..');
/** The register's and the list's "today": the list's report date and latest designation. */
const AS_OF = new Date('2026-11-01T00:00:00Z');
/** Calls charged to one Team account over the whole run: below Team's 600 a minute, so none is refused. */
const CALLS_PER_ACCOUNT = 500;

// ---------------------------------------------------------------------------------------------------------------
// Options

const usage = `Usage: npm run bench:sanctions -- [options]   (each option also as an environment variable)
  --designations N   designations in the generated list (BENCH_DESIGNATIONS, default 5000: about 20,000 names)
  --calls K          measured calls of each of the three, one at a time (BENCH_CALLS, default 100)
  --warmup W         unmeasured rounds first (BENCH_WARMUP, default 10)
  --kyb-checks N     KYB checks in the throughput phase, and get_company calls in each of its two baseline runs
                     (BENCH_KYB_CHECKS, default 100)
  --concurrency C    requests in flight in the throughput phase (BENCH_CONCURRENCY, default 4)
  --max-seconds S    end a measured phase after S seconds (BENCH_MAX_SECONDS, default 120)
  --seed N           seed of the generated list (BENCH_SEED, default 1)
  --database-url U   an empty PostgreSQL database to build the store in, instead of a temporary SQLite file
  --no-write         do not write bench/results/sanctions-<date>.json (BENCH_NO_WRITE=1)`;

interface Options {
  designations: number;
  calls: number;
  warmup: number;
  kybChecks: number;
  concurrency: number;
  maxSeconds: number;
  seed: number;
  databaseUrl: string | undefined;
  write: boolean;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      designations: { type: 'string' },
      calls: { type: 'string' },
      warmup: { type: 'string' },
      'kyb-checks': { type: 'string' },
      concurrency: { type: 'string' },
      'max-seconds': { type: 'string' },
      seed: { type: 'string' },
      'database-url': { type: 'string' },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const env = process.env;
  const databaseUrl = values['database-url'] ?? env.BENCH_DATABASE_URL;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new Error(`--database-url must be a postgres:// URL, got ${databaseUrl}`);
  return {
    designations: wholeNumberOption('designations', values.designations ?? env.BENCH_DESIGNATIONS, 5000, 10),
    calls: wholeNumberOption('calls', values.calls ?? env.BENCH_CALLS, 100, 1),
    warmup: wholeNumberOption('warmup', values.warmup ?? env.BENCH_WARMUP, 10, 0),
    kybChecks: wholeNumberOption('kyb-checks', values['kyb-checks'] ?? env.BENCH_KYB_CHECKS, 100, 1),
    concurrency: wholeNumberOption('concurrency', values.concurrency ?? env.BENCH_CONCURRENCY, 4, 1),
    maxSeconds: wholeNumberOption('max-seconds', values['max-seconds'] ?? env.BENCH_MAX_SECONDS, 120, 1),
    seed: wholeNumberOption('seed', values.seed ?? env.BENCH_SEED, 1, 0),
    databaseUrl,
    write: !(values['no-write'] || envFlag(env.BENCH_NO_WRITE)),
  };
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
const ratio = (a: number, b: number, places = 2) => (b > 0 ? round(a / b, places) : NaN);

// ---------------------------------------------------------------------------------------------------------------
// The company, in Companies House's formats

const NUMBER = '08112233';
const COMPANY = 'NORDVIND TRADING LIMITED';

type Birth = { month: number; year: number };

const address = { address_line_1: '1 Quay Street', locality: 'Hull', postal_code: 'HU1 1AA' };

function officer(id: string, name: string, role: string, birth: Birth, nationality = 'British') {
  return {
    name,
    officer_role: role,
    appointed_on: '2019-01-01',
    date_of_birth: birth,
    nationality,
    country_of_residence: 'England',
    occupation: 'Director',
    address,
    links: {
      self: `/company/${NUMBER}/appointments/${id}`,
      officer: { appointments: `/officers/${id}-person/appointments` },
    },
  };
}

function corporateOfficer(id: string, name: string, role: string, registrationNumber: string) {
  return {
    name,
    officer_role: role,
    appointed_on: '2020-06-01',
    identification: {
      identification_type: 'uk-limited-company',
      registration_number: registrationNumber,
      place_registered: 'Companies House',
      legal_authority: 'Companies Act 2006',
      legal_form: 'Private Limited Company',
    },
    address,
    links: {
      self: `/company/${NUMBER}/appointments/${id}`,
      officer: { appointments: `/officers/${id}-corporate/appointments` },
    },
  };
}

function individualPsc(id: string, title: string, forename: string, surname: string, birth: Birth) {
  return {
    kind: 'individual-person-with-significant-control',
    name: `${title} ${forename} ${surname[0]}${surname.slice(1).toLowerCase()}`,
    name_elements: { title, forename, surname },
    date_of_birth: birth,
    nationality: 'British',
    country_of_residence: 'England',
    address,
    natures_of_control: ['ownership-of-shares-25-to-50-percent'],
    notified_on: '2019-01-01',
    links: { self: `/company/${NUMBER}/persons-with-significant-control/individual/${id}` },
  };
}

/** 14 officers (3 corporate) and 6 PSCs (one corporate, one legal person). */
const OFFICERS = [
  officer('petrov', 'PETROV, Ivan Sergeevich', 'director', { month: 3, year: 1971 }, 'Russian'),
  officer('smith', 'SMITH, John', 'director', { month: 5, year: 1990 }),
  officer('gromov', 'GROMOV, Dmitry Olegovich', 'director', { month: 11, year: 1968 }, 'Russian'),
  officer('tarasova', 'TARASOVA, Irina', 'secretary', { month: 2, year: 1980 }, 'Russian'),
  officer('hughes', 'HUGHES, Margaret Anne', 'director', { month: 8, year: 1962 }),
  officer('patel', 'PATEL, Ravi', 'director', { month: 1, year: 1985 }),
  officer('obrien', "O'BRIEN, Siobhan", 'director', { month: 4, year: 1977 }, 'Irish'),
  officer('diallo', 'DIALLO, Amadou', 'director', { month: 6, year: 1975 }, 'French'),
  officer('wright', 'WRIGHT, Thomas Edward', 'director', { month: 9, year: 1959 }),
  officer('kowalski', 'KOWALSKI, Piotr', 'director', { month: 12, year: 1983 }, 'Polish'),
  officer('morgan', 'MORGAN, Eleanor', 'secretary', { month: 10, year: 1991 }),
  corporateOfficer('albion', 'ALBION HOLDINGS LIMITED', 'corporate-director', '04455667'),
  corporateOfficer('kamaflot', 'KAMAFLOT TRADING LIMITED', 'corporate-director', '09988776'),
  corporateOfficer('harbour', 'HARBOUR SECRETARIES LIMITED', 'corporate-secretary', '03322114'),
];

const PSCS = [
  individualPsc('barnes', 'Mr', 'Richard', 'BARNES', { month: 9, year: 1958 }),
  individualPsc('petrova', 'Mrs', 'Olga', 'PETROVA', { month: 7, year: 1973 }),
  individualPsc('shah', 'Ms', 'Priya', 'SHAH', { month: 3, year: 1988 }),
  individualPsc('volkov', 'Mr', 'Oleg', 'VOLKOV', { month: 7, year: 1965 }),
  {
    kind: 'corporate-entity-person-with-significant-control',
    name: 'MERIDIAN CAPITAL PARTNERS LIMITED',
    address,
    identification: {
      legal_form: 'Private Limited Company',
      legal_authority: 'Companies Act 2006',
      place_registered: 'Register Of Companies',
      registration_number: '07766554',
      country_registered: 'England',
    },
    natures_of_control: ['ownership-of-shares-25-to-50-percent'],
    notified_on: '2019-01-01',
    links: { self: `/company/${NUMBER}/persons-with-significant-control/corporate-entity/meridian` },
  },
  {
    kind: 'legal-person-person-with-significant-control',
    name: 'THE TRUSTEES OF THE NORDVIND FOUNDATION',
    address,
    identification: { legal_form: 'Charitable Trust', legal_authority: 'Charities Act 2011' },
    natures_of_control: ['significant-influence-or-control'],
    notified_on: '2019-01-01',
    links: { self: `/company/${NUMBER}/persons-with-significant-control/legal-person/trustees` },
  },
];

/** Designations named like the company and some of its people: the first six of the list. */
const COLLISIONS: DemoSanctionsCollision[] = [
  { kind: 'person', forenames: 'Ivan Sergeevich', surname: 'PETROV', birth: { year: 1971, month: 3 } },
  { kind: 'person', forenames: 'John', surname: 'SMITH', birth: { year: 1962, month: 5 } },
  { kind: 'person', forenames: 'Dmitry Olegovich', surname: 'GROMOV', birth: { year: 1968, month: 11 } },
  { kind: 'person', forenames: 'Richard', surname: 'BARNES', birth: null, script: 'cyrillic' },
  { kind: 'entity', name: 'NORDVIND TRADING LLC' },
  { kind: 'entity', name: 'KAMAFLOT TRADING LLC' },
];
const COLLISION_LABELS = [
  'officer PETROV, same birth month and year',
  'officer SMITH, birth year 28 years apart',
  'officer GROMOV, same birth month and year',
  'PSC Richard Barnes, Cyrillic alias only',
  'the company, LLC for LIMITED',
  'corporate officer KAMAFLOT, LLC for LIMITED',
];

function writeCompany(dir: string): { register: string; details: string } {
  const register = join(dir, 'register.csv');
  // The sample bulk file (a header and 11 companies) with the company added.
  const sample = readFileSync(SAMPLE_COMPANIES_CSV, 'utf8').trimEnd();
  writeFileSync(
    register,
    `${sample}\n${csvRow({ [CSV_COLUMN.NAME]: COMPANY, [CSV_COLUMN.NUMBER]: NUMBER })}\n`,
  );
  const details = join(dir, 'details');
  const company = join(details, 'companies', NUMBER);
  mkdirSync(company, { recursive: true });
  writeFileSync(
    join(company, 'officers.json'),
    JSON.stringify({ kind: 'officer-list', items_per_page: 35, start_index: 0, items: OFFICERS }),
  );
  writeFileSync(
    join(company, 'persons-with-significant-control.json'),
    JSON.stringify({ kind: 'persons-with-significant-control#list', items: PSCS }),
  );
  return { register, details };
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP: node:http with a keep-alive agent; every reply read in full and parsed

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

function client(port: number, sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const call = (method: string, path: string, key: string, body?: unknown): Promise<Reply> =>
    new Promise((resolveReply, rejectReply) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: {
            'X-Api-Key': key,
            Accept: 'application/json',
            ...(payload === undefined
              ? {}
              : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            try {
              const text = Buffer.concat(chunks).toString('utf8');
              resolveReply({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} });
            } catch (error) {
              rejectReply(error as Error);
            }
          });
          res.on('error', rejectReply);
        },
      );
      req.on('error', rejectReply);
      req.end(payload);
    });
  return { call, close: () => agent.destroy() };
}

type Kind = 'get_company' | 'screen_sanctions' | 'run_kyb_check';

const LABELS: Record<Kind, string> = {
  get_company: 'GET /company/{n} (baseline)',
  screen_sanctions: 'GET /company/{n}/sanctions-screen',
  run_kyb_check: 'POST /kyb/checks',
};

/** What each reply says, checked and kept for the report. */
interface Seen {
  screen?: Record<string, unknown>;
  /** Calls stopped by the service's deadline (503 deadline_exceeded), by kind: counted, not fatal. */
  deadlineExceeded: Record<string, number>;
  kybOutcomes: Record<string, number>;
  kybReasons: Record<string, number>;
}

const matchIds = (screen: Record<string, unknown>) =>
  (screen.potential_matches as { designation: { unique_id: string } }[])
    .map((m) => m.designation.unique_id)
    .sort()
    .join(',');

function checked(kind: Kind, reply: Reply, seen: Seen): void {
  const error = reply.body.error as { code?: string } | undefined;
  if (reply.status === 503 && error?.code === 'deadline_exceeded') {
    seen.deadlineExceeded[kind] = (seen.deadlineExceeded[kind] ?? 0) + 1;
    return;
  }
  const expected = kind === 'run_kyb_check' ? 201 : 200;
  if (reply.status !== expected)
    throw new Error(`${LABELS[kind]}: status ${reply.status}: ${JSON.stringify(reply.body).slice(0, 500)}`);
  if (kind === 'get_company' && reply.body.company_number !== NUMBER)
    throw new Error(`get_company answered ${String(reply.body.company_number)}`);
  if (kind === 'screen_sanctions') {
    const matches = reply.body.potential_matches as unknown[] | undefined;
    if (!Array.isArray(matches) || matches.length === 0) throw new Error('screen_sanctions found no match');
    seen.screen ??= reply.body;
    // The first call (which built the list's index) and every later one must find the same designations.
    if (matchIds(reply.body) !== matchIds(seen.screen))
      throw new Error(
        `screen_sanctions answered ${matchIds(reply.body)}, the first call ${matchIds(seen.screen)}`,
      );
  }
  if (kind === 'run_kyb_check') {
    const outcome = String(reply.body.outcome);
    seen.kybOutcomes[outcome] = (seen.kybOutcomes[outcome] ?? 0) + 1;
    for (const reason of (reply.body.reasons as { code: string }[] | undefined) ?? [])
      seen.kybReasons[reason.code] = (seen.kybReasons[reason.code] ?? 0) + 1;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Phases

interface Latency {
  kind: Kind;
  label: string;
  calls: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
}

function latencyOf(kind: Kind, times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    kind,
    label: LABELS[kind],
    calls: times.length,
    p50Ms: round(nearestRank(sorted, 50), 2),
    p95Ms: round(nearestRank(sorted, 95), 2),
    p99Ms: round(nearestRank(sorted, 99), 2),
    meanMs: round(times.reduce((sum, t) => sum + t, 0) / (times.length || 1), 2),
    maxMs: round(sorted.at(-1) ?? NaN, 2),
  };
}

interface Throughput {
  label: string;
  concurrency: number;
  calls: number;
  /** Calls answered 503 deadline_exceeded. */
  stopped: number;
  /**
   * The longest the API's event loop was held during the phase: past the server's keep-alive timeout (5 s) an idle
   * connection is closed before the request waiting on it is read, and the client sees `socket hang up`.
   */
  eventLoopDelayMaxMs: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  cutShort: boolean;
  loadAverageAtStart: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const options = parseOptions();
  const logger: Logger = pino({ name: 'bench', level: 'warn' }, pino.destination(2));
  const started = Date.now();
  const stops = createStopStack();
  const tempDir = mkdtempSync(join(tmpdir(), 'cds-bench-sanctions-'));
  stops.push('temp dir', async () => rmSync(tempDir, { recursive: true, force: true }));

  try {
    const config = loadConfig({
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: join(tempDir, 'data'),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    });
    mkdirSync(join(tempDir, 'data'), { recursive: true });
    const orm = await openDatabase(config.database, logger);
    stops.push('database', () => orm.close());
    await migrate(orm);

    // 1. The company, through the register and details importers.
    progress(`store: ${config.database.kind}; the company ${NUMBER} with 14 officers and 6 PSCs`);
    const files = writeCompany(tempDir);
    const register = await importCompaniesCsv(orm.em.fork(), files.register, { asOf: AS_OF });
    if (register.rejected > 0) throw new Error(`the register importer rejected ${register.rejected} rows`);
    const details = await importCompanyDetailsDir(orm.em.fork(), files.details, {
      source: 'import',
      detectedAt: AS_OF,
    });
    if (details.problems.length > 0)
      throw new Error(`company details: ${JSON.stringify(details.problems).slice(0, 500)}`);

    // 2. The list: generation alone (to a file, for its size and the time it takes), then the demo import,
    //    which writes the same bytes to a temporary file and imports them with the real importer.
    const listOptions = {
      designations: options.designations,
      seed: options.seed,
      asOf: AS_OF,
      collisions: COLLISIONS,
    };
    progress(
      `generating a UK Sanctions List of ${options.designations.toLocaleString('en-GB')} designations`,
    );
    const listFile = join(tempDir, 'uk-sanctions-list.csv');
    const writeStarted = performance.now();
    const written = await writeDemoSanctionsList(createWriteStream(listFile), listOptions);
    const writeSeconds = (performance.now() - writeStarted) / 1000;
    const listBytes = statSync(listFile).size;
    progress(
      `  ${written.designations.toLocaleString('en-GB')} designations, ${written.names.toLocaleString('en-GB')} ` +
        `names, ${written.rows.toLocaleString('en-GB')} rows, ${round(listBytes / 1024 ** 2, 1)} MiB in ${round(writeSeconds)} s`,
    );
    progress('importing it (importDemoSanctionsList)');
    const loadAtImport = round(loadavg()[0]!);
    const importStarted = performance.now();
    const imported = await importDemoSanctionsList(orm.em.fork(), listOptions);
    const writeAndImportSeconds = (performance.now() - importStarted) / 1000;
    if (imported.status !== 'imported' || imported.rejected > 0)
      throw new Error(`list import: ${imported.status}, ${imported.rejected} rows rejected`);
    const importSeconds = Math.max(0, writeAndImportSeconds - writeSeconds);
    const list = {
      designations: imported.version.designations,
      names: imported.version.names,
      rows: imported.records,
      written: { designations: written.designations, names: written.names, rows: written.rows },
      fileMiB: round(listBytes / 1024 ** 2, 1),
      generateSeconds: round(writeSeconds),
      generateAndImportSeconds: round(writeAndImportSeconds),
      importSeconds: round(importSeconds),
      importRowsPerSecond: Math.round(imported.records / importSeconds),
      warnings: imported.warnings,
      loadAverageAtStart: loadAtImport,
    };
    progress(
      `  imported in ${list.generateAndImportSeconds} s with generating (import alone ≈ ${list.importSeconds} s, ` +
        `${list.importRowsPerSecond.toLocaleString('en-GB')} rows/s)`,
    );

    // 3. The API, as npm start builds it (real quotas), on a free loopback port. No Temporal: nothing here uses it.
    const clock = () => new Date();
    const quotas = new Quotas(config.database, clock);
    stops.push('quotas', () => quotas.close());
    const services: Services = {
      config,
      orm,
      temporal: undefined as unknown as Client,
      logger,
      clock,
      quotas,
    };
    const api = await startApi(services);
    stops.push('API', api.stop);
    const { port } = api.server.address() as AddressInfo;

    // Team keys, each for at most CALLS_PER_ACCOUNT calls over the run, so the per-minute limit never refuses one.
    const rounds = options.warmup + options.calls;
    const totalCalls = 3 * rounds + 3 * (options.kybChecks + options.concurrency);
    const keys: string[] = [];
    for (let k = 0; k < Math.ceil(totalCalls / CALLS_PER_ACCOUNT); k++) {
      const created = await createAccount(
        orm.em.fork(),
        { email: `bench-sanctions-${k}@example.com`, plan: 'team' },
        clock(),
      );
      keys.push(created.apiKey.key);
    }
    let charged = 0;
    const nextKey = () => keys[Math.floor(charged++ / CALLS_PER_ACCOUNT)]!;

    const http = client(port, options.concurrency);
    stops.push('HTTP client', async () => http.close());
    const seen: Seen = { kybOutcomes: {}, kybReasons: {}, deadlineExceeded: {} };
    let kybSerial = 0;
    const send = (kind: Kind) => {
      switch (kind) {
        case 'get_company':
          return http.call('GET', `/company/${NUMBER}`, nextKey());
        case 'screen_sanctions':
          return http.call('GET', `/company/${NUMBER}/sanctions-screen`, nextKey());
        case 'run_kyb_check':
          return http.call('POST', '/kyb/checks', nextKey(), {
            client_reference: `bench-${++kybSerial}`,
            stated_company_name: COMPANY,
            company_number: NUMBER,
          });
      }
    };
    const timed = async (kind: Kind): Promise<number> => {
      const t0 = performance.now();
      const reply = await send(kind);
      const ms = performance.now() - t0;
      checked(kind, reply, seen);
      return ms;
    };

    // 4. Latency: one call at a time, the three interleaved round by round.
    const kinds: Kind[] = ['get_company', 'screen_sanctions', 'run_kyb_check'];
    progress(`latency: ${options.warmup} warm-up rounds, then ${options.calls} rounds of the three calls`);
    for (let i = 0; i < options.warmup; i++) for (const kind of kinds) await timed(kind);
    const times: Record<Kind, number[]> = { get_company: [], screen_sanctions: [], run_kyb_check: [] };
    const loadAtLatency = round(loadavg()[0]!);
    const latencyStarted = performance.now();
    let latencyCutShort = false;
    for (let i = 0; i < options.calls; i++) {
      if (performance.now() - latencyStarted > options.maxSeconds * 1000) {
        latencyCutShort = true;
        break;
      }
      for (const kind of kinds) times[kind].push(await timed(kind));
    }
    const latency = kinds.map((kind) => latencyOf(kind, times[kind]));
    const base = latency[0]!;
    for (const l of latency)
      progress(`  ${l.label}: p50 ${l.p50Ms} ms, p95 ${l.p95Ms} ms (${l.calls} calls)`);
    const comparisons = await comparisonCost(orm.em.fork(), NUMBER, 5);
    const [held] = await currentSanctionsLists(orm.em.fork(), ['uk']);
    const indexBuildMs = held === undefined ? null : (await held.index()).buildMs;
    progress(
      `  prefilter: ${comparisons.candidatesPerName.mean} candidates per name (p95 ${comparisons.candidatesPerName.p95}); ` +
        `${comparisons.microsecondsPerComparison} µs per full comparison; index built in ${indexBuildMs} ms`,
    );
    const sequentialKybPerSecond = round(
      1000 / (times.run_kyb_check.reduce((s, t) => s + t, 0) / times.run_kyb_check.length),
      1,
    );

    // 5. Throughput: C lanes, closed loop; the baseline before and after the KYB checks.
    const throughput = async (kind: Kind, label: string): Promise<Throughput> => {
      for (let i = 0; i < options.concurrency; i++) await timed(kind);
      const loadAverageAtStart = round(loadavg()[0]!);
      const stoppedBefore = seen.deadlineExceeded[kind] ?? 0;
      const loopDelay = monitorEventLoopDelay({ resolution: 10 });
      loopDelay.enable();
      const lat: number[] = [];
      let issued = 0;
      let cutShort = false;
      const t0 = performance.now();
      const lane = async () => {
        while (issued < options.kybChecks) {
          if (performance.now() - t0 > options.maxSeconds * 1000) {
            cutShort = true;
            return;
          }
          issued++;
          lat.push(await timed(kind));
        }
      };
      await Promise.all(Array.from({ length: options.concurrency }, lane));
      const seconds = (performance.now() - t0) / 1000;
      loopDelay.disable();
      const sorted = [...lat].sort((a, b) => a - b);
      // A call stopped by the deadline is answered, not done: it does not count toward calls a second.
      const stopped = (seen.deadlineExceeded[kind] ?? 0) - stoppedBefore;
      const result: Throughput = {
        label,
        concurrency: options.concurrency,
        calls: lat.length,
        stopped,
        eventLoopDelayMaxMs: round(loopDelay.max / 1e6),
        seconds: round(seconds),
        perSecond: round((lat.length - stopped) / seconds, 1),
        p50Ms: round(nearestRank(sorted, 50)),
        p95Ms: round(nearestRank(sorted, 95)),
        cutShort,
        loadAverageAtStart,
      };
      progress(`  ${label} @${options.concurrency}: ${result.perSecond}/s, p50 ${result.p50Ms} ms`);
      return result;
    };
    progress(`throughput: ${options.kybChecks} calls each at concurrency ${options.concurrency}`);
    const before = await throughput('get_company', `${LABELS.get_company}, before`);
    const kyb = await throughput('run_kyb_check', LABELS.run_kyb_check);
    const after = await throughput('get_company', `${LABELS.get_company}, after`);
    const baselinePerSecond = (before.perSecond + after.perSecond) / 2;

    // 6. Quality on the labelled pairs, the same function bench:sanctions-matching prints.
    const quality = labelledPairsQuality();

    // Report
    const screen = seen.screen as {
      screened: {
        role: string;
        kind: string;
        name: string;
        candidates_compared: number;
        potential_matches: number;
      }[];
      not_screened: unknown[];
      potential_matches: {
        designation: { unique_id: string; primary_name: string };
        subject: { name: string };
        score: number;
      }[];
    };
    const found = imported.collisionIds.map((id, index) => ({
      collision: COLLISION_LABELS[index]!,
      uniqueId: id,
      best: Math.max(
        -1,
        ...screen.potential_matches.filter((m) => m.designation.unique_id === id).map((m) => m.score),
      ),
    }));
    const screenFacts = {
      namesScreened: screen.screened.length,
      notScreened: screen.not_screened.length,
      candidatesCompared: screen.screened.reduce((sum, s) => sum + s.candidates_compared, 0),
      mostCandidates: [...screen.screened]
        .sort((a, b) => b.candidates_compared - a.candidates_compared)
        .slice(0, 3)
        .map((s) => ({ name: s.name, candidatesCompared: s.candidates_compared })),
      potentialMatches: screen.potential_matches.length,
      collisionsFound: found.filter((f) => f.best >= 0).length,
      collisions: found.map((f) => ({ ...f, best: f.best < 0 ? null : f.best })),
      /** Potential matches with a designation the run did not plant: invented namesakes the generator drew. */
      others: screen.potential_matches
        .filter((m) => !imported.collisionIds.includes(m.designation.unique_id))
        .map((m) => ({ subject: m.subject.name, designation: m.designation.primary_name, score: m.score })),
      screened: screen.screened.map((s) => ({
        role: s.role,
        kind: s.kind,
        name: s.name,
        candidatesCompared: s.candidates_compared,
        potentialMatches: s.potential_matches,
      })),
    };

    const env = machineAndCommit(projectRoot);
    const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
    console.log(
      `\nSanctions screening and KYB checks: ${config.database.kind}, list of ${list.designations.toLocaleString('en-GB')} ` +
        `designations and ${list.names.toLocaleString('en-GB')} names, company ${NUMBER} with 14 officers and 6 PSCs; ` +
        `${options.calls} calls each after ${options.warmup} warm-up rounds; ${env.machine.cpus} CPUs, Node ${process.version}\n`,
    );
    console.log(
      `list: generated in ${list.generateSeconds} s (${list.fileMiB} MiB, ${list.rows.toLocaleString('en-GB')} rows); ` +
        `importDemoSanctionsList ${list.generateAndImportSeconds} s, so the import alone ≈ ${list.importSeconds} s ` +
        `(${list.importRowsPerSecond.toLocaleString('en-GB')} rows/s); load ${list.loadAverageAtStart}\n`,
    );
    console.log(
      formatTable([
        ['one call at a time', 'p50 ms', 'p95 ms', '× p50', '× p95', 'calls'],
        ...latency.map((l) => [
          l.label,
          String(l.p50Ms),
          String(l.p95Ms),
          String(ratio(l.p50Ms, base.p50Ms)),
          String(ratio(l.p95Ms, base.p95Ms)),
          `${l.calls}${latencyCutShort ? '*' : ''}`,
        ]),
      ]),
    );
    console.log(
      `\nKYB checks one at a time: ${sequentialKybPerSecond}/s (1 / mean latency); load ${loadAtLatency}\n`,
    );
    console.log(
      formatTable([
        [
          `concurrency ${options.concurrency}`,
          'per second',
          'ratio',
          'p50 ms',
          'p95 ms',
          'calls',
          'stopped',
          'loop held ms',
          'load',
        ],
        ...[before, kyb, after].map((t) => [
          t.label,
          String(t.perSecond),
          t === kyb ? String(ratio(t.perSecond, baselinePerSecond, 3)) : '',
          String(t.p50Ms),
          String(t.p95Ms),
          `${t.calls}${t.cutShort ? '*' : ''}`,
          String(t.stopped),
          String(t.eventLoopDelayMaxMs),
          String(t.loadAverageAtStart),
        ]),
      ]),
    );
    console.log(
      `\nscreen: ${screenFacts.namesScreened} names screened (${screenFacts.notScreened} not screenable), ` +
        `${screenFacts.candidatesCompared} designations compared in full (the most for one name: ` +
        `${screenFacts.mostCandidates.map((m) => `${m.name} ${m.candidatesCompared}`).join(', ')}), ` +
        `${screenFacts.potentialMatches} potential matches\nplanted namesakes: ` +
        `${found.map((f) => `${f.collision} ${f.best >= 0 ? f.best.toFixed(3) : 'not found'}`).join('; ')}` +
        `\nother potential matches: ${screenFacts.others.map((o) => `${o.subject} ~ ${o.designation} ${o.score.toFixed(3)}`).join('; ') || 'none'}`,
    );
    console.log(
      `prefilter: ${comparisons.candidatesPerName.mean} candidates per name (p95 ${comparisons.candidatesPerName.p95}, ` +
        `most ${comparisons.candidatesPerName.max}) over ${comparisons.names} names; one full comparison ` +
        `${comparisons.microsecondsPerComparison} µs (${comparisons.comparisons} × ${comparisons.repeats}, in process, warm); ` +
        `the list's index built in ${indexBuildMs} ms on the first call`,
    );
    console.log(
      `KYB outcomes: ${JSON.stringify(seen.kybOutcomes)}; reasons: ${Object.keys(seen.kybReasons).join(', ')}; ` +
        `stopped by the deadline (503 deadline_exceeded): ${JSON.stringify(seen.deadlineExceeded)}\n`,
    );
    const q = quality.atDefault;
    console.log(
      formatTable([
        [`labelled pairs (${quality.pairs.total})`, 'TP', 'FP', 'FN', 'TN', 'precision', 'recall', 'F1'],
        [
          q.threshold,
          String(q.truePositives),
          String(q.falsePositives),
          String(q.falseNegatives),
          String(q.trueNegatives),
          pct(q.precision),
          pct(q.recall),
          q.f1.toFixed(3),
        ],
      ]),
    );
    console.log(
      `\n× = ratio to the baseline GET /company/{n} in the same run; ratio (throughput) = KYB checks/s ÷ the mean ` +
        `of the two baseline runs; stopped = answered 503 deadline_exceeded (not counted a second); loop held = the ` +
        `longest the API's event loop went without a turn` +
        (latencyCutShort || [before, kyb, after].some((t) => t.cutShort)
          ? `\n* cut short after ${options.maxSeconds} s`
          : '') +
        `\ncalls on ${keys.length} Team accounts, at most ${CALLS_PER_ACCOUNT} each (real quotas; none refused)`,
    );

    if (options.write) {
      const file = resultFile('sanctions');
      const result = {
        benchmark: 'sanctions',
        date: new Date().toISOString(),
        ...env,
        options: {
          ...options,
          databaseUrl: options.databaseUrl ? 'postgresql' : undefined,
          write: undefined,
        },
        database: config.database.kind,
        calls: 'real HTTP on loopback, node:http keep-alive agent, client in the same process as the API',
        plan: `team (${keys.length} accounts, at most ${CALLS_PER_ACCOUNT} calls each; real quotas)`,
        list,
        company: { number: NUMBER, name: COMPANY, officers: OFFICERS.length, pscs: PSCS.length },
        screen: screenFacts,
        prefilter: comparisons,
        indexBuildMs,
        deadlineExceeded: seen.deadlineExceeded,
        latency: {
          loadAverageAtStart: loadAtLatency,
          cutShort: latencyCutShort,
          calls: latency.map((l) => ({
            ...l,
            p50Ratio: ratio(l.p50Ms, base.p50Ms),
            p95Ratio: ratio(l.p95Ms, base.p95Ms),
          })),
          kybChecksPerSecondOneAtATime: sequentialKybPerSecond,
        },
        throughput: {
          baselineBefore: before,
          kyb,
          baselineAfter: after,
          kybChecksPerSecond: kyb.perSecond,
          ratio: ratio(kyb.perSecond, baselinePerSecond, 3),
        },
        kyb: { outcomes: seen.kybOutcomes, reasons: seen.kybReasons },
        quality,
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
