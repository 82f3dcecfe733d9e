import { z } from 'zod';
import { accountsBasisSchema, figuresSchema } from '../financials/accounts-figures';
import { companyStatusSchema, companyTypeSchema } from '../companies/company-profile';
import { storedHealthSchema } from '../health/store/stored-health-arguments';
import { registeredOfficePlaceSchema } from '../places/registered-office-place';
import { GROWTH_MEASURES, type GrowthMeasure } from './latest-figures-row';

/** One company a screen found, with every value a filter can be checked against. */

const isoDate = z.iso.date();

const measureGrowthSchema = z.object({
  from_value: z.number().nullable(),
  to_value: z.number().nullable(),
  percent_change: z
    .number()
    .nullable()
    .describe(
      '(to − from) / from × 100, 2 decimal places; null when either year does not state the figure or from is ' +
        'zero or negative (a change from a loss or from net liabilities is not a percentage)',
    ),
});

export const screenGrowthSchema = z
  .object({
    from_period_end: isoDate,
    to_period_end: isoDate,
    measures: z.object(
      Object.fromEntries(GROWTH_MEASURES.map((measure) => [measure, measureGrowthSchema])) as Record<
        GrowthMeasure,
        typeof measureGrowthSchema
      >,
    ),
  })
  .nullable()
  .describe(
    'Year-on-year change between the latest year and the one before it on the same basis (at most 18 months ' +
      'earlier); null when no such year is held',
  );

export const screenedCompanySchema = z.object({
  company_number: z.string(),
  company_name: z.string(),
  company_status: companyStatusSchema,
  type: companyTypeSchema,
  date_of_creation: isoDate.nullable(),
  registered_office_address: z.object({
    locality: z.string().nullable(),
    postal_code: z.string().nullable(),
  }),
  sic_codes: z.array(z.string()),
  latest_accounts: z
    .object({
      period_end: isoDate,
      period_start: isoDate.nullable(),
      basis: accountsBasisSchema,
      origin: z.enum(['filed', 'comparative']),
      profit_and_loss_filed: z.boolean(),
      document: z.string().describe('The accounts document the figures were read from'),
      figures: figuresSchema,
    })
    .nullable()
    .describe(
      'The latest year of filed figures held (the year the figure filters matched), on the basis ' +
        'get_financial_history shows by default; null when no figures are held',
    ),
  growth: screenGrowthSchema,
  place: registeredOfficePlaceSchema.nullable(),
  health: storedHealthSchema,
  filings: z.object({
    accounts_next_due: isoDate.nullable(),
    accounts_overdue: z.boolean(),
    confirmation_statement_next_due: isoDate.nullable(),
    confirmation_statement_overdue: z.boolean(),
    last_gazette_notice_on: isoDate.nullable().describe('Date of the newest Gazette notice filed, if any'),
  }),
  charges_outstanding: z.number().int().describe('Charges outstanding or part satisfied'),
  has_insolvency_history: z.boolean(),
  registered_office_active_companies: z
    .number()
    .int()
    .nullable()
    .describe(
      'Active companies whose registered office has the same postcode and first line, this one included when ' +
        'active (what registered_office_shared_min compares); null when the office has no postcode or first line',
    ),
});
export type ScreenedCompany = z.infer<typeof screenedCompanySchema>;
