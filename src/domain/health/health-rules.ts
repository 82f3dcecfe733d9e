import { youngCompanyRule } from './age-rules';
import { insolvencyHistoryRule, outstandingChargesRule, recentChargeRule } from './charges-insolvency-rules';
import { gazetteNoticeRule, lateFilingsRule, officeMovesRule, overdueRule } from './filing-rules';
import { financialSignalRule, limitedAccountsRule } from './financial-rules';
import {
  disqualificationHistoryRule,
  disqualifiedDirectorRule,
  noPscIdentifiedRule,
  officerChurnRule,
} from './governance-rules';
import type { HealthCategory, RuleEvaluator } from './rule-outcome';
import { statusRule, strikeOffProposalRule } from './status-rules';

/*
 * The health-score rules: one row each, in the order results list them. docs/health-score.md publishes this
 * table (code, category, effect, rationale) and a unit test compares the two, so they cannot drift apart.
 * Changing a rule, a weight or a band means bumping HEALTH_MODEL_VERSION, so stored scores are redone.
 */

export interface HealthRule {
  /** Stable: results, stored summaries and customers' code refer to it. */
  code: string;
  title: string;
  category: HealthCategory;
  /** The effect on the score in words, as published. */
  effect: string;
  /** Why it weighs what it does, naming a public source where one supports it. */
  rationale: string;
  evaluate: RuleEvaluator;
}

export const HEALTH_RULES: readonly HealthRule[] = [
  {
    code: 'status_dissolved',
    title: 'Dissolved or closed',
    category: 'status',
    effect: 'caps the score at 0; risk severe',
    rationale:
      'A dissolved company no longer exists as a legal person (Companies Act 2006 Part 31); a closed, removed or converted one is no longer on the register as a company',
    evaluate: statusRule(
      ['dissolved', 'converted-closed', 'removed', 'closed'],
      0,
      'the company no longer exists as a company on the register',
    ),
  },
  {
    code: 'status_liquidation',
    title: 'In liquidation',
    category: 'status',
    effect: 'caps the score at 10; risk severe',
    rationale:
      'Winding up ends the business and realises its assets for creditors (Insolvency Act 1986 Part IV)',
    evaluate: statusRule(['liquidation'], 10, 'the company is being wound up'),
  },
  {
    code: 'status_administration',
    title: 'In administration',
    category: 'status',
    effect: 'caps the score at 15; risk severe',
    rationale:
      'An administrator runs the company for its creditors; it may be rescued, sold or wound up (Insolvency Act 1986 Schedule B1)',
    evaluate: statusRule(['administration'], 15, 'an administrator runs the company for its creditors'),
  },
  {
    code: 'status_receivership',
    title: 'In receivership',
    category: 'status',
    effect: 'caps the score at 15; risk severe',
    rationale: 'A receiver realises charged assets for a secured creditor (Insolvency Act 1986 Part III)',
    evaluate: statusRule(['receivership'], 15, 'a receiver realises assets for a secured creditor'),
  },
  {
    code: 'status_insolvency_proceedings',
    title: 'In insolvency proceedings',
    category: 'status',
    effect: 'caps the score at 15; risk severe',
    rationale:
      'The register records insolvency proceedings not named by a more specific status (Insolvency Act 1986)',
    evaluate: statusRule(['insolvency-proceedings'], 15, 'insolvency proceedings are under way'),
  },
  {
    code: 'status_voluntary_arrangement',
    title: 'In a company voluntary arrangement',
    category: 'status',
    effect: 'caps the score at 30; risk severe',
    rationale:
      'The company trades on under a compromise with its creditors; it could not pay them in full (Insolvency Act 1986 Part I)',
    evaluate: statusRule(
      ['voluntary-arrangement'],
      30,
      'the company trades under an arrangement with creditors it could not pay in full',
    ),
  },
  {
    code: 'status_proposal_to_strike_off',
    title: 'Proposal to strike off',
    category: 'status',
    effect: 'caps the score at 30; risk severe',
    rationale:
      'A first Gazette notice says the company will be struck off and dissolved unless cause is shown (Companies Act 2006 s.1000(3), s.1003(3))',
    evaluate: strikeOffProposalRule(30),
  },
  {
    code: 'accounts_overdue',
    title: 'Accounts overdue',
    category: 'filing_discipline',
    effect: '-10 (1–30 days overdue), -20 (31–90), -30 (91–180), -40 (181 or more)',
    rationale:
      'Accounts are due 9 months after the period ends (6 for a public company) (Companies Act 2006 s.441–442); late filing penalties rise in the same bands (s.453, Companies (Late Filing Penalties) Regulations 2008)',
    evaluate: overdueRule(
      'accounts',
      (facts) => ({
        nextDue: facts.profile.nextAccountsDue,
        lastMadeUpTo: facts.profile.lastAccountsMadeUpTo,
      }),
      [
        { fromDay: 1, points: 10 },
        { fromDay: 31, points: 20 },
        { fromDay: 91, points: 30 },
        { fromDay: 181, points: 40 },
      ],
    ),
  },
  {
    code: 'confirmation_statement_overdue',
    title: 'Confirmation statement overdue',
    category: 'filing_discipline',
    effect: '-5 (1–30 days overdue), -10 (31–90), -15 (91 or more)',
    rationale:
      'A confirmation statement is due within 14 days of its review period (Companies Act 2006 s.853A); not delivering one is an offence (s.853L) and a ground for strike-off',
    evaluate: overdueRule(
      'confirmation statement',
      (facts) => ({
        nextDue: facts.profile.confirmationStatementNextDue,
        lastMadeUpTo: facts.profile.confirmationStatementLastMadeUpTo,
      }),
      [
        { fromDay: 1, points: 5 },
        { fromDay: 31, points: 10 },
        { fromDay: 91, points: 15 },
      ],
    ),
  },
  {
    code: 'late_accounts_filings',
    title: 'Accounts filed late',
    category: 'filing_discipline',
    effect: '-5 per accounts filing made after its deadline in the last 3 years, at most -15',
    rationale:
      'Filing after the statutory deadline (Companies Act 2006 s.442) draws a late filing penalty (s.453); a habit of it is a sign of poor control even once caught up',
    evaluate: lateFilingsRule('accounts', 5, 15),
  },
  {
    code: 'late_confirmation_statements',
    title: 'Confirmation statements filed late',
    category: 'filing_discipline',
    effect:
      '-3 per confirmation statement filed more than 14 days after its made-up date in the last 3 years, at most -9',
    rationale:
      'A confirmation statement is due within 14 days (Companies Act 2006 s.853A); lateness is weaker evidence than late accounts',
    evaluate: lateFilingsRule('confirmation statements', 3, 9),
  },
  {
    code: 'gazette_notice',
    title: 'Gazette notice',
    category: 'filing_discipline',
    effect: '-15 when a Gazette notice was filed in the last 12 months',
    rationale:
      'Gazette notices on the filing history are strike-off or dissolution steps (Companies Act 2006 s.1000, s.1003); a discontinued strike-off is not counted',
    evaluate: gazetteNoticeRule(15),
  },
  {
    code: 'net_liabilities',
    title: 'Net liabilities',
    category: 'financial',
    effect: '-15',
    rationale:
      'Liabilities exceed assets at the latest balance sheet: the balance-sheet test of inability to pay debts (Insolvency Act 1986 s.123(2))',
    evaluate: financialSignalRule('net_liabilities', () => 15),
  },
  {
    code: 'loss_making_years_in_a_row',
    title: 'Losses in a row',
    category: 'financial',
    effect: '-10 (2 years running), -15 (3 or more)',
    rationale: 'Repeated losses erode net assets; get_financial_history rates 3 or more years critical',
    evaluate: financialSignalRule('loss_making_years_in_a_row', (signal) =>
      signal.severity === 'critical' ? 15 : 10,
    ),
  },
  {
    code: 'current_ratio_below_one',
    title: 'Current ratio below one',
    category: 'financial',
    effect: '-8',
    rationale:
      'Debts due within a year exceed current assets: the cash-flow side of inability to pay debts as they fall due (Insolvency Act 1986 s.123(1)(e))',
    evaluate: financialSignalRule('current_ratio_below_one', () => 8),
  },
  {
    code: 'falling_cash',
    title: 'Falling cash',
    category: 'financial',
    effect: '-3',
    rationale:
      'Less cash than a year before; a fall alone can be a choice (a dividend, an investment), so it weighs little',
    evaluate: financialSignalRule('falling_cash', () => 3),
  },
  {
    code: 'falling_turnover',
    title: 'Falling turnover',
    category: 'financial',
    effect: '-3',
    rationale:
      'Less turnover than a year before; a fall alone can be a choice (a contract shed), so it weighs little',
    evaluate: financialSignalRule('falling_turnover', () => 3),
  },
  {
    code: 'limited_accounts_evidence',
    title: 'Dormant or micro-entity accounts',
    category: 'financial',
    effect: 'none on the score; confidence at most medium',
    rationale:
      'Dormant and micro-entity accounts hold little beyond a balance sheet (Companies Act 2006 s.384A, s.480): less evidence, not less health',
    evaluate: limitedAccountsRule(),
  },
  {
    code: 'insolvency_history',
    title: 'Insolvency history',
    category: 'charges_and_insolvency',
    effect: '-20',
    rationale:
      'A company that has been through insolvency proceedings (Insolvency Act 1986) has failed its creditors before',
    evaluate: insolvencyHistoryRule(20),
  },
  {
    code: 'outstanding_charges',
    title: 'Outstanding charges',
    category: 'charges_and_insolvency',
    effect: '-3',
    rationale:
      'Registered charges give lenders first claim on the assets they cover (Companies Act 2006 Part 25, s.859A); usual for a financed business, so a small weight',
    evaluate: outstandingChargesRule(3),
  },
  {
    code: 'recent_charge',
    title: 'Charge registered lately',
    category: 'charges_and_insolvency',
    effect: '-4 when a charge was created in the last 12 months',
    rationale:
      'New secured borrowing ranks ahead of unsecured creditors (Companies Act 2006 Part 25); recent borrowing can signal a need for cash',
    evaluate: recentChargeRule(4),
  },
  {
    code: 'officer_churn',
    title: 'Board turnover',
    category: 'governance_and_ownership',
    effect:
      '-10 when 2 or more board members resigned in the last 12 months and they were at least half of the board',
    rationale:
      'Directors leaving together is a common sign of trouble; no public weight exists, so the rule is ours',
    evaluate: officerChurnRule(2, 10),
  },
  {
    code: 'no_psc_identified',
    title: 'No person with significant control identified',
    category: 'governance_and_ownership',
    effect: '-5',
    rationale:
      'The PSC register must name who controls the company (Companies Act 2006 Part 21A, s.790D); a statement that no one is identified leaves the owners unknown',
    evaluate: noPscIdentifiedRule(5),
  },
  {
    code: 'disqualified_director',
    title: 'Disqualified director in office',
    category: 'governance_and_ownership',
    effect:
      '-30 when a board member in office is, by Companies House officer id, under a disqualification in force',
    rationale:
      'A disqualified person must not act as a director or manage a company (Company Directors Disqualification Act 1986 s.1, s.1A); doing so is an offence (s.13) and makes them liable for its debts (s.15)',
    evaluate: disqualifiedDirectorRule(30),
  },
  {
    code: 'disqualification_history',
    title: 'Past or possible disqualification on the board',
    category: 'governance_and_ownership',
    effect:
      '-10 when a board member in office had a disqualification that has ended or not started, or is linked to one only by name and month and year of birth',
    rationale:
      'A past order or undertaking found the person unfit to manage a company (CDDA 1986 s.6, s.7); a link by name and birth month may be a namesake, so it weighs as a sign to review, not as the offence',
    evaluate: disqualificationHistoryRule(10),
  },
  {
    code: 'frequent_office_moves',
    title: 'Frequent registered office changes',
    category: 'governance_and_ownership',
    effect: '-5 when the registered office moved 2 or more times in the last 12 months',
    rationale:
      'A company that keeps moving its registered office is harder to reach; no public weight exists, so the weight is small',
    evaluate: officeMovesRule(2, 5),
  },
  {
    code: 'young_company',
    title: 'Young company',
    category: 'age_and_activity',
    effect: '-10 (under 1 year old), -5 (1 to 2 years old)',
    rationale:
      'A young company has a short record, and survival rates are lowest in the first years (ONS Business demography, UK)',
    evaluate: youngCompanyRule([
      { underYears: 1, points: 10 },
      { underYears: 2, points: 5 },
    ]),
  },
];
