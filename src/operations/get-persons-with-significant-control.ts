import { z } from 'zod';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { requireDetailsHeld } from '../domain/companies/company-details-held';
import { isoDay } from '../domain/companies/company-profile';
import { ownershipTraceSchema } from '../domain/ownership/ownership-trace';
import { traceStoredOwnership } from '../domain/ownership/store-ownership';
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
    'ceased_count always count all persons. ownership traces the active owners up through UK-registered ' +
    'corporate PSCs (fetched from Companies House when a key is set) to natural persons: each chain with the ' +
    'share band at each step and the indirect share as lower and upper bounds (products of the bands), why it ' +
    'ends (natural person, listed company, owner outside the UK, company not held, cycle, depth limit, …), and ' +
    'the ultimate owners with whether they hold more than 25 %; psc_exemption is the company’s own exemption ' +
    'from the PSC regime (listed on a regulated market). A company on the register with no entries answers empty lists; ' +
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
  output: pscRegisterSchema.extend({
    ownership: ownershipTraceSchema.describe(
      'The active owners traced to natural persons, whatever the status filter',
    ),
  }),
  async handler(input, { em, now, services }) {
    const companyNumber = requireCompanyNumber(input.company_number, 'company_number');
    await requireDetailsHeld(em, companyNumber, 'persons_with_significant_control');
    const register = await readPscRegister(em, companyNumber, input.status);
    const { liveCompanies } = services;
    const ownership = await traceStoredOwnership(em, companyNumber, {
      day: isoDay(now),
      ensureHeld: liveCompanies && ((number) => liveCompanies.ensureCurrent(number)),
    });
    // readPscRegister refused a company the store does not hold, so the trace has its root.
    return { ...register, ownership: ownership! };
  },
});
