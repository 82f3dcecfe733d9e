import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { z } from 'zod';
import { sanctionsScreenSchema } from '../domain/sanctions/screening/sanctions-screen-result';
import { screenCompanySanctions } from '../domain/sanctions/screening/screen-company';
import { chosenSanctionsLists } from '../domain/sanctions/account-sanctions-lists';
import { startDeadline } from '../domain/deadline';
import { booleanArgument } from '../domain/boolean-argument';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

export const screenSanctions = keyedOperation({
  name: 'screen_sanctions',
  title: 'Screen a company, its officers and owners against the official sanctions lists',
  description:
    'Checks a company’s name and previous names, its current officers and its persons with significant ' +
    'control (include_resigned=true adds resigned officers and ceased PSCs) against the current version of every ' +
    'official sanctions list held (the UK Sanctions List, OFAC’s SDN list, the EU’s consolidated list, the UN ' +
    'Security Council’s consolidated list), or those the account chose: people against designated individuals, ' +
    'companies and corporate officers or owners against designated entities and ships; the company’s own number ' +
    'and corporate officers’ and owners’ registration numbers against the registration numbers the lists ' +
    'publish, a shared number being a match whatever the names. Each potential match is returned for review with ' +
    'its score (0–1), the threshold it passed, the designation (list, unique id, names, regimes, dates), every ' +
    'list it is on (`listings`: list, version, regime or programme, listing date; one designation on several ' +
    'lists is one match) and an explanation: which listed name matched which name word by word, and what the ' +
    'date of birth (month and year, as Companies House gives it), nationality, residence and registry numbers ' +
    'added or took away. `screened` lists every name compared, `lists` the list versions used and ' +
    '`lists_not_screened` the lists not used (not held, or not chosen), so no match is a meaningful answer. A ' +
    'name match is not a finding that anyone is sanctioned.',
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
  async handler(input, { em, now, services, account }) {
    return screenCompanySanctions(em, requireCompanyNumber(input.company_number, 'company_number'), {
      includeResigned: input.include_resigned,
      now,
      lists: (await chosenSanctionsLists(em, account.id)) ?? undefined,
      match: { thresholds: services.config.sanctionsMatchThresholds },
      deadline: startDeadline('sanctions screen', services.config.SANCTIONS_SCREEN_DEADLINE_MS),
    });
  },
});
