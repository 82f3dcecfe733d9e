import { z } from 'zod';
import {
  accountsBasisSchema,
  accountsDocumentSchema,
  figuresSchema,
  type AccountsBasis,
  type AccountsYearView,
} from './accounts-figures';
import { yearRatios, yearRatiosSchema } from './ratios';
import { financialSignals, financialSignalSchema } from './signals';
import { trendSchema, yearOnYearTrends } from './trends';

/*
 * A company's figures over the years on one basis, with what can honestly be computed from them. One basis,
 * because group and company figures of the same year are different things and a trend across them would be
 * nonsense. Only years with figures take part; scanned years (no figures) are listed by get_accounts.
 */

export const historyYearSchema = z.object({
  period_end: z.iso.date(),
  period_start: z.iso.date().nullable(),
  origin: z.enum(['filed', 'comparative']),
  profit_and_loss_filed: z.boolean(),
  document: accountsDocumentSchema,
  figures: figuresSchema,
  ratios: yearRatiosSchema,
});
export type HistoryYear = z.infer<typeof historyYearSchema>;

export const financialHistorySchema = z.object({
  company_number: z.string(),
  basis: accountsBasisSchema,
  basis_reason: z.string().describe('Why this basis: requested, or the default rule applied to this company'),
  bases_held: z.array(accountsBasisSchema).describe('Every basis figures are held on for the company'),
  currency: z.literal('GBP'),
  years: z.array(historyYearSchema).describe('Newest first'),
  trends: z.array(trendSchema).describe('Year on year, newest pair first'),
  signals: z.array(financialSignalSchema),
});
export type FinancialHistory = z.infer<typeof financialHistorySchema>;

/**
 * The basis shown when the caller names none: group where the newest year held has group figures (a parent's
 * own accounts say little about the business it runs), otherwise company.
 */
export function defaultBasis(years: readonly Pick<AccountsYearView, 'period_end' | 'basis'>[]): {
  basis: AccountsBasis;
  reason: string;
} {
  const newest = years.reduce<string | null>(
    (max, year) => (max === null || year.period_end > max ? year.period_end : max),
    null,
  );
  if (newest !== null && years.some((year) => year.period_end === newest && year.basis === 'group'))
    return { basis: 'group', reason: `default: the newest accounts held (${newest}) have group figures` };
  return {
    basis: 'company',
    reason:
      newest === null
        ? 'default: no figures are held'
        : `default: the newest accounts held (${newest}) have no group figures`,
  };
}

/** Years with figures (any order, any basis; scanned years are ignored) → the history on one basis. */
export function financialHistory(
  companyNumber: string,
  years: readonly AccountsYearView[],
  requested: AccountsBasis | undefined,
): FinancialHistory {
  const withFigures = years.filter((year) => year.origin !== 'scanned');
  const choice =
    requested === undefined ? defaultBasis(withFigures) : { basis: requested, reason: 'requested' };
  const history: HistoryYear[] = withFigures
    .filter((year) => year.basis === choice.basis)
    .sort((a, b) => (a.period_end < b.period_end ? 1 : a.period_end > b.period_end ? -1 : 0))
    .map((year) => ({
      period_end: year.period_end,
      period_start: year.period_start,
      origin: year.origin as 'filed' | 'comparative',
      profit_and_loss_filed: year.profit_and_loss_filed === true,
      document: year.document,
      figures: year.figures,
      ratios: yearRatios(year.figures, year.profit_and_loss_filed),
    }));
  const trends = yearOnYearTrends(history);
  const bases = new Set(withFigures.map((year) => year.basis));
  return {
    company_number: companyNumber,
    basis: choice.basis,
    basis_reason: choice.reason,
    bases_held: (['company', 'group'] as const).filter((basis) => bases.has(basis)),
    currency: 'GBP',
    years: history,
    trends,
    signals: financialSignals(history, trends),
  };
}
