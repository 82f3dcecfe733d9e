import type { Figures } from './accounts-figures';

/** "£1,234,567"; "-£1,234" for a negative amount. Whole pounds, as filed. */
export function formatPounds(value: number): string {
  const digits = Math.abs(value).toLocaleString('en-GB', { maximumFractionDigits: 0 });
  return `${value < 0 ? '-' : ''}£${digits}`;
}

/**
 * The sentence a financials_available alert shows, e.g. "figures from accounts made up to 2026-03-31 are
 * available: turnover £1,234,567, profit £12,345, net assets £45,678". Only figures the accounts state.
 */
export function describeFiguresAvailable(year: {
  period_end: string;
  basis: 'company' | 'group';
  figures: Figures;
}): string {
  const { turnover, profit_loss: profit, net_assets: netAssets } = year.figures;
  const parts: string[] = [];
  if (turnover !== null) parts.push(`turnover ${formatPounds(turnover)}`);
  if (profit !== null)
    parts.push(profit < 0 ? `loss ${formatPounds(-profit)}` : `profit ${formatPounds(profit)}`);
  if (netAssets !== null)
    parts.push(
      netAssets < 0 ? `net liabilities ${formatPounds(-netAssets)}` : `net assets ${formatPounds(netAssets)}`,
    );
  const subject = `${year.basis === 'group' ? 'group figures' : 'figures'} from accounts made up to ${year.period_end} are available`;
  return parts.length === 0 ? subject : `${subject}: ${parts.join(', ')}`;
}
