import { z } from 'zod';
import type { InsolvencyCase } from '../../db/entities/insolvency-case';
import type { InsolvencyCaseItem } from './insolvency-resource';

/** An insolvency case as get_company lists it. */
export const insolvencyCaseSummarySchema = z.object({
  case_number: z.number().int(),
  type: z
    .string()
    .describe('e.g. creditors-voluntary-liquidation, compulsory-liquidation, in-administration'),
  dates: z
    .array(z.object({ type: z.string(), date: z.iso.date() }))
    .describe('Key dates of the case, e.g. wound-up-on, administration-started-on'),
  practitioners: z.array(
    z.object({
      name: z.string(),
      role: z.string().nullable(),
      appointed_on: z.iso.date().nullable(),
      ceased_to_act_on: z.iso.date().nullable(),
    }),
  ),
});
export type InsolvencyCaseSummary = z.infer<typeof insolvencyCaseSummarySchema>;

interface StoredPractitioner {
  name: string;
  role: string | null;
  address: Record<string, unknown> | null;
  appointed_on: string | null;
  ceased_to_act_on: string | null;
}

export function insolvencyCaseRow(
  companyNumber: string,
  caseNumber: number,
  item: InsolvencyCaseItem,
): InsolvencyCase {
  const practitioners: StoredPractitioner[] = (item.practitioners ?? []).map((p) => ({
    name: p.name,
    role: p.role ?? null,
    address: p.address ?? null,
    appointed_on: p.appointed_on ?? null,
    ceased_to_act_on: p.ceased_to_act_on ?? null,
  }));
  return {
    companyNumber,
    caseNumber,
    type: item.type,
    dates: JSON.stringify((item.dates ?? []).map((d) => ({ type: d.type, date: d.date }))),
    practitioners: JSON.stringify(practitioners),
    details: JSON.stringify({ notes: item.notes ?? [], links: item.links ?? null }),
  };
}

export function insolvencyCaseSummary(row: InsolvencyCase): InsolvencyCaseSummary {
  const practitioners = JSON.parse(row.practitioners) as StoredPractitioner[];
  return {
    case_number: row.caseNumber,
    type: row.type,
    dates: JSON.parse(row.dates) as InsolvencyCaseSummary['dates'],
    practitioners: practitioners.map((p) => ({
      name: p.name,
      role: p.role,
      appointed_on: p.appointed_on,
      ceased_to_act_on: p.ceased_to_act_on,
    })),
  };
}
