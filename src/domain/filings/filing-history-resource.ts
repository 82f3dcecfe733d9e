import { z } from 'zod';

/*
 * Companies House's filing history list resource (GET /company/{n}/filing-history, `filingHistoryList`), as far
 * as the store keeps it. Unknown extra fields are tolerated (the API adds some over time); the fields a filing
 * is stored and shown by are checked. `description_values` is free-form: its keys depend on the description.
 */

const isoDate = z.iso.date();

export const filingHistoryItemSchema = z.object({
  transaction_id: z.string().min(1).max(80),
  category: z.string().min(1).max(40),
  subcategory: z.string().max(60).nullish(),
  type: z.string().min(1).max(20),
  date: isoDate,
  action_date: isoDate.nullish(),
  description: z.string().min(1),
  description_values: z.record(z.string(), z.unknown()).nullish(),
  pages: z.number().int().nonnegative().nullish(),
  barcode: z.string().max(20).nullish(),
  paper_filed: z.boolean().nullish(),
  links: z.record(z.string(), z.unknown()).nullish(),
  associated_filings: z.array(z.unknown()).nullish(),
  resolutions: z.array(z.unknown()).nullish(),
  annotations: z.array(z.unknown()).nullish(),
});
export type FilingHistoryItem = z.infer<typeof filingHistoryItemSchema>;

export const filingHistoryListSchema = z.object({
  items: z.array(filingHistoryItemSchema),
  total_count: z.number().int().nonnegative().nullish(),
  filing_history_status: z.string().nullish(),
});
export type FilingHistoryList = z.infer<typeof filingHistoryListSchema>;
