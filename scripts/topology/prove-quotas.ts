import { CompanyEntity } from '../../src/db/entities/company';
import { plans } from '../../src/domain/accounts/plans';
import { RateLimitStore } from '../../src/db/rate-limit-store';
import { callApi, ProofReport, type ApiAnswer, type ProofContext } from './prove-context';

// Quotas exact across both api processes: each holds its own connection to the counters; the count lives in
// the shared PostgreSQL table, so N parallel calls spread over both never get more than the plan allows.

interface RateLimitedBody {
  error?: { code?: string; details?: { limit?: string } };
}

/**
 * Fires `count` GET /company calls at once, alternating between the two apis; tallies the answers per api.
 */
async function burst(context: ProofContext, apiKey: string, companyNumber: string, count: number) {
  const apis = context.state.apis;
  const calls = Array.from({ length: count }, (_, i) => {
    const api = apis[i % apis.length]!;
    return callApi<RateLimitedBody>(api.url, 'GET', `/company/${companyNumber}`, apiKey).then((answer) => ({
      api: api.name,
      answer,
    }));
  });
  const answers = await Promise.all(calls);
  const tally = (filter: (a: ApiAnswer<RateLimitedBody>) => boolean, api?: string) =>
    answers.filter((a) => (api === undefined || a.api === api) && filter(a.answer)).length;
  const ok = (a: ApiAnswer) => a.status === 200;
  const limited = (limit: string) => (a: ApiAnswer<RateLimitedBody>) =>
    a.status === 429 && a.body?.error?.code === 'rate_limited' && a.body.error.details?.limit === limit;
  return {
    answers,
    ok: tally(ok),
    limited: (limit: string) => tally(limited(limit)),
    perApi: apis.map((api) => ({
      name: api.name,
      ok: tally(ok, api.name),
      refused: tally((a) => a.status === 429, api.name),
    })),
  };
}

async function counter(context: ProofContext, key: string): Promise<number | undefined> {
  const rows = await context.orm.em
    .fork()
    .getConnection()
    .execute<{ points: number }[]>('select points from rate_limits where key = ?', [key]);
  return rows[0] === undefined ? undefined : Number(rows[0].points);
}

const spreadDetail = (perApi: { name: string; ok: number; refused: number }[]) =>
  perApi.map((p) => `${p.name}: ${p.ok} × 200, ${p.refused} × 429`).join('; ');

export async function proveQuotas(context: ProofContext): Promise<ProofReport> {
  const report = new ProofReport('quotas exact across both apis');
  const company = await context.orm.em
    .fork()
    .findOneOrFail(CompanyEntity, { companyStatus: 'active' }, { orderBy: { companyNumber: 'asc' } });
  const today = () => new Date().toISOString().slice(0, 10);

  // Free: 30 a minute. 90 calls at once over both apis: one process alone would let 30 through, two 60.
  const free = await context.account('free', 'quota-free');
  const perMinute = plans.free.requestsPerMinute;
  const minute = await burst(context, free.apiKey, company.companyNumber, 3 * perMinute);
  // Each api gets more calls than the quota: counting alone, each would let the whole quota through.
  report.check(
    `Free key, ${3 * perMinute} parallel calls, half on each api: exactly ${perMinute} answered 200, not ${2 * perMinute}`,
    minute.ok === perMinute,
    `${minute.ok}; ${spreadDetail(minute.perApi)}`,
  );
  report.check(
    `the other ${2 * perMinute} answered 429 rate_limited requests_per_minute`,
    minute.limited('requests_per_minute') === 2 * perMinute,
    `${minute.limited('requests_per_minute')}`,
  );
  const freeDay = await counter(context, `requests_per_day:${free.accountId}:${today()}`);
  report.check(
    `the shared day counter equals the calls answered (${perMinute}): refused calls are not charged`,
    freeDay === perMinute,
    `counter ${freeDay}`,
  );

  // Starter: 20,000 a day. Spending a whole day through HTTP at 120 a minute would take 2¾ hours, so the
  // day's counter is first charged up to `left` short of the quota, through the same store and key the apis
  // use; the last `left` requests of the day are then spent over both apis at once.
  const starter = await context.account('starter', 'quota-starter');
  const perDay = plans.starter.requestsPerDay;
  const left = 25;
  const burstSize = 80; // under Starter's 120 a minute: only the day can refuse
  const day = today();
  const store = new RateLimitStore({ kind: 'postgresql', url: context.state.appDatabaseUrl });
  try {
    await store
      .limiter({ keyPrefix: 'requests_per_day', points: perDay, duration: 2 * 86_400 })
      .consume(`${starter.accountId}:${day}`, perDay - left);
  } finally {
    await store.close();
  }
  report.note(`Starter key: day counter charged to ${perDay - left} of ${perDay} beforehand`);
  const daily = await burst(context, starter.apiKey, company.companyNumber, burstSize);
  if (today() !== day) report.note('the UTC day changed during the burst: run the proof again');
  report.check(
    `Starter key, ${burstSize} parallel calls, half on each api, ${left} left today: exactly ${left} answered 200`,
    daily.ok === left,
    `${daily.ok}; ${spreadDetail(daily.perApi)}`,
  );
  report.check(
    `the other ${burstSize - left} answered 429 rate_limited requests_per_day`,
    daily.limited('requests_per_day') === burstSize - left,
    `${daily.limited('requests_per_day')}`,
  );
  const starterMinute = await counter(context, `requests_per_minute:${starter.accountId}`);
  report.check(
    `the shared minute counter equals the calls answered (${left}): a call refused for the day gave its point back`,
    starterMinute === left,
    `counter ${starterMinute}`,
  );
  const after = await Promise.all(
    context.state.apis.map((api) =>
      callApi<RateLimitedBody>(api.url, 'GET', `/company/${company.companyNumber}`, starter.apiKey),
    ),
  );
  report.check(
    'one more call on each api: 429 requests_per_day on both',
    after.every((a) => a.status === 429 && a.body?.error?.details?.limit === 'requests_per_day'),
    after.map((a) => a.status).join(', '),
  );
  return report;
}
