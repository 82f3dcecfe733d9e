import { z } from 'zod';

/*
 * Companies House's company insolvency resource (GET /company/{n}/insolvency, `companyInsolvency`). Case types,
 * date types and practitioner roles are kept as filed (the lists grow); dates must be dates. The case `number`
 * comes as a number or a numeric string.
 */

const isoDate = z.iso.date();

export const insolvencyPractitionerSchema = z
  .object({
    name: z.string().min(1),
    role: z.string().nullish(),
    address: z.record(z.string(), z.unknown()).nullish(),
    appointed_on: isoDate.nullish(),
    ceased_to_act_on: isoDate.nullish(),
  })
  .loose();

export const insolvencyCaseItemSchema = z
  .object({
    type: z.string().min(1).max(60),
    number: z
      .union([z.number().int().positive(), z.string().regex(/^\d+$/, 'a case number').transform(Number)])
      .nullish(),
    dates: z.array(z.object({ type: z.string().min(1), date: isoDate }).loose()).nullish(),
    practitioners: z.array(insolvencyPractitionerSchema).nullish(),
    notes: z.array(z.string()).nullish(),
    links: z.record(z.string(), z.unknown()).nullish(),
  })
  .loose();
export type InsolvencyCaseItem = z.infer<typeof insolvencyCaseItemSchema>;

export const companyInsolvencySchema = z.object({
  cases: z.array(insolvencyCaseItemSchema),
  status: z.union([z.string(), z.array(z.string())]).nullish(),
});
export type CompanyInsolvency = z.infer<typeof companyInsolvencySchema>;
