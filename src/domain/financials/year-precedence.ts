/*
 * Which document's figures the store keeps for one year (company, period end, basis). A year's own filing is
 * the authority: it beats any later document's comparative, and a later filing of the same year (amended
 * accounts) replaces it. Comparatives only stand in while no filing is held; between two, the one restated in
 * the newer document wins, since that is the company's latest word on the year.
 */

export interface HeldYearSource {
  origin: 'filed' | 'comparative';
  /** The year end of the document the figures came from. */
  documentPeriodEnd: string | null;
}

export function incomingYearWins(held: HeldYearSource | undefined, incoming: HeldYearSource): boolean {
  if (held === undefined || incoming.origin === 'filed') return true;
  if (held.origin === 'filed') return false;
  return (incoming.documentPeriodEnd ?? '') >= (held.documentPeriodEnd ?? '');
}

/** True when the store did not hold the year as filed before and does now: worth telling a monitor about. */
export function becomesFiled(held: HeldYearSource | undefined, incoming: HeldYearSource): boolean {
  return incoming.origin === 'filed' && held?.origin !== 'filed';
}
