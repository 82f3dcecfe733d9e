import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { z } from 'zod';
import { sanctionsScreenSchema } from '../domain/sanctions/screening/sanctions-screen-result';
import { screenCompanySanctions } from '../domain/sanctions/screening/screen-company';
import { startDeadline } from '../domain/deadline';
import { booleanArgument } from '../domain/boolean-argument';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

export const screenSanctions = keyedOperation({
  name: 'screen_sanctions',
  title: 'Screen a company, its officers and owners against the UK Sanctions List',
  description:
    'Checks a company’s name and previous names, its current officers and its persons with significant ' +
    'control (include_resigned=true adds resigned officers and ceased PSCs) against the current UK Sanctions ' +
    'List: people against designated individuals, companies and corporate officers or owners against designated ' +
    'entities and ships; the company’s own number and corporate officers’ and owners’ registration numbers ' +
    'against the registration numbers the list publishes, a shared number being a match whatever the names. ' +
    'Each potential match is returned for review with its score (0–1), the threshold it ' +
    'passed, the designation (unique id, names, regimes, dates) and an explanation: which listed name matched ' +
    'which name word by word, and what the date of birth (month and year, as Companies House gives it), ' +
    'nationality, residence and registry numbers added or took away. `screened` lists every name compared and `list` the version ' +
    'used, so no match is a meaningful answer. A name match is not a finding that anyone is sanctioned.',
  method: 'GET',
  path: '/company/{company_number}/sanctions-screen',
  lowestPlan: 'starter',
  cost: 1,
  errors: ['deadline_exceeded'],
  companyOnDemand: (input) => input.company_number,
  tool: readOnlyTool,
  input: z
    .object({
      company_number: companyNumberInput,
      include_resigned: booleanArgument
        .default(false)
        .describe('true: also screen resigned officers and ceased persons with significant control'),
    })
    .strict(),
  output: sanctionsScreenSchema,
  async handler(input, { em, now, services }) {
    return screenCompanySanctions(em, requireCompanyNumber(input.company_number, 'company_number'), {
      includeResigned: input.include_resigned,
      now,
      match: { thresholds: services.config.sanctionsMatchThresholds },
      deadline: startDeadline('sanctions screen', services.config.SANCTIONS_SCREEN_DEADLINE_MS),
    });
  },
});
