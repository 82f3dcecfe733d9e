import { createHash } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitStore } from '../../../db/rate-limit-store';

/** Companies House's published limit for the public data API: 600 requests in 5 minutes, per API key. */
export const COMPANIES_HOUSE_REQUESTS_PER_WINDOW = 600;
export const COMPANIES_HOUSE_WINDOW_SECONDS = 300;

/** Either the request may go now, or it may go after `waitMs`. */
export type BudgetDecision = { granted: true } | { granted: false; waitMs: number };

/** The requests a key may still make; shared by every process of the service. */
export interface RequestBudget {
  take(): Promise<BudgetDecision>;
}

/**
 * The per-key budget counted in the service's own database (table `rate_limits`, the store the plan quotas use),
 * so the API processes and workers together stay under Companies House's limit. The key is stored only as a
 * hash prefix: the table is not a place for secrets.
 */
export class SharedRequestBudget implements RequestBudget {
  private readonly key: string;

  constructor(
    private readonly store: RateLimitStore,
    apiKey: string,
    private readonly limit = {
      points: COMPANIES_HOUSE_REQUESTS_PER_WINDOW,
      duration: COMPANIES_HOUSE_WINDOW_SECONDS,
    },
  ) {
    this.key = createHash('sha256').update(apiKey).digest('hex').slice(0, 16);
  }

  async take(): Promise<BudgetDecision> {
    const limiter = this.store.limiter({ keyPrefix: 'companies_house_api', ...this.limit });
    try {
      await limiter.consume(this.key, 1);
      return { granted: true };
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      return { granted: false, waitMs: Math.max(1, error.msBeforeNext) };
    }
  }
}
