import { z } from 'zod';
import {
  companyProfileSchema,
  companyStatusSchema,
  companyTypeSchema,
  sicCodeSchema,
} from './company-profile';

/** One search result: enough to tell namesakes apart and pick the one to read with get_company. */
export const companySummarySchema = z.object({
  company_number: companyProfileSchema.shape.company_number,
  company_name: z.string().min(1),
  company_status: companyStatusSchema,
  type: companyTypeSchema,
  date_of_creation: z.iso.date().nullable(),
  registered_office_address: z.object({
    locality: z.string().nullable(),
    postal_code: z.string().nullable(),
  }),
  sic_codes: z.array(sicCodeSchema),
});

export type CompanySummary = z.infer<typeof companySummarySchema>;
