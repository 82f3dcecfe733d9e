import { parseArgs } from 'node:util';
import { envFlag, wholeNumberOption } from './harness';

// The options of `npm run bench:api`, each also an environment variable.

export const DEFAULT_POSTGRES_SERVER_URL = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

export const usage = `Usage: npm run bench:api -- [options]   (each option also as an environment variable)
  --companies N        companies in the generated register (BENCH_COMPANIES, default 1000000)
  --database D         sqlite (a temporary file, the embedded default) or postgres (BENCH_DATABASE,
                       default sqlite)
  --database-url URL   the PostgreSQL server for --database postgres; the run creates its own database
                       bench_api_<time> there and drops it at the end (BENCH_DATABASE_URL,
                       default ${DEFAULT_POSTGRES_SERVER_URL})
  --requests N         measured requests per cell (BENCH_REQUESTS, default 2000)
  --warmup N           unmeasured requests first in each cell, for at most 5 s (BENCH_WARMUP, default 200)
  --baseline-requests N  measured requests per baseline run (BENCH_BASELINE_REQUESTS, default 10000;
                       its warm-up is max(--warmup, 1000)): the bare route is fast, and a short run is noisy
  --concurrency LIST   requests in flight, comma-separated (BENCH_CONCURRENCY, default 1,16,64)
  --search-load N      searches in flight in the contention cells: the mixed case, get_company idle vs
                       loaded, exact name under load (BENCH_SEARCH_LOAD, default 16)
  --exact-name-requests N  exact-name searches measured under the search load (BENCH_EXACT_NAME_REQUESTS,
                       default 200)
  --max-seconds S      cut a cell's measured phase after S seconds (BENCH_MAX_SECONDS, default 15)
  --seed N             register generator and request sampling seed (BENCH_SEED, default 1)
  --no-contention      skip the contention cells (BENCH_NO_CONTENTION=1)
  --no-health-scores   skip scoring every company after the import (BENCH_NO_HEALTH_SCORES=1): no cell reads
                       a score, and at millions of companies scoring takes longer than the import
  --no-quota-row       skip the extra row with the real quotas (BENCH_NO_QUOTA_ROW=1)
  --no-write           do not write bench/results/api-<date>.json (BENCH_NO_WRITE=1)
  --v8-pretenuring     leave V8's allocation-site pretenuring on, as plain node does, instead of the service's
                       processes' setting (src/v8-settings.ts) (BENCH_V8_PRETENURING=1)
Settings of the store itself (SQLITE_*, e.g. the read threads) are read from the environment as the service
reads them.`;

export type BenchDatabase = 'sqlite' | 'postgres';

export interface ApiBenchOptions {
  companies: number;
  database: BenchDatabase;
  databaseUrl: string;
  requests: number;
  warmup: number;
  baselineRequests: number;
  concurrency: number[];
  searchLoad: number;
  exactNameRequests: number;
  maxSeconds: number;
  seed: number;
  contention: boolean;
  healthScores: boolean;
  quotaRow: boolean;
  write: boolean;
  /** Run the API with V8's own default rather than the service's V8 settings (src/v8-settings.ts). */
  v8Pretenuring: boolean;
}

export function parseApiBenchOptions(
  args: string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): ApiBenchOptions | 'help' {
  const { values } = parseArgs({
    args,
    options: {
      companies: { type: 'string' },
      database: { type: 'string' },
      'database-url': { type: 'string' },
      requests: { type: 'string' },
      warmup: { type: 'string' },
      'baseline-requests': { type: 'string' },
      concurrency: { type: 'string' },
      'search-load': { type: 'string' },
      'exact-name-requests': { type: 'string' },
      'max-seconds': { type: 'string' },
      seed: { type: 'string' },
      'no-contention': { type: 'boolean', default: false },
      'no-health-scores': { type: 'boolean', default: false },
      'no-quota-row': { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
      'v8-pretenuring': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const concurrencyRaw = values.concurrency ?? env.BENCH_CONCURRENCY ?? '1,16,64';
  const concurrency = concurrencyRaw
    .split(',')
    .map((part) => wholeNumberOption('concurrency', part.trim(), 1, 1));
  return {
    companies: wholeNumberOption('companies', values.companies ?? env.BENCH_COMPANIES, 1_000_000, 1),
    database: databaseOption(values.database ?? env.BENCH_DATABASE),
    databaseUrl: postgresUrlOption(values['database-url'] ?? env.BENCH_DATABASE_URL),
    requests: wholeNumberOption('requests', values.requests ?? env.BENCH_REQUESTS, 2000, 1),
    warmup: wholeNumberOption('warmup', values.warmup ?? env.BENCH_WARMUP, 200, 0),
    baselineRequests: wholeNumberOption(
      'baseline-requests',
      values['baseline-requests'] ?? env.BENCH_BASELINE_REQUESTS,
      10_000,
      1,
    ),
    concurrency,
    searchLoad: wholeNumberOption('search-load', values['search-load'] ?? env.BENCH_SEARCH_LOAD, 16, 1),
    exactNameRequests: wholeNumberOption(
      'exact-name-requests',
      values['exact-name-requests'] ?? env.BENCH_EXACT_NAME_REQUESTS,
      200,
      1,
    ),
    maxSeconds: wholeNumberOption('max-seconds', values['max-seconds'] ?? env.BENCH_MAX_SECONDS, 15, 1),
    seed: wholeNumberOption('seed', values.seed ?? env.BENCH_SEED, 1, 0),
    contention: !(values['no-contention'] || envFlag(env.BENCH_NO_CONTENTION)),
    healthScores: !(values['no-health-scores'] || envFlag(env.BENCH_NO_HEALTH_SCORES)),
    quotaRow: !(values['no-quota-row'] || envFlag(env.BENCH_NO_QUOTA_ROW)),
    write: !(values['no-write'] || envFlag(env.BENCH_NO_WRITE)),
    v8Pretenuring: values['v8-pretenuring'] || envFlag(env.BENCH_V8_PRETENURING),
  };
}

function databaseOption(raw: string | undefined): BenchDatabase {
  const value = (raw ?? 'sqlite').trim().toLowerCase();
  if (value === 'sqlite') return 'sqlite';
  if (value === 'postgres' || value === 'postgresql') return 'postgres';
  throw new Error(`--database must be sqlite or postgres, got ${raw}`);
}

function postgresUrlOption(raw: string | undefined): string {
  const value = raw?.trim() || DEFAULT_POSTGRES_SERVER_URL;
  if (!/^postgres(ql)?:\/\//.test(value))
    throw new Error(`--database-url must be a postgres:// URL, got ${value}`);
  return value;
}
