import { z } from 'zod';
import { requireCompanyNumber } from '../domain/companies/company-number-argument';
import { requireDetailsHeld } from '../domain/companies/company-details-held';
import { companyNumberSchema } from '../domain/companies/company-number';
import { companyOfficers, officerStatuses } from '../domain/officers/company-officers';
import { officerItem, officerItemSchema } from '../domain/officers/officer-view';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

const MAX_LIMIT = 100;

export const getOfficers = keyedOperation({
  name: 'get_officers',
  title: 'Get a company’s officers',
  description:
    'Current and resigned officers of one UK company: directors, secretaries, LLP members and corporate ' +
    'officers, each with role, appointment and resignation dates, month and year of birth, nationality, ' +
    'country of residence, occupation and correspondence address. Active officers come first (newest ' +
    'appointment first), then resigned ones (latest resignation first). Filter with status (active or ' +
    'resigned); page with limit (1-100, default 35) and offset, reading on from next_offset while it is not ' +
    'null. Each item’s officer_id is the same person at every company: pass the name (and officer_id) to ' +
    'get_officer_appointments to see their other appointments. A company with no officers answers an empty ' +
    'list; one whose officers are not held (known only from a source carrying its profile) answers ' +
    'details_not_held.',
  method: 'GET',
  path: '/company/{company_number}/officers',
  lowestPlan: 'starter',
  cost: 1,
  companyOnDemand: (input) => input.company_number,
  errors: ['details_not_held'],
  tool: readOnlyTool,
  input: z
    .object({
      company_number: companyNumberInput,
      status: z.enum(officerStatuses).optional().describe('active: not resigned; resigned: resigned'),
      limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(35),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
    })
    .strict(),
  output: z.object({
    company_number: companyNumberSchema,
    active_count: z.number().int().describe('Officers not resigned, whatever the filter'),
    resigned_count: z.number().int().describe('Officers resigned, whatever the filter'),
    total: z.number().int().describe('Officers matching the status filter'),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable().describe('offset of the next page; null on the last page'),
    items: z.array(officerItemSchema),
  }),
  async handler(input, { em }) {
    const companyNumber = requireCompanyNumber(input.company_number, 'company_number');
    await requireDetailsHeld(em, companyNumber, 'officers');
    const page = await companyOfficers(em, companyNumber, {
      status: input.status,
      limit: input.limit,
      offset: input.offset,
    });
    const end = input.offset + page.items.length;
    return {
      company_number: companyNumber,
      active_count: page.activeCount,
      resigned_count: page.resignedCount,
      total: page.total,
      limit: input.limit,
      offset: input.offset,
      next_offset: end < page.total ? end : null,
      items: page.items.map(officerItem),
    };
  },
});
