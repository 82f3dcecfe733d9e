import { z } from 'zod';
import type { HealthFacts } from './health-facts';
import type { RuleOutcome } from './rule-outcome';
import type { CompanyResource } from '../../db/entities/company-resource-import';

/*
 * How much the score rests on: high when every detail resource was imported and the accounts have figures to
 * judge by; medium when one or two resources are missing, the latest accounts are dormant or micro-entity, no
 * figures are held, or the day lies before the register change feed; low when three or more are missing.
 */

/**
 * The detail resources the health rules read: a company without one of them is scored on less. (The PSC
 * exemptions resource is KYB's, not the score's: its absence lowers nothing here.)
 */
export const healthResources: readonly CompanyResource[] = [
  'officers',
  'persons_with_significant_control',
  'filing_history',
  'charges',
  'insolvency',
  'accounts',
];

export const confidenceLevels = ['high', 'medium', 'low'] as const;

export const confidenceSchema = z.object({
  level: z.enum(confidenceLevels),
  reasons: z.array(z.string()).describe('What lowered it; empty when high'),
});
export type Confidence = z.infer<typeof confidenceSchema>;

export function confidenceOf(
  facts: HealthFacts,
  outcomes: readonly RuleOutcome[],
  feedReachesDay: boolean,
): Confidence {
  const missing = healthResources.filter((resource) => !facts.imported.has(resource));
  const reasons: string[] = [];
  if (missing.length > 0) reasons.push(`never imported: ${missing.join(', ')}`);
  for (const outcome of outcomes)
    if (outcome.status === 'fired' && outcome.lowersConfidence) reasons.push(outcome.lowersConfidence);
  if (facts.imported.has('accounts') && facts.accountsYears.length === 0)
    reasons.push('no accounts figures are held for the day');
  if (!feedReachesDay)
    reasons.push(
      'the day lies before the register change feed began: the register state on it is partly assumed',
    );
  const level = missing.length >= 3 ? 'low' : reasons.length > 0 ? 'medium' : 'high';
  return { level, reasons };
}
