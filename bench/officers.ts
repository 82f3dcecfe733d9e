/**
 * `npm run bench:officers [-- --appointments 1000000 --surname 100000 --calls 200 --database sqlite|postgres]`:
 * the officer name search (`get_officer_appointments`, issue 15 item 4) on a register where one surname holds
 * `--surname` appointments among `--appointments`, with the search as it was (the surname index, then the
 * name_key word checks on every row of the surname) and as it is (narrowed by surname and a given word through
 * officer_name_words), timed one after the other on the same store in the same run. The ratio old / new is the
 * result; both must find the same appointments, or the run fails.
 *
 * - Store: a private SQLite file in a temporary directory, or with `--database postgres` a database of its own
 *   on the server named by `--database-url` / BENCH_DATABASE_URL, dropped at the end. Migrated up to 0017, filled
 *   with appointments straight into officer_appointments (keys from officerNameKeys, as every writer stores
 *   them), then migrated to the end: the time of that step is migration 0019's backfill of the word index
 *   (appointments per second), which is what an existing store pays once. Then ANALYZE.
 * - Names: SMITH for `--surname` appointments, the rest over 20,000 other surnames. Forenames drawn from 60
 *   with falling weights (JOHN the most common, about 5 % of draws), a second forename for 40 %, a third for 5 %, an
 *   initial only for 3 %, a title for 2 %.
 * - Searches: "John Smith" (the most common forename), "David Smith", "J Smith" (an initial), "John Paul Smith",
 *   "Zebedee Smith" (a forename nobody has), "Smith" (the surname alone: both read every SMITH, the control)
 *   and a surname of about 50 appointments with a forename. Each `--calls` times per version, alternating, limit 100.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/core';
import { Client } from 'pg';
import type { Config } from '../src/config';
import { openDatabase, type Orm } from '../src/db/orm';
import { readRows, type ReadParam } from '../src/db/read-query';
import { dialectOf, placeholders } from '../src/domain/companies/register-sql';
import { officerNameKeys, parseNameQuery, type NameQuery } from '../src/domain/officers/officer-name';
import { searchOfficers } from '../src/domain/officers/officer-search';
import { mulberry32 } from '../src/demo/seeded-random';
import {
  createStopStack,
  formatTable,
  machineAndCommit,
  nearestRank,
  progress,
  resultFile,
  runBenchmark,
  wholeNumberOption,
} from './harness';

const projectRoot = resolve(__dirname, '..');

const usage = `Usage: npm run bench:officers -- [options]   (each option also as an environment variable)
  --appointments N   appointments in the store (BENCH_APPOINTMENTS, default 1000000)
  --surname S        of which SMITH (BENCH_SURNAME, default 100000)
  --calls K          timed calls per search and version (BENCH_CALLS, default 200)
  --database D       sqlite or postgres (BENCH_DATABASE, default sqlite)
  --database-url U   the PostgreSQL server for --database postgres (BENCH_DATABASE_URL)
  --seed X           the generator's seed (BENCH_SEED, default 1)`;

function readOptions() {
  const { values } = parseArgs({
    options: {
      appointments: { type: 'string' },
      surname: { type: 'string' },
      calls: { type: 'string' },
      database: { type: 'string' },
      'database-url': { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const env = process.env;
  const appointments = wholeNumberOption(
    'appointments',
    values.appointments ?? env.BENCH_APPOINTMENTS,
    1_000_000,
    1,
  );
  const surname = wholeNumberOption('surname', values.surname ?? env.BENCH_SURNAME, 100_000, 1);
  if (surname > appointments) throw new Error('--surname must not exceed --appointments');
  const database = values.database ?? env.BENCH_DATABASE ?? 'sqlite';
  if (database !== 'sqlite' && database !== 'postgres')
    throw new Error(`--database must be sqlite or postgres, got ${database}`);
  const databaseUrl = values['database-url'] ?? env.BENCH_DATABASE_URL;
  if (database === 'postgres' && !/^postgres(ql)?:\/\//.test(databaseUrl ?? ''))
    throw new Error('--database postgres needs --database-url postgres://…');
  return {
    appointments,
    surname,
    calls: wholeNumberOption('calls', values.calls ?? env.BENCH_CALLS, 200, 1),
    database,
    databaseUrl,
    seed: wholeNumberOption('seed', values.seed ?? env.BENCH_SEED, 1, 0),
  } as const;
}

// ---------------------------------------------------------------------------------------------------------------
// The store

async function withServer(serverUrl: string, use: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await use(client);
  } finally {
    await client.end();
  }
}

async function createStore(
  options: ReturnType<typeof readOptions>,
  dir: string,
): Promise<{ database: Config['database']; drop: () => Promise<void> }> {
  if (options.database === 'sqlite')
    return { database: { kind: 'sqlite', path: join(dir, 'officers.db') }, drop: async () => {} };
  const serverUrl = options.databaseUrl!;
  const name = `bench_officers_${randomBytes(4).toString('hex')}`;
  await withServer(serverUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgresql', url: url.toString() },
    drop: () => withServer(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)),
  };
}

const FORENAMES = [
  'John', 'David', 'Michael', 'Paul', 'Andrew', 'Peter', 'James', 'Robert', 'Mark', 'Richard',
  'Stephen', 'Christopher', 'Ian', 'Simon', 'William', 'Thomas', 'Daniel', 'Anthony', 'Gary', 'Martin',
  'Susan', 'Sarah', 'Margaret', 'Elizabeth', 'Karen', 'Helen', 'Julie', 'Jane', 'Mary', 'Claire',
  'Emma', 'Nicola', 'Joanne', 'Catherine', 'Alison', 'Rachel', 'Lisa', 'Louise', 'Ann', 'Patricia',
  'Mohammed', 'Ahmed', 'Priya', 'Raj', 'Wei', 'Olga', 'Pierre', 'Giovanni', 'Siobhan', 'Aoife',
  'Kevin', 'Neil', 'Graham', 'Colin', 'Keith', 'Jonathan', 'Matthew', 'Philip', 'Alan', 'Brian',
]; // prettier-ignore
const TITLES = ['Mr', 'Mrs', 'Dr', 'Ms'];
const OTHER_SURNAMES = 20_000;

/** A made-up surname of letters only, the same for the same k. */
function otherSurname(k: number): string {
  const letters = 'BCDFGHJKLMNPRSTVWAEIOU';
  let name = '';
  for (let n = k + 1; n > 0; n = Math.floor(n / letters.length)) name += letters[n % letters.length];
  return `${name}ERTON`;
}

/** Forename weights falling as 1/(rank + 10): JOHN about 5 % of the forenames drawn. */
function forenamePicker(random: () => number): () => string {
  const weights = FORENAMES.map((_, rank) => 1 / (rank + 10));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const weight of weights) cumulative.push((sum += weight / total));
  return () => {
    const r = random();
    const index = cumulative.findIndex((c) => r < c);
    return FORENAMES[index === -1 ? FORENAMES.length - 1 : index]!;
  };
}

function officerName(random: () => number, forename: () => string, surname: string): string {
  if (random() < 0.03) return `${surname}, ${forename()[0]}`;
  const names = [forename()];
  if (random() < 0.4) names.push(forename());
  if (random() < 0.05) names.push(forename());
  const title = random() < 0.02 ? `, ${TITLES[Math.floor(random() * TITLES.length)]}` : '';
  return `${surname}, ${names.join(' ')}${title}`;
}

const COLUMNS = [
  'company_number', 'appointment_id', 'officer_id', 'name', 'surname_key', 'name_key', 'officer_role',
  'appointed_on', 'resigned_on', 'birth_year', 'birth_month', 'nationality', 'country_of_residence',
  'occupation', 'address', 'details',
]; // prettier-ignore
const ROWS_PER_INSERT = 60;
const ROWS_PER_TRANSACTION = 30_000;

/** Appointments straight into officer_appointments, ten to a company, SMITH spread evenly among the rest. */
async function fillAppointments(orm: Orm, options: ReturnType<typeof readOptions>): Promise<void> {
  const random = mulberry32(options.seed);
  const forename = forenamePicker(random);
  const smithEvery = options.appointments / options.surname;
  let smiths = 0;
  const rowAt = (k: number): ReadParam[] => {
    const isSmith = smiths < options.surname && k + 1 >= (smiths + 1) * smithEvery - 1e-9;
    if (isSmith) smiths++;
    const surname = isSmith ? 'SMITH' : otherSurname(Math.floor(random() * OTHER_SURNAMES));
    const name = officerName(random, forename, surname);
    const keys = officerNameKeys(name);
    const resigned = random() < 0.4;
    return [
      String(10_000_000 + Math.floor(k / 10)),
      `appt${k.toString(36)}x${Math.floor(random() * 1e9).toString(36)}`,
      `officer${k.toString(36)}`,
      name,
      keys.surnameKey,
      keys.nameKey,
      'director',
      '2015-04-01',
      resigned ? '2022-09-30' : null,
      1940 + Math.floor(random() * 60),
      1 + Math.floor(random() * 12),
      'British',
      'United Kingdom',
      'Director',
      '{"address_line_1":"1 High Street","locality":"London","postal_code":"EC1A 1AA"}',
      '{}',
    ];
  };
  const insert = `insert into officer_appointments (${COLUMNS.join(', ')}) values `;
  const tuple = `(${placeholders(COLUMNS.length)})`;
  for (let start = 0; start < options.appointments; start += ROWS_PER_TRANSACTION) {
    const end = Math.min(options.appointments, start + ROWS_PER_TRANSACTION);
    await orm.em.fork().transactional(async (tx) => {
      for (let from = start; from < end; from += ROWS_PER_INSERT) {
        const count = Math.min(ROWS_PER_INSERT, end - from);
        const params = Array.from({ length: count }, (_, i) => rowAt(from + i)).flat();
        await tx
          .getConnection()
          .execute(insert + Array(count).fill(tuple).join(','), params, 'run', tx.getTransactionContext());
      }
    });
    if (Math.floor(end / 200_000) > Math.floor(start / 200_000) || end === options.appointments)
      progress(`${end.toLocaleString('en-GB')} appointments written`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The two searches

/** The search before issue 15, copied as the baseline: every appointment of the candidate surnames is read. */
async function surnameIndexSearch(em: EntityManager, query: NameQuery, limit: number) {
  const conditions = [`a.surname_key in (${placeholders(query.surnameKeys.length)})`];
  const params: ReadParam[] = [...query.surnameKeys];
  for (const word of query.required) {
    conditions.push('a.name_key like ?');
    params.push(`% ${word} %`);
  }
  const where = `where ${conditions.join(' and ')}`;
  const from = `from officer_appointments a ${where}`;
  const [counted] = await readRows<Record<string, unknown>>(
    em,
    `select count(*) as appointments, count(distinct a.officer_id) as people ${from}`,
    params,
  );
  await readRows(
    em,
    `select a.officer_id, min(a.name) as name, max(a.birth_year) as birth_year, max(a.birth_month) as birth_month,
       count(*) as appointments, sum(case when a.resigned_on is null then 1 else 0 end) as active
     ${from} group by a.officer_id order by a.officer_id limit ?`,
    [...params, limit],
  );
  const rows = await readRows<Record<string, unknown>>(
    em,
    `select a.*, c.company_name, c.company_status
     from officer_appointments a left join companies c on c.company_number = a.company_number ${where}
     order by a.company_number, a.appointment_id limit ?`,
    [...params, limit],
  );
  return {
    totalAppointments: Number(counted?.appointments ?? 0),
    totalPeople: Number(counted?.people ?? 0),
    firstAppointments: rows.map((row) => String(row.appointment_id)),
  };
}

async function nameWordSearch(em: EntityManager, query: NameQuery, limit: number) {
  const result = await searchOfficers(em, { query, activeOnly: false, limit });
  return {
    totalAppointments: result.totalAppointments,
    totalPeople: result.totalPeople,
    firstAppointments: result.appointments.map((row) => row.appointmentId),
  };
}

interface Timing {
  p50Ms: number;
  p95Ms: number;
  meanMs: number;
}

function timing(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    p50Ms: round(nearestRank(sorted, 50)),
    p95Ms: round(nearestRank(sorted, 95)),
    meanMs: round(times.reduce((a, b) => a + b, 0) / times.length),
  };
}

async function countOf(orm: Orm, sql: string): Promise<number> {
  const [row] = await readRows<{ n: number | string }>(orm.em.fork(), sql, []);
  return Number(row?.n ?? 0);
}

async function wordIndexSize(orm: Orm): Promise<string> {
  if (dialectOf(orm.em) === 'postgresql') {
    const [row] = await readRows<{ size: string }>(
      orm.em.fork(),
      "select pg_size_pretty(pg_total_relation_size('officer_name_words')) as size",
      [],
    );
    return row?.size ?? '?';
  }
  try {
    const [row] = await readRows<{ bytes: number }>(
      orm.em.fork(),
      "select sum(pgsize) as bytes from dbstat where name = 'officer_name_words'",
      [],
    );
    return `${Math.round(Number(row?.bytes ?? 0) / 1024 ** 2)} MiB`;
  } catch {
    return 'unknown (no dbstat)';
  }
}

async function main(): Promise<void> {
  const options = readOptions();
  const stops = createStopStack();
  const dir = mkdtempSync(join(tmpdir(), 'bench-officers-'));
  stops.push('temporary dir', async () => rmSync(dir, { recursive: true, force: true }));
  try {
    const store = await createStore(options, dir);
    stops.push('database', store.drop);
    const orm = await openDatabase(store.database);
    stops.push('orm', () => orm.close());
    await orm.getMigrator().up({ to: '0017-webhook-redeliveries' });

    progress(`writing ${options.appointments.toLocaleString('en-GB')} appointments (${options.database})`);
    let started = performance.now();
    await fillAppointments(orm, options);
    const fillSeconds = (performance.now() - started) / 1000;

    progress('migrating to the end (0019 backfills officer_name_words)');
    started = performance.now();
    await orm.getMigrator().up();
    const backfillSeconds = (performance.now() - started) / 1000;
    await orm.em.fork().getConnection().execute('analyze');
    const wordRows = await countOf(orm, 'select count(*) as n from officer_name_words');
    const smithRows = await countOf(
      orm,
      "select count(*) as n from officer_appointments where surname_key = 'SMITH'",
    );

    const searches = [
      'John Smith',
      'David Smith',
      'J Smith',
      'John Paul Smith',
      'Zebedee Smith',
      'Smith',
      `John ${otherSurname(7)}`,
    ];
    const results = [];
    for (const text of searches) {
      const parsed = parseNameQuery(text);
      if (!parsed.ok) throw new Error(`${text}: ${parsed.problem}`);
      const old: number[] = [];
      const now: number[] = [];
      let found: Awaited<ReturnType<typeof nameWordSearch>> | undefined;
      for (let call = 0; call < options.calls + 5; call++) {
        const warm = call < 5;
        let t = performance.now();
        const before = await surnameIndexSearch(orm.em.fork(), parsed.query, 100);
        if (!warm) old.push(performance.now() - t);
        t = performance.now();
        const after = await nameWordSearch(orm.em.fork(), parsed.query, 100);
        if (!warm) now.push(performance.now() - t);
        if (call === 0 && JSON.stringify(before) !== JSON.stringify(after))
          throw new Error(`"${text}": the two searches differ: ${JSON.stringify({ before, after })}`);
        found = after;
      }
      const surnameIndex = timing(old);
      const nameWords = timing(now);
      const ratio = Math.round((surnameIndex.p50Ms / nameWords.p50Ms) * 100) / 100;
      progress(`"${text}": ${surnameIndex.p50Ms} → ${nameWords.p50Ms} ms p50 (×${ratio})`);
      results.push({
        search: text,
        matches: found?.totalAppointments ?? 0,
        people: found?.totalPeople ?? 0,
        surnameIndex,
        nameWords,
        p50Ratio: ratio,
      });
    }

    const wordSize = await wordIndexSize(orm);
    const table = formatTable([
      ['search', 'matches', 'old p50 / p95 ms', 'new p50 / p95 ms', 'old / new p50'],
      ...results.map((r) => [
        r.search,
        r.matches.toLocaleString('en-GB'),
        `${r.surnameIndex.p50Ms} / ${r.surnameIndex.p95Ms}`,
        `${r.nameWords.p50Ms} / ${r.nameWords.p95Ms}`,
        `×${r.p50Ratio}`,
      ]),
    ]);
    const summary = [
      `${options.database}: ${options.appointments.toLocaleString('en-GB')} appointments, ` +
        `${smithRows.toLocaleString('en-GB')} SMITH; written in ${fillSeconds.toFixed(1)} s`,
      `migration 0019 backfill: ${backfillSeconds.toFixed(1)} s ` +
        `(${Math.round(options.appointments / backfillSeconds).toLocaleString('en-GB')} appointments/s), ` +
        `${wordRows.toLocaleString('en-GB')} word rows, ${wordSize}`,
    ];
    console.log(`${summary.join('\n')}\n\n${table}`);
    const file = resultFile(`officers-${options.database}`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          benchmark: 'officers',
          at: new Date().toISOString(),
          ...machineAndCommit(projectRoot),
          options: { ...options, databaseUrl: undefined },
          store: { smithRows, wordRows, wordIndexSize: wordSize, fillSeconds, backfillSeconds },
          results,
        },
        null,
        2,
      ),
    );
    progress(`result: ${relative(projectRoot, file)}`);
  } finally {
    await stops.stopAll();
  }
}

runBenchmark(main);
