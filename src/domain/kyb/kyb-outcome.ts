import { z } from 'zod';

export const kybOutcomes = ['pass', 'refer', 'fail', 'unable_to_check'] as const;
export const kybOutcomeSchema = z.enum(kybOutcomes);
export type KybOutcome = z.infer<typeof kybOutcomeSchema>;

/*
 * Most severe first. fail outranks unable_to_check: a fail is read from the register alone (dissolved, in
 * liquidation, not the stated company), and no missing data could turn it into a pass. unable_to_check outranks
 * refer: when a check could not run, the refer reasons found are not the whole picture, and a "refer" would let a
 * reviewer believe everything was looked at. pass only when nothing else fired. docs/kyb.md states this order and
 * a test compares it.
 */
export const OUTCOME_PRECEDENCE: readonly KybOutcome[] = ['fail', 'unable_to_check', 'refer', 'pass'];

const rank = (outcome: KybOutcome): number => OUTCOME_PRECEDENCE.indexOf(outcome);

/** The most severe of the outcomes; pass for none. */
export function mostSevereOutcome(outcomes: readonly KybOutcome[]): KybOutcome {
  return outcomes.reduce<KybOutcome>(
    (worst, outcome) => (rank(outcome) < rank(worst) ? outcome : worst),
    'pass',
  );
}
