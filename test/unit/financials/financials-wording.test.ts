import { describeFiguresAvailable, formatPounds } from '../../../src/domain/financials/financials-wording';
import { figures } from './figures-helpers';

describe('formatPounds', () => {
  it('writes whole pounds with thousands separators, a minus before the sign for negatives', () => {
    expect(formatPounds(1234567)).toBe('£1,234,567');
    expect(formatPounds(0)).toBe('£0');
    expect(formatPounds(999)).toBe('£999');
    expect(formatPounds(-38900)).toBe('-£38,900');
  });
});

describe('describeFiguresAvailable', () => {
  it('names turnover, profit and net assets as filed', () => {
    expect(
      describeFiguresAvailable({
        period_end: '2026-03-31',
        basis: 'company',
        figures: figures({ turnover: 1234567, profit_loss: 12345, net_assets: 45678, cash: 5 }),
      }),
    ).toBe(
      'figures from accounts made up to 2026-03-31 are available: turnover £1,234,567, profit £12,345, net assets £45,678',
    );
  });

  it('says loss and net liabilities for negative figures, and group for consolidated ones', () => {
    expect(
      describeFiguresAvailable({
        period_end: '2025-12-31',
        basis: 'group',
        figures: figures({ profit_loss: -38900, net_assets: -1985 }),
      }),
    ).toBe(
      'group figures from accounts made up to 2025-12-31 are available: loss £38,900, net liabilities £1,985',
    );
  });

  it('leaves out what the accounts do not state', () => {
    expect(
      describeFiguresAvailable({
        period_end: '2024-06-30',
        basis: 'company',
        figures: figures({ cash: 10 }),
      }),
    ).toBe('figures from accounts made up to 2024-06-30 are available');
    expect(
      describeFiguresAvailable({
        period_end: '2024-06-30',
        basis: 'company',
        figures: figures({ net_assets: 0 }),
      }),
    ).toBe('figures from accounts made up to 2024-06-30 are available: net assets £0');
  });
});
