import { z } from 'zod';

const isoDate = z.iso.date();

export const MEASURE_NAMES = [
  'turnover',
  'gross_profit',
  'operating_profit',
  'profit_loss',
  'net_assets',
  'total_assets_less_current_liabilities',
  'current_assets',
  'cash',
  'creditors_within_one_year',
  'employees',
] as const;
export const measureNameSchema = z.enum(MEASURE_NAMES);
export type MeasureName = z.infer<typeof measureNameSchema>;

export const measureSourceSchema = z.object({
  /** The fact's name as written in the document, e.g. "core:Creditors". */
  fact: z.string(),
  context: z.string(),
  line: z.number().int(),
});

export const measureValueSchema = z.object({
  /** Whole pounds as filed (employees: a head count); null when the document does not state it. */
  value: z.number().nullable(),
  /** Every fact the value was read from; more than one when the same figure is tagged in several places. */
  sources: z.array(measureSourceSchema),
});
export type MeasureValue = z.infer<typeof measureValueSchema>;

export const measuresSchema = z.object({
  turnover: measureValueSchema,
  gross_profit: measureValueSchema,
  operating_profit: measureValueSchema,
  profit_loss: measureValueSchema,
  net_assets: measureValueSchema,
  total_assets_less_current_liabilities: measureValueSchema,
  current_assets: measureValueSchema,
  cash: measureValueSchema,
  creditors_within_one_year: measureValueSchema,
  employees: measureValueSchema,
});
export type Measures = z.infer<typeof measuresSchema>;

export const accountsYearSchema = z.object({
  period_end: isoDate,
  /** From the document's duration contexts ending on period_end; null when it has none. */
  period_start: isoDate.nullable(),
  /** filed: the year the document reports; comparative: a prior year restated alongside it. */
  origin: z.enum(['filed', 'comparative']),
  /** company unless the facts carry the consolidated member of the group/company dimension. */
  basis: z.enum(['company', 'group']),
  /** False when no profit and loss line is tagged for the year (micro-entity, abridged or abbreviated filings). */
  profit_and_loss_filed: z.boolean(),
  measures: measuresSchema,
});
export type AccountsYear = z.infer<typeof accountsYearSchema>;

export const taxonomyFamilySchema = z.enum(['frc', 'uk-gaap']);
export type TaxonomyFamily = z.infer<typeof taxonomyFamilySchema>;

export const measuresProblemSchema = z.object({
  code: z.enum(['conflicting_facts', 'unknown_group_company_member', 'not_sterling']),
  message: z.string(),
});
export type MeasuresProblem = z.infer<typeof measuresProblemSchema>;

export const filedAccountsSchema = z.object({
  company_number: z.string().nullable(),
  entity_name: z.string().nullable(),
  balance_sheet_date: isoDate.nullable(),
  dormant: z.boolean().nullable(),
  /** Local names of the members the document states, e.g. "FullAccounts", "FRS102"; null when not stated. */
  accounts_type: z.string().nullable(),
  accounting_standard: z.string().nullable(),
  /** Which taxonomies the measures were read from: frc (FRS 102 / FRS 105 core) or the 2009 UK GAAP one. */
  taxonomies: z.array(taxonomyFamilySchema),
  /** Newest first; at the same period end the company year comes before the group year. */
  years: z.array(accountsYearSchema),
  problems: z.array(measuresProblemSchema),
});
export type FiledAccounts = z.infer<typeof filedAccountsSchema>;
