import { z } from 'zod';

const isoDate = z.iso.date();

/** What the generator needs to know of a company: read from the imported demo register. */
export const demoDetailsCompanySchema = z.object({
  company_number: z.string().min(1),
  company_name: z.string(),
  company_status: z.string(),
  /** The register's company type: ltd, plc, llp, limited-partnership, … */
  type: z.string(),
  /** Null for the few register rows without one: the company is then taken to be ten years old. */
  date_of_creation: isoDate.nullable(),
  date_of_cessation: isoDate.nullable(),
  last_accounts_made_up_to: isoDate.nullable(),
  sic_codes: z.array(z.string()),
  charge_counts: z.object({
    total: z.number().int().min(0),
    outstanding: z.number().int().min(0),
    part_satisfied: z.number().int().min(0),
    satisfied: z.number().int().min(0),
  }),
});
export type DemoDetailsCompany = z.infer<typeof demoDetailsCompanySchema>;

export const demoDetailsSummarySchema = z.object({
  companies: z.number().int(),
  officer_files: z.number().int(),
  appointments: z.number().int(),
  filing_history_files: z.number().int(),
  filings: z.number().int(),
  charge_files: z.number().int(),
  charges: z.number().int(),
  insolvency_files: z.number().int(),
  insolvency_cases: z.number().int(),
  psc_lines: z.number().int(),
  psc_statements: z.number().int(),
  accounts_documents: z.number().int(),
});
export type DemoDetailsSummary = z.infer<typeof demoDetailsSummarySchema>;

export const INSOLVENCY_STATUSES: ReadonlySet<string> = new Set([
  'liquidation',
  'administration',
  'receivership',
  'voluntary-arrangement',
  'insolvency-proceedings',
]);
