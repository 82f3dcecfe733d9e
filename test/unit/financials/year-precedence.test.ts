import { becomesFiled, incomingYearWins } from '../../../src/domain/financials/year-precedence';

const filed = (documentPeriodEnd: string) => ({ origin: 'filed' as const, documentPeriodEnd });
const comparative = (documentPeriodEnd: string) => ({ origin: 'comparative' as const, documentPeriodEnd });

describe('which document’s figures a year keeps', () => {
  it('stores a year the store does not hold, whatever its origin', () => {
    expect(incomingYearWins(undefined, filed('2024-03-31'))).toBe(true);
    expect(incomingYearWins(undefined, comparative('2025-03-31'))).toBe(true);
  });

  it('lets a filing replace a comparative, and a later filing of the same year (amended accounts) replace it', () => {
    expect(incomingYearWins(comparative('2025-03-31'), filed('2024-03-31'))).toBe(true);
    expect(incomingYearWins(filed('2024-03-31'), filed('2024-03-31'))).toBe(true);
  });

  it('never lets a comparative overwrite a filed year, even from a newer document', () => {
    expect(incomingYearWins(filed('2024-03-31'), comparative('2025-03-31'))).toBe(false);
    expect(incomingYearWins(filed('2024-03-31'), comparative('2026-03-31'))).toBe(false);
  });

  it('between comparatives keeps the one from the newest document', () => {
    expect(incomingYearWins(comparative('2025-03-31'), comparative('2026-03-31'))).toBe(true);
    expect(incomingYearWins(comparative('2026-03-31'), comparative('2025-03-31'))).toBe(false);
    expect(incomingYearWins(comparative('2025-03-31'), comparative('2025-03-31'))).toBe(true);
    expect(
      incomingYearWins({ origin: 'comparative', documentPeriodEnd: null }, comparative('2025-03-31')),
    ).toBe(true);
  });

  it('announces a year only when it becomes held as filed', () => {
    expect(becomesFiled(undefined, filed('2024-03-31'))).toBe(true);
    expect(becomesFiled(comparative('2025-03-31'), filed('2024-03-31'))).toBe(true);
    expect(becomesFiled(filed('2024-03-31'), filed('2024-03-31'))).toBe(false);
    expect(becomesFiled(undefined, comparative('2025-03-31'))).toBe(false);
    expect(becomesFiled(comparative('2024-03-31'), comparative('2025-03-31'))).toBe(false);
  });
});
