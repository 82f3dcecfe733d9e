import { z } from 'zod';
import { booleanArgument } from '../boolean-argument';
import { companyStatusSchema, companyTypeSchema, sicCodeSchema } from '../companies/company-profile';
import { parsePostcodeFilter } from '../companies/postcode';
import { isSicDivision, sicSectionOf, sicSectionSchema } from '../companies/sic-sections';
import { ServiceError } from '../errors';
import {
  gradeSetArgument,
  riskLevelSetArgument,
  scoreBoundArgument,
} from '../health/store/stored-health-arguments';
import { parseLocalAuthorityArgument, parseRegionArgument } from '../places/place-arguments';
import { RANGE_FILTERS, screenSorts } from './screen-filters';

/*
 * screen_companies' arguments. Everything that can be checked without the store is checked here, so bad or
 * contradictory input is refused before a request is charged; each problem names its argument. Only a local
 * authority name needs the store (is there one by that name?), and is checked when the screen runs.
 */

export const SCREEN_MAX_LIMIT = 100;
export const SCREEN_DEFAULT_LIMIT = 20;

/** Text checked by the domain's own parser for that argument, its message kept (without the argument's name). */
function checkedText(parse: (text: string) => unknown) {
  return z
    .string()
    .max(100)
    .superRefine((text, context) => {
      try {
        parse(text);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        context.addIssue({ code: 'custom', message: error.message.replace(/^[a-z_]+: /, '') });
      }
    });
}

const amount = z.coerce.number().refine(Number.isFinite, 'a number');

const rangeArguments = Object.fromEntries(
  RANGE_FILTERS.flatMap((filter) => {
    const unit = filter.growth
      ? '% change on the previous year'
      : filter.measure === 'employees'
        ? 'head count'
        : '£';
    return [
      [
        `${filter.stem}_min`,
        amount.optional().describe(`Latest ${filter.stem.replace(/_/g, ' ')} at least (${unit})`),
      ],
      [
        `${filter.stem}_max`,
        amount.optional().describe(`Latest ${filter.stem.replace(/_/g, ' ')} at most (${unit})`),
      ],
    ];
  }),
) as Record<string, z.ZodOptional<typeof amount>>;

const screenArgumentsObject = z
  .object({
    ...rangeArguments,
    latest_accounts_within_months: z.coerce
      .number()
      .int()
      .min(1)
      .max(240)
      .optional()
      .describe(
        'Only companies whose latest figures are for a year ending no more than this many months ago',
      ),
    sic_code: sicCodeSchema.optional().describe('A 4- or 5-digit SIC code, e.g. 62020'),
    sic_division: z
      .string()
      .refine(isSicDivision, 'not a SIC 2007 division (two digits, e.g. 62)')
      .optional()
      .describe('SIC 2007 division: the first two digits, e.g. 62 (computer programming and consultancy)'),
    sic_section: z
      .string()
      .transform((value) => value.trim().toUpperCase())
      .pipe(sicSectionSchema)
      .optional()
      .describe('SIC 2007 section letter A–U, e.g. J (information and communication)'),
    region: checkedText(parseRegionArgument)
      .optional()
      .describe('UK ITL1 region of the registered office: code (TLD) or name (North West)'),
    local_authority: checkedText(parseLocalAuthorityArgument)
      .optional()
      .describe(
        'Local authority district of the registered office: ONS code (E08000003) or name (Manchester)',
      ),
    town: z.string().trim().min(1).max(100).optional().describe('Registered office town'),
    postcode: checkedText(parsePostcodeFilter)
      .optional()
      .describe('Full postcode, sector or outward code, e.g. M1'),
    incorporated_from: z.iso.date().optional().describe('Incorporated on or after (YYYY-MM-DD)'),
    incorporated_to: z.iso.date().optional().describe('Incorporated on or before (YYYY-MM-DD)'),
    company_type: companyTypeSchema.optional().describe('Company type, e.g. ltd, plc, llp'),
    status: companyStatusSchema.optional().describe('Company status, e.g. active'),
    accounts_overdue: booleanArgument.optional().describe('true: accounts overdue today; false: not overdue'),
    confirmation_statement_overdue: booleanArgument
      .optional()
      .describe('true: confirmation statement overdue today; false: not overdue'),
    gazette_notice_within_days: z.coerce
      .number()
      .int()
      .min(1)
      .max(3650)
      .optional()
      .describe('Only companies with a Gazette notice filed in the last N days'),
    has_outstanding_charges: booleanArgument
      .optional()
      .describe('true: at least one charge outstanding or part satisfied; false: none'),
    outstanding_charges_min: z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .describe('At least this many charges outstanding or part satisfied'),
    insolvency_history: booleanArgument.optional().describe('true: has insolvency history; false: has none'),
    registered_office_shared_min: z.coerce
      .number()
      .int()
      .min(2)
      .max(1_000_000)
      .optional()
      .describe(
        'Only companies whose registered office (same postcode and first line) is that of at least this many ' +
          'active companies, this one included when active: formation agents’ and virtual offices’ addresses',
      ),
    health_grade: gradeSetArgument.optional(),
    risk_level: riskLevelSetArgument.optional(),
    health_score_min: scoreBoundArgument.optional().describe('Stored health score at least (0–100)'),
    health_score_max: scoreBoundArgument.optional().describe('Stored health score at most (0–100)'),
    sort: z
      .enum(screenSorts)
      .default('company_number')
      .describe('A figure, a growth, health_score, incorporated or company_number'),
    order: z
      .enum(['asc', 'desc'])
      .optional()
      .describe('Default desc (largest, fastest-growing, best, newest first); asc for company_number'),
    limit: z.coerce.number().int().min(1).max(SCREEN_MAX_LIMIT).default(SCREEN_DEFAULT_LIMIT),
    offset: z.coerce.number().int().min(0).max(10_000).default(0),
  })
  .strict();

export type ScreenArguments = z.infer<typeof screenArgumentsObject>;

/** A figure or growth bound by its argument name (turnover_min, profit_growth_max…). */
export function rangeBound(args: ScreenArguments, name: string): number | undefined {
  return (args as Record<string, unknown>)[name] as number | undefined;
}

export const screenArgumentsSchema = screenArgumentsObject.superRefine((args, context) => {
  const problem = (argument: string, message: string) =>
    context.addIssue({ code: 'custom', path: [argument], message });

  for (const filter of RANGE_FILTERS) {
    const min = rangeBound(args, `${filter.stem}_min`);
    const max = rangeBound(args, `${filter.stem}_max`);
    if (min !== undefined && max !== undefined && min > max)
      problem(`${filter.stem}_min`, `${min} is more than ${filter.stem}_max ${max}: nothing can match`);
  }
  if (
    args.health_score_min !== undefined &&
    args.health_score_max !== undefined &&
    args.health_score_min > args.health_score_max
  )
    problem(
      'health_score_min',
      `${args.health_score_min} is more than health_score_max ${args.health_score_max}`,
    );
  if (args.incorporated_from && args.incorporated_to && args.incorporated_from > args.incorporated_to)
    problem(
      'incorporated_from',
      `${args.incorporated_from} is after incorporated_to ${args.incorporated_to}`,
    );

  const codeSection = args.sic_code === undefined ? undefined : sicSectionOf(args.sic_code);
  if (
    args.sic_code !== undefined &&
    args.sic_division !== undefined &&
    !args.sic_code.startsWith(args.sic_division)
  )
    problem('sic_division', `SIC code ${args.sic_code} is not in division ${args.sic_division}`);
  if (args.sic_section !== undefined) {
    if (args.sic_code !== undefined && codeSection?.section !== args.sic_section)
      problem('sic_section', `SIC code ${args.sic_code} is not in section ${args.sic_section}`);
    const divisionSection = args.sic_division === undefined ? undefined : sicSectionOf(args.sic_division);
    if (divisionSection && divisionSection.section !== args.sic_section)
      problem(
        'sic_section',
        `division ${args.sic_division} is in section ${divisionSection.section}, not ${args.sic_section}`,
      );
  }

  if (args.has_outstanding_charges === false && args.outstanding_charges_min !== undefined)
    problem('outstanding_charges_min', 'contradicts has_outstanding_charges=false');
});
