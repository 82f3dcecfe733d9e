import { z } from 'zod';
import type { Filing } from '../../db/entities/filing';
import { describeFiling } from './filing-descriptions';
import type { FilingHistoryItem } from './filing-history-resource';

/** One filing as get_filing_history returns it. */
export const filingItemSchema = z.object({
  transaction_id: z.string(),
  date: z.iso.date().describe('When Companies House processed the filing'),
  category: z.string(),
  subcategory: z.string().nullable(),
  type: z.string().describe('Form type, e.g. AA, CS01, AP01, AD01, MR01'),
  description: z.string().describe('What was filed, in plain English'),
  description_code: z
    .string()
    .describe('Companies House description key, e.g. accounts-with-accounts-type-full'),
  description_values: z
    .record(z.string(), z.unknown())
    .describe('The values the description key refers to (made_up_date, officer_name, …)'),
  action_date: z.iso
    .date()
    .nullable()
    .describe('The date the filing is about (e.g. the accounts date), if any'),
  pages: z.number().int().nullable(),
  paper_filed: z.boolean(),
});
export type FilingItem = z.infer<typeof filingItemSchema>;

/** A filing history item as a filings row of the company. */
export function filingRow(companyNumber: string, item: FilingHistoryItem): Filing {
  return {
    companyNumber,
    transactionId: item.transaction_id,
    category: item.category,
    subcategory: item.subcategory ?? null,
    type: item.type,
    date: item.date,
    actionDate: item.action_date ?? null,
    descriptionCode: item.description,
    descriptionValues: JSON.stringify(item.description_values ?? {}),
    pages: item.pages ?? null,
    barcode: item.barcode ?? null,
    paperFiled: item.paper_filed ?? false,
    details: JSON.stringify({
      links: item.links ?? null,
      associated_filings: item.associated_filings ?? [],
      resolutions: item.resolutions ?? [],
      annotations: item.annotations ?? [],
    }),
  };
}

export function filingItem(filing: Filing): FilingItem {
  const values = JSON.parse(filing.descriptionValues) as Record<string, unknown>;
  return {
    transaction_id: filing.transactionId,
    date: filing.date,
    category: filing.category,
    subcategory: filing.subcategory,
    type: filing.type,
    description: describeFiling(filing.descriptionCode, values),
    description_code: filing.descriptionCode,
    description_values: values,
    action_date: filing.actionDate,
    pages: filing.pages,
    // PostgreSQL and SQLite read booleans differently when a row comes back raw; the entity gives a boolean.
    paper_filed: Boolean(filing.paperFiled),
  };
}
