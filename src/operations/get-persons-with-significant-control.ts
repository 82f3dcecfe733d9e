import { z } from 'zod';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { requireDetailsHeld } from '../domain/companies/company-details-held';
import { pscRegisterSchema, pscStatuses, readPscRegister } from '../domain/pscs/psc-view';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

export const getPersonsWithSignificantControl = keyedOperation({
  name: 'get_persons_with_significant_control',
  title: 'Get persons with significant control',
  description:
    'Persons with significant control of one company: who owns or controls it and how. Each item gives the ' +
    'kind and a simple category (individual, corporate_entity, legal_entity, super_secure, beneficial-owner ' +
    'kinds), name, birth month and year, nationality, residence, address, identification of entities, and ' +
    'each nature of control as a code with plain-English words (e.g. holds 75% or more of the shares). A ' +
    'UK-registered corporate PSC that is itself on this register carries registered_company_number: call this ' +
    'tool again with it to follow the ownership chain. statements are what the company has declared instead ' +
    '(e.g. no one has significant control). Order: active first, newest notified first; every entry is ' +
    'returned, no paging. status (active or ceased) filters items and statements; active_count and ' +
    'ceased_count always count all persons. A company on the register with no entries answers empty lists; ' +
    'one whose PSCs are not held (known only from a source carrying its profile) answers details_not_held.',
  method: 'GET',
  path: '/company/{company_number}/persons-with-significant-control',
  lowestPlan: 'starter',
  cost: 1,
  companyOnDemand: (input) => input.company_number,
  errors: ['details_not_held'],
  tool: readOnlyTool,
  input: z
    .object({
      company_number: companyNumberInput,
      status: z
        .enum(pscStatuses)
        .optional()
        .describe('active: only current entries; ceased: only ceased or withdrawn ones; omit for both'),
    })
    .strict(),
  output: pscRegisterSchema,
  async handler(input, { em }) {
    const companyNumber = requireCompanyNumber(input.company_number, 'company_number');
    await requireDetailsHeld(em, companyNumber, 'persons_with_significant_control');
    return readPscRegister(em, companyNumber, input.status);
  },
});
