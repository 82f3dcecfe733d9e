import type Database from 'better-sqlite3';
import { Pool } from 'pg';
import { openRateLimitConnection, type RateLimitStoreTarget } from './rate-limit-connection';
import { RateLimiterPostgres, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type { RateLimitStoreTarget } from './rate-limit-connection';

export interface RateLimitSpec {
  /** Names the limit in the `rate_limits` table: keys are stored as `<keyPrefix>:<key>`. */
  keyPrefix: string;
  points: number;
  /** Window in seconds. */
  duration: number;
}

/**
 * The service's one shared store of rate-limit counters: the `rate_limits` table (migration 0004) of its own
 * database, counted with rate-limiter-flexible's atomic upserts so that every process of the service shares one
 * count. Used by the plan quotas and by the Companies House client's per-key limit.
 */
export class RateLimitStore {
  private readonly client: Database.Database | Pool;
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(target: RateLimitStoreTarget) {
    this.client = openRateLimitConnection(target);
  }

  /** One limiter per (prefix, points, duration), kept for the life of the store. */
  limiter({ keyPrefix, points, duration }: RateLimitSpec): RateLimiterAbstract {
    const id = `${keyPrefix}:${points}:${duration}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const common = { tableName: 'rate_limits', tableCreated: true, keyPrefix, points, duration };
      limiter =
        this.client instanceof Pool
          ? new RateLimiterPostgres({ ...common, storeClient: this.client, storeType: 'pool' })
          : new RateLimiterSQLite({ ...common, storeClient: this.client, storeType: 'better-sqlite3' });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  async close(): Promise<void> {
    if (this.client instanceof Pool) await this.client.end();
    else this.client.close();
  }
}
