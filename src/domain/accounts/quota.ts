import type { Account } from '../../db/entities/account';
import type { RateLimitStoreTarget } from '../../db/rate-limit-store';
import { ServiceError } from '../errors';
import { plans } from './plans';
import { QuotaCounters, type CounterCharge, type CounterState } from './quota-counters';

export type QuotaStore = RateLimitStoreTarget;

/** A charge made: `refund` gives its points back. */
export interface RequestCharge {
  refund(): Promise<void>;
}
export type LimitName =
  | 'requests_per_minute'
  | 'requests_per_day'
  | 'free_messages_per_minute'
  | 'signups_per_hour'
  | 'failed_sign_ins_per_hour'
  | 'client_registrations_per_hour';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** One window a charge counts against, and how a refusal by it is told. */
interface Window extends CounterCharge {
  name: LimitName;
  limit: number;
  /** Seconds to wait when refused, when the window's own end is not the answer (the day ends at midnight). */
  retryAfterSeconds?: number;
}

/**
 * Plan quotas, counted in the database so that several API processes share one count, and counted with
 * atomic upserts (quota-counters.ts) so that 100 parallel calls never overshoot a limit.
 *
 * - requests: every operation's cost, per account, per minute and per UTC day (Free: 30 and 1,000), both
 *   windows charged in one statement;
 * - free messages: MCP messages that fetch no data (tools/list, initialize …), per key, per minute (120);
 * - sign-ups: per client address, per hour (SIGNUP_LIMIT_PER_HOUR), so that no one mints keys in bulk;
 * - failed web sign-ins: per client address, per hour (config SIGN_IN_FAILURES_PER_HOUR), so that no one tries keys in bulk.
 *
 * A refused charge keeps its points in the window that refused it (so hammering a full window does not open
 * it) and gives them back to any other window charged with it: a call refused for the minute costs nothing of
 * the day, and one refused for the day gives its minute points back.
 */
export class Quotas {
  private readonly counters: QuotaCounters;

  constructor(
    store: QuotaStore,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.counters = new QuotaCounters(store);
  }

  async close(): Promise<void> {
    await this.counters.close();
  }

  /**
   * Charges `cost` requests to the account, or throws `rate_limited` with the seconds to wait. The charge can be
   * given back (to the same minute and day windows) when the call fails through no fault of the caller.
   */
  async chargeRequests(account: Account, cost: number): Promise<RequestCharge> {
    if (cost <= 0) return { refund: async () => undefined };
    const plan = plans[account.plan];
    const now = this.clock();
    const windows: Window[] = [
      {
        key: `requests_per_minute:${account.id}`,
        points: cost,
        durationMs: MINUTE_MS,
        name: 'requests_per_minute',
        limit: plan.requestsPerMinute,
      },
      {
        // Keyed by the UTC date, so the daily quota resets at midnight UTC rather than 24 h after first use.
        key: `requests_per_day:${account.id}:${now.toISOString().slice(0, 10)}`,
        points: cost,
        durationMs: 2 * DAY_MS,
        name: 'requests_per_day',
        limit: plan.requestsPerDay,
        retryAfterSeconds: secondsToUtcMidnight(now),
      },
    ];
    await this.charge(windows, now);
    return {
      refund: async () => {
        for (const window of windows) await this.counters.refund(window.key, window.points);
      },
    };
  }

  /** Counts one protocol message that fetches no data against the key's per-minute cap. */
  async chargeFreeMessage(account: Account, apiKeyId: string): Promise<void> {
    const cap = plans[account.plan].freeMessagesPerMinute;
    await this.charge(
      [
        {
          key: `free_messages_per_minute:${apiKeyId}`,
          points: 1,
          durationMs: MINUTE_MS,
          name: 'free_messages_per_minute',
          limit: cap,
        },
      ],
      this.clock(),
    );
  }

  /** Counts one OAuth client registration (POST /oauth/register) against its client address for the hour. */
  async chargeClientRegistration(clientKey: string, perHour: number): Promise<void> {
    await this.charge(
      [
        {
          key: `client_registrations_per_hour:${clientKey}`,
          points: 1,
          durationMs: 3_600_000,
          name: 'client_registrations_per_hour',
          limit: perHour,
        },
      ],
      this.clock(),
    );
  }

  /** Counts one sign-up against its client (signup-limit.ts: an address, or an IPv6 /64) for the hour. */
  async chargeSignup(clientKey: string, perHour: number): Promise<void> {
    await this.charge(
      [
        {
          key: `signups_per_hour:${clientKey}`,
          points: 1,
          durationMs: 3_600_000,
          name: 'signups_per_hour',
          limit: perHour,
        },
      ],
      this.clock(),
    );
  }

  /**
   * Counts one web sign-in attempt against its client for the hour, before its key is looked at: beyond the
   * limit it throws `rate_limited` and the key is never checked. A sign-in that succeeds is given back
   * (`forgiveSignIn`), so only failures use the allowance.
   */
  async chargeSignIn(clientKey: string, failuresPerHour: number): Promise<void> {
    await this.charge(
      [
        {
          key: signInKey(clientKey),
          points: 1,
          durationMs: 3_600_000,
          name: 'failed_sign_ins_per_hour',
          limit: failuresPerHour,
        },
      ],
      this.clock(),
    );
  }

  /** Takes back the point of a sign-in that succeeded. */
  async forgiveSignIn(clientKey: string): Promise<void> {
    await this.counters.refund(signInKey(clientKey), 1);
  }

  /** Charges every window at once; the first window over its limit refuses, and the others are refunded. */
  private async charge(windows: readonly Window[], now: Date): Promise<void> {
    const states = await this.counters.charge(windows, now.getTime());
    const refusing = windows.find((w) => stateOf(states, w).points > w.limit);
    if (!refusing) return;
    for (const other of windows) {
      if (other !== refusing) await this.counters.refund(other.key, other.points);
    }
    const msLeft = stateOf(states, refusing).expire - now.getTime();
    const wait = refusing.retryAfterSeconds ?? Math.max(1, Math.ceil(msLeft / 1000));
    throw new ServiceError(
      'rate_limited',
      `Rate limit reached (${refusing.limit} ${describe(refusing.name)}): wait ${wait} seconds`,
      { limit: refusing.name, limit_value: refusing.limit, retry_after_seconds: wait },
    );
  }
}

function stateOf(states: Map<string, CounterState>, window: Window): CounterState {
  const state = states.get(window.key);
  if (!state) throw new Error(`the quota counter returned no row for ${window.key}`);
  return state;
}

function describe(name: LimitName): string {
  return {
    requests_per_minute: 'requests a minute',
    requests_per_day: 'requests a day',
    free_messages_per_minute: 'protocol messages a minute',
    signups_per_hour: 'sign-ups an hour from one address',
    failed_sign_ins_per_hour: 'failed sign-ins an hour from one address',
    client_registrations_per_hour: 'OAuth client registrations an hour from one address',
  }[name];
}

function signInKey(clientKey: string): string {
  return `failed_sign_ins_per_hour:${clientKey}`;
}

function secondsToUtcMidnight(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}
