import { z } from 'zod';
import { companyProvenanceSchema } from '../domain/companies/company-provenance';
import { companyWithDetailsSchema, getCompanyAnswer } from '../domain/companies/get-company';
import { notFound } from '../domain/errors';
import { companyNumberInput } from './company-number-input';
import { keyedOperation } from './operation';
import { readOnlyTool } from './read-only-tool';

export const getCompany = keyedOperation({
  name: 'get_company',
  title: 'Get a company profile',
  description:
    'Register profile of one UK company: status, type, incorporation date, registered office, SIC codes, due ' +
    'dates for accounts and confirmation statement (with overdue flags as of today), and previous names. ' +
    'Also lists the charges (mortgages) registered against it, newest first, with status, dates, persons ' +
    'entitled and what they cover, and any insolvency cases with their dates and practitioners (each empty ' +
    "when the company has none, null when they are not held), and the registered office's UK region (ITL1) " +
    'and local authority from the ONS postcode lookup (null when the lookup does not know the postcode). source and fetched_at say where this ' +
    'copy came from (companies_house_api, companies_house_stream or register_import) and when it was last ' +
    'fetched live from Companies House. The data comes from public registers and can be incomplete or out of ' +
    'date.',
  method: 'GET',
  path: '/company/{company_number}',
  lowestPlan: 'free',
  cost: 1,
  companyOnDemand: (input) => input.company_number,
  tool: readOnlyTool,
  input: z
    .object({
      company_number: companyNumberInput,
    })
    .strict(),
  output: companyWithDetailsSchema.extend(companyProvenanceSchema.shape),
  async handler(input, context) {
    // The unit of work is asked for only if the company has charges or insolvency cases to read as entities.
    const company = await getCompanyAnswer(
      context.reads,
      input.company_number,
      context.now,
      () => context.em,
    );
    if (!company) throw notFound('Company', { company_number: input.company_number });
    return company;
  },
});
