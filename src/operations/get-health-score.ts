import { z } from 'zod';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { isoDay } from '../domain/companies/company-profile';
import { notFound, ServiceError } from '../domain/errors';
import { healthScoreSchema } from '../domain/health/health-result';
import { healthScores } from '../domain/health/score-company';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

export const getHealthScore = keyedOperation({
  name: 'get_health_score',
  title: 'Get a company’s health score with the evidence behind it',
  description:
    'A rules-based health indicator for one company, not a credit rating: score 0–100 (100 minus the points of ' +
    'each rule that fired, then any cap), grade A–E, risk_level low/moderate/high/severe (severe whenever the ' +
    'status is dissolved, insolvent or proposed for strike-off), model_version and the calculation. signals: ' +
    'every rule that fired (status, filing_discipline, financial, charges_and_insolvency, ' +
    'governance_and_ownership, age_and_activity) with its stable code, effect on the score, a plain-English ' +
    'detail and its evidence: register fields and dates, filings by transaction_id, accounts figures with the ' +
    'tagged facts they were read from, charge, officer, PSC statement and insolvency case ids (fetch them with ' +
    'get_filing_history, get_financial_history, get_officers, get_persons_with_significant_control, ' +
    'get_company). checks_passed: every rule that did not fire and what it looked at, so "no overdue filings" ' +
    'is as well founded as "accounts 120 days overdue". missing_data: detail resources never imported and the ' +
    'rules that could not be applied. confidence: high, medium or low with the reasons. score is null (with ' +
    'score_unavailable_reason) when there is not enough data, never guessed. Pass as_of (YYYY-MM-DD, not in the ' +
    'future) to score the company as it was known on that day: reconstruction says how. valid_until: the first ' +
    'day the same data would score differently (a due date passing, a window ending). The rule table is in ' +
    'docs/health-score.md.',
  method: 'GET',
  path: '/company/{company_number}/health-score',
  lowestPlan: 'starter',
  cost: 1,
  companyOnDemand: (input) => input.company_number,
  tool: readOnlyTool,
  input: z
    .object({
      company_number: companyNumberInput,
      as_of: z.iso
        .date()
        .optional()
        .describe(
          'YYYY-MM-DD: score the company as known on that day; default today (UTC); not in the future',
        ),
    })
    .strict(),
  output: healthScoreSchema,
  async handler(input, { em, now }) {
    const companyNumber = requireCompanyNumber(input.company_number, 'company_number');
    const today = isoDay(now);
    const asOf = input.as_of ?? today;
    if (asOf > today)
      throw new ServiceError(
        'invalid_argument',
        `Invalid argument as_of: ${asOf} is in the future (today is ${today})`,
        {
          argument: 'as_of',
          as_of: asOf,
          today,
        },
      );
    const [score] = await healthScores(em, [companyNumber], asOf);
    if (!score) throw notFound('Company', { company_number: companyNumber });
    return score;
  },
});
