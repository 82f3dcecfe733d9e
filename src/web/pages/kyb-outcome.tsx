import type { KybOutcome } from '../../domain/kyb/kyb-outcome';

/** The outcome in words, as a reader of a compliance file expects them (the code stays beside it). */
export const OUTCOME_TEXT: Record<KybOutcome, string> = {
  pass: 'Pass',
  refer: 'Refer',
  fail: 'Fail',
  unable_to_check: 'Unable to check',
};

/** An outcome as a badge: the word always printed (and the code), colour only repeating it. */
export function OutcomeBadge({ outcome }: { outcome: KybOutcome }) {
  return (
    <span class={`outcome outcome-${outcome}`} data-outcome={outcome}>
      {OUTCOME_TEXT[outcome]}
    </span>
  );
}
