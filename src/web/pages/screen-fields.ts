import { companyStatusSchema, companyTypeSchema } from '../../domain/companies/company-profile';
import { ITL1_REGIONS } from '../../domain/places/itl1-regions';
import { screenArgumentsSchema } from '../../domain/screening/screen-arguments';
import { FIGURE_FILTERS, GROWTH_FILTERS, screenSorts } from '../../domain/screening/screen-filters';
import type { SelectOption } from '../form-controls';

/*
 * The screener form's fields: every argument of screen_companies but the page's own limit and offset, under the
 * argument's own name, so a screen is its URL and the operation's refusals land next to the field they name.
 * Grouped as an analyst reads them; a group the screen does not use starts folded.
 */

/** A screen's filters as typed: argument name to the text given, only those filled in. */
export type ScreenFilters = Record<string, string>;

export const SCREEN_FILTER_FIELDS: readonly string[] = Object.keys(screenArgumentsSchema.shape).filter(
  (name) => name !== 'limit' && name !== 'offset',
);

export interface ScreenField {
  name: string;
  label: string;
  hint?: string;
  options?: readonly (string | SelectOption)[];
}

export interface ScreenFieldGroup {
  id: string;
  legend: string;
  /** Unfolded even when none of its fields is filled in. */
  open: boolean;
  fields: ScreenField[];
}

const ANY: SelectOption = { value: '', label: 'Any' };
const YES_NO: SelectOption[] = [ANY, { value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }];

/** "net_assets_growth" → "Net assets growth"; profit is the profit or loss of the year. */
export function stemLabel(stem: string): string {
  const words = stem.replace(/^profit(?=$|_)/, 'profit_or_loss').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function rangeFields(stem: string, unit: string): ScreenField[] {
  return [
    { name: `${stem}_min`, label: `${stemLabel(stem)} at least (${unit})` },
    { name: `${stem}_max`, label: `${stemLabel(stem)} at most (${unit})` },
  ];
}

const unitOf = (stem: string, growth: boolean) => (growth ? '%' : stem === 'employees' ? 'people' : '£');

const MAIN_FIGURES = ['turnover', 'profit', 'employees', 'turnover_growth'];
const allRanges = [...FIGURE_FILTERS, ...GROWTH_FILTERS];

const sortLabel = (sort: string) =>
  sort === 'company_number'
    ? 'Company number'
    : sort === 'incorporated'
      ? 'Incorporation date'
      : sort === 'health_score'
        ? 'Health score'
        : stemLabel(sort);

export const SCREEN_FIELD_GROUPS: readonly ScreenFieldGroup[] = [
  {
    id: 'industry-place',
    legend: 'Industry and place',
    open: true,
    fields: [
      { name: 'sic_section', label: 'SIC section', hint: 'A letter A–U, such as J.' },
      { name: 'sic_division', label: 'SIC division', hint: 'Two digits, such as 62 (software).' },
      { name: 'sic_code', label: 'SIC code', hint: '4 or 5 digits, such as 62012.' },
      {
        name: 'region',
        label: 'Region',
        options: [ANY, ...ITL1_REGIONS.map((region) => region.name)],
      },
      { name: 'local_authority', label: 'Local authority', hint: 'A name or ONS code.' },
      { name: 'town', label: 'Town' },
      { name: 'postcode', label: 'Postcode', hint: 'Full, sector (M1 1) or outward code (M1).' },
    ],
  },
  {
    id: 'figures',
    legend: 'Latest filed figures and growth',
    open: true,
    fields: allRanges
      .filter((filter) => MAIN_FIGURES.includes(filter.stem))
      .flatMap((filter) => rangeFields(filter.stem, unitOf(filter.stem, filter.growth))),
  },
  {
    id: 'more-figures',
    legend: 'More figures and growth',
    open: false,
    fields: [
      ...allRanges
        .filter((filter) => !MAIN_FIGURES.includes(filter.stem))
        .flatMap((filter) => rangeFields(filter.stem, unitOf(filter.stem, filter.growth))),
      {
        name: 'latest_accounts_within_months',
        label: 'Latest accounts ended within (months)',
        hint: '1 to 240.',
      },
    ],
  },
  {
    id: 'company',
    legend: 'Company',
    open: false,
    fields: [
      { name: 'status', label: 'Status', options: [ANY, ...companyStatusSchema.options] },
      { name: 'company_type', label: 'Company type', options: [ANY, ...companyTypeSchema.options] },
      { name: 'incorporated_from', label: 'Incorporated on or after', hint: 'YYYY-MM-DD.' },
      { name: 'incorporated_to', label: 'Incorporated on or before', hint: 'YYYY-MM-DD.' },
    ],
  },
  {
    id: 'filings-health',
    legend: 'Filings, charges and health',
    open: false,
    fields: [
      { name: 'accounts_overdue', label: 'Accounts overdue', options: YES_NO },
      { name: 'confirmation_statement_overdue', label: 'Confirmation statement overdue', options: YES_NO },
      { name: 'gazette_notice_within_days', label: 'Gazette notice within (days)', hint: '1 to 3650.' },
      { name: 'has_outstanding_charges', label: 'Has outstanding charges', options: YES_NO },
      { name: 'outstanding_charges_min', label: 'Outstanding charges at least' },
      { name: 'insolvency_history', label: 'Insolvency history', options: YES_NO },
      {
        name: 'registered_office_shared_min',
        label: 'Registered office shared by at least (active companies)',
      },
      { name: 'health_grade', label: 'Health grade', hint: 'One or more, such as A,B.' },
      { name: 'risk_level', label: 'Risk level', hint: 'One or more, such as high,severe.' },
      { name: 'health_score_min', label: 'Health score at least', hint: '0 to 100.' },
      { name: 'health_score_max', label: 'Health score at most', hint: '0 to 100.' },
    ],
  },
  {
    id: 'sort',
    legend: 'Order',
    open: true,
    fields: [
      {
        name: 'sort',
        label: 'Sort by',
        options: screenSorts.map((sort) => ({ value: sort, label: sortLabel(sort) })),
      },
      {
        name: 'order',
        label: 'Order',
        options: [
          { value: '', label: 'Default' },
          { value: 'desc', label: 'Largest, newest or best first' },
          { value: 'asc', label: 'Smallest, oldest or worst first' },
        ],
      },
    ],
  },
];

/** Each field's label by argument name, for saying what a screen asked. */
export const SCREEN_FIELD_LABELS: ReadonlyMap<string, string> = new Map(
  SCREEN_FIELD_GROUPS.flatMap((group) => group.fields.map((field) => [field.name, field.label] as const)),
);

/**
 * The screen's filters from a query string or a posted form: filled-in, single-valued fields of the form only, in
 * the form's order (the order its URL and "what was screened" read in).
 */
export function screenFiltersOf(source: Readonly<Record<string, unknown>>): ScreenFilters {
  const filters: ScreenFilters = {};
  for (const name of SCREEN_FIELD_LABELS.keys()) {
    const value = source[name];
    if (typeof value === 'string' && value.trim() !== '') filters[name] = value;
  }
  return filters;
}
