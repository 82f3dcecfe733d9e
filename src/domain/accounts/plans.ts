import { z } from 'zod';

// The plans and their quotas, in one table. Free is fixed by the spec (1,000 a day, 30 a minute);
// Starter and Team are our decision (docs/decisions.md). `rank` orders plans for "lowest plan" checks.
export const planNames = ['free', 'starter', 'team'] as const;
export const planNameSchema = z.enum(planNames);
export type PlanName = z.infer<typeof planNameSchema>;

export interface Plan {
  name: PlanName;
  rank: number;
  requestsPerDay: number;
  requestsPerMinute: number;
  /** Protocol messages that fetch no data (tools/list, initialize …): not charged, but capped. */
  freeMessagesPerMinute: number;
  /** Free search returns the first page only (spec: up to 10 results). */
  searchFirstPageOnly: boolean;
}

export const plans: Record<PlanName, Plan> = {
  free: {
    name: 'free',
    rank: 0,
    requestsPerDay: 1_000,
    requestsPerMinute: 30,
    freeMessagesPerMinute: 120,
    searchFirstPageOnly: true,
  },
  starter: {
    name: 'starter',
    rank: 1,
    requestsPerDay: 20_000,
    requestsPerMinute: 120,
    freeMessagesPerMinute: 120,
    searchFirstPageOnly: false,
  },
  team: {
    name: 'team',
    rank: 2,
    requestsPerDay: 200_000,
    requestsPerMinute: 600,
    freeMessagesPerMinute: 120,
    searchFirstPageOnly: false,
  },
};

export function planAllows(held: PlanName, lowest: PlanName): boolean {
  return plans[held].rank >= plans[lowest].rank;
}
