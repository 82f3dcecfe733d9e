import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Account } from '../../db/entities/account';
import { RateLimitStore, type RateLimitStoreTarget } from '../../db/rate-limit-store';
import { ServiceError } from '../errors';
import { plans } from './plans';

export type QuotaStore = RateLimitStoreTarget;
export type LimitName =
  'requests_per_minute' | 'requests_per_day' | 'free_messages_per_minute' | 'signups_per_hour';

const DAY_SECONDS = 86_400;

/**
 * Plan quotas, counted in the database so that several API processes share one count, and counted with
 * atomic upserts (rate-limiter-flexible) so that 100 parallel calls never overshoot a limit.
 *
 * - requests: every operation's cost, per account, per minute and per UTC day (Free: 30 and 1,000);
 * - free messages: MCP messages that fetch no data (tools/list, initialize …), per key, per minute (120);
 * - sign-ups: per client address, per hour (SIGNUP_LIMIT_PER_HOUR), so that no one mints keys in bulk.
 */
export class Quotas {
  private readonly store: RateLimitStore;

  constructor(
    store: QuotaStore,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.store = new RateLimitStore(store);
  }

  async close(): Promise<void> {
    await this.store.close();
  }

  /** Charges `cost` requests to the account, or throws `rate_limited` with the seconds to wait. */
  async chargeRequests(account: Account, cost: number): Promise<void> {
    if (cost <= 0) return;
    const plan = plans[account.plan];
    const minute = this.limiter('requests_per_minute', plan.requestsPerMinute, 60);
    await this.consume(minute, account.id, cost, 'requests_per_minute', plan.requestsPerMinute);
    const day = this.limiter('requests_per_day', plan.requestsPerDay, 2 * DAY_SECONDS);
    const now = this.clock();
    try {
      // Keyed by the UTC date, so the daily quota resets at midnight UTC rather than 24 h after first use.
      await this.consume(
        day,
        `${account.id}:${now.toISOString().slice(0, 10)}`,
        cost,
        'requests_per_day',
        plan.requestsPerDay,
        secondsToUtcMidnight(now),
      );
    } catch (error) {
      // A call refused for the day did not happen: give its minute points back.
      await minute.reward(account.id, cost);
      throw error;
    }
  }

  /** Counts one protocol message that fetches no data against the key's per-minute cap. */
  async chargeFreeMessage(account: Account, apiKeyId: string): Promise<void> {
    const cap = plans[account.plan].freeMessagesPerMinute;
    await this.consume(
      this.limiter('free_messages_per_minute', cap, 60),
      apiKeyId,
      1,
      'free_messages_per_minute',
      cap,
    );
  }

  /** Counts one sign-up against its client (signup-limit.ts: an address, or an IPv6 /64) for the hour. */
  async chargeSignup(clientKey: string, perHour: number): Promise<void> {
    await this.consume(
      this.limiter('signups_per_hour', perHour, 3_600),
      clientKey,
      1,
      'signups_per_hour',
      perHour,
    );
  }

  private limiter(name: LimitName, points: number, duration: number): RateLimiterAbstract {
    // One key prefix per limit, whatever the plan: a plan change keeps the count already made.
    return this.store.limiter({ keyPrefix: name, points, duration });
  }

  private async consume(
    limiter: RateLimiterAbstract,
    key: string,
    cost: number,
    name: LimitName,
    limit: number,
    retryAfterSeconds?: number,
  ): Promise<void> {
    try {
      await limiter.consume(key, cost);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const wait = retryAfterSeconds ?? Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new ServiceError(
        'rate_limited',
        `Rate limit reached (${limit} ${describe(name)}): wait ${wait} seconds`,
        {
          limit: name,
          limit_value: limit,
          retry_after_seconds: wait,
        },
      );
    }
  }
}

function describe(name: LimitName): string {
  return {
    requests_per_minute: 'requests a minute',
    requests_per_day: 'requests a day',
    free_messages_per_minute: 'protocol messages a minute',
    signups_per_hour: 'sign-ups an hour from one address',
  }[name];
}

function secondsToUtcMidnight(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}
