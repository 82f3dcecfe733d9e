import type { KybFacts } from '../kyb-facts';
import type { KybCheck } from '../kyb-reasons';
import type { KybReason } from '../kyb-result';

/** What one check found: the reasons it gives (none when it passed) and what it saw, in words. */
export interface RuleFinding {
  reasons: KybReason[];
  detail: string;
}

/** One check of the rule set: a pure function of the facts. */
export interface KybRule {
  check: KybCheck;
  apply(facts: KybFacts): RuleFinding;
}
