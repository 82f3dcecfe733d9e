import { ServiceError } from '../../domain/errors';
import { gated, type Gated } from './company-plan-note';

/*
 * A detail section (officers, PSCs, filings, charges, insolvency) of a company whose details the store does not
 * hold: the page says so in place of the section, rather than "none", which would be a claim the store cannot
 * make (docs/company-details.md, "Details not held").
 */

export interface DetailsNotHeld {
  notHeld: true;
}

/** A detail section's input: the answer, the plan's refusal, or that the details are not held. */
export type DetailsGated<T> = Gated<T> | DetailsNotHeld;

/** As gated, and a `details_not_held` refusal kept for the section too. */
export async function gatedDetails<T>(answer: Promise<T>): Promise<DetailsGated<T>> {
  try {
    return await gated(answer);
  } catch (thrown) {
    if (thrown instanceof ServiceError && thrown.code === 'details_not_held') return { notHeld: true };
    throw thrown;
  }
}

export function DetailsNotHeldNote({ what }: { what: string }) {
  return (
    <div class="notice details-not-held">
      <p>
        The {what} of this company are not held: it came from a source that carries the profile alone, and it
        has not been fetched from Companies House.
      </p>
    </div>
  );
}
