import type { MeasureName } from '../financials/accounts-measures';
import { financialHistory, type FinancialHistory } from '../financials/financial-history';
import { formatPounds } from '../financials/financials-wording';
import type { FinancialSignal } from '../financials/signals';
import { evidence } from './health-evidence';
import type { HealthFacts } from './health-facts';
import { fired, notApplied, passed, type RuleEvaluator } from './rule-outcome';

/*
 * The financial rules are get_financial_history's signals, not a second reading of the accounts: the same
 * history (default basis) built from the accounts years known on the day, each signal's figures carried over
 * with the tagged facts they were read from. What a rule could not check for want of a figure is missing data.
 */

const histories = new WeakMap<HealthFacts, FinancialHistory>();

/** The history of the years known on the day; computed once per facts (the rules and valid_until reuse it). */
export function historyOf(facts: HealthFacts): FinancialHistory {
  let history = histories.get(facts);
  if (!history) {
    history = financialHistory(facts.companyNumber, facts.accountsYears, undefined);
    histories.set(facts, history);
  }
  return history;
}

type SignalCode = FinancialSignal['code'];

/** What the rule looks at in the newest year, or why it cannot. */
function inputsOf(code: SignalCode, history: FinancialHistory): { lookedAt: string } | { missing: string } {
  const latest = history.years[0]!;
  const at = `at ${latest.period_end}`;
  const fall = (measure: MeasureName, label: string) => {
    const trend = history.trends.find(
      (candidate) => candidate.measure === measure && candidate.to_period_end === latest.period_end,
    );
    return trend
      ? {
          lookedAt: `${label} ${formatPounds(trend.from_value)} at ${trend.from_period_end}, ${formatPounds(trend.to_value)} at ${trend.to_period_end}: no fall`,
        }
      : { missing: `${label.toLowerCase()} is not stated for both of the two latest years held` };
  };
  switch (code) {
    case 'net_liabilities': {
      const value = latest.figures.net_assets;
      return value === null
        ? { missing: `net assets are not stated in the accounts made up to ${latest.period_end}` }
        : { lookedAt: `net assets ${formatPounds(value)} ${at}` };
    }
    case 'loss_making_years_in_a_row': {
      const profit = latest.figures.profit_loss;
      if (!latest.profit_and_loss_filed || profit === null)
        return { missing: `no profit and loss account in the accounts made up to ${latest.period_end}` };
      return {
        lookedAt:
          profit < 0
            ? `loss ${formatPounds(-profit)} ${at}, but not two years running`
            : `profit ${formatPounds(profit)} ${at}`,
      };
    }
    case 'falling_cash':
      return fall('cash', 'Cash');
    case 'current_ratio_below_one': {
      const ratio = latest.ratios.current_ratio;
      return ratio.value === null
        ? { missing: `current ratio ${at} cannot be computed: ${ratio.reason}` }
        : { lookedAt: `current ratio ${ratio.value} ${at}` };
    }
    case 'falling_turnover':
      return fall('turnover', 'Turnover');
  }
}

/** One of get_financial_history's signals as a health rule; `points` by the signal's severity. */
export function financialSignalRule(
  code: SignalCode,
  pointsOf: (signal: FinancialSignal) => number,
): RuleEvaluator {
  return (facts) => {
    if (!facts.imported.has('accounts')) return notApplied('accounts figures were never imported');
    const history = historyOf(facts);
    if (history.years.length === 0) return notApplied('no accounts figures are held for the day');
    const signal = history.signals.find((candidate) => candidate.code === code);
    if (!signal) {
      const inputs = inputsOf(code, history);
      return 'missing' in inputs
        ? notApplied(inputs.missing)
        : passed(`${inputs.lookedAt} (${history.basis} basis)`);
    }
    const sourcesOf = (periodEnd: string, measure: MeasureName) =>
      facts.accountsYears.find((year) => year.period_end === periodEnd && year.basis === history.basis)
        ?.sources[measure] ?? [];
    return fired({
      points: pointsOf(signal),
      detail: `${signal.message} (${history.basis} basis).`,
      evidence: evidence({
        fields: [
          { name: 'basis', value: history.basis },
          { name: 'severity', value: signal.severity },
        ],
        dates: signal.period_ends.map((periodEnd) => ({ name: 'period_end', date: periodEnd })),
        accounts_figures: signal.figures.map((figure) => ({
          ...figure,
          sources: sourcesOf(figure.period_end, figure.measure),
        })),
      }),
    });
  };
}

const THIN_ACCOUNTS = ['dormant', 'micro'];

/** Dormant and micro-entity accounts hold a balance sheet at most: less evidence, not less health. */
export function limitedAccountsRule(): RuleEvaluator {
  return (facts) => {
    const latestYear = historyOf(facts).years[0];
    const fromYear = facts.accountsYears.find(
      (year) => year.period_end === latestYear?.period_end,
    )?.accounts_type;
    const type = fromYear ?? facts.profile.lastAccountsType;
    const madeUpTo = latestYear?.period_end ?? facts.profile.lastAccountsMadeUpTo;
    if (type === null || type === undefined)
      return notApplied('the type of the latest accounts is not known');
    if (!THIN_ACCOUNTS.some((kind) => type.includes(kind)))
      return passed(`latest accounts${madeUpTo ? ` (made up to ${madeUpTo})` : ''} are ${type}`);
    const dormant = type.includes('dormant');
    return fired({
      points: 0,
      lowersConfidence: `the latest accounts are ${dormant ? 'dormant' : 'micro-entity'} accounts, which hold little to judge by`,
      detail:
        `The latest accounts${madeUpTo ? `, made up to ${madeUpTo},` : ''} are ${type} accounts: ` +
        (dormant ? 'the company reported no significant transactions' : 'a balance sheet with few lines') +
        '. This lowers the confidence of the score, not the score.',
      evidence: evidence({
        fields: [{ name: 'accounts_type', value: type }],
        dates: madeUpTo ? [{ name: 'last_accounts_made_up_to', date: madeUpTo }] : [],
      }),
    });
  };
}
