import { z } from 'zod';
import type { CompanyExemption } from '../../db/entities/company-exemption';

/*
 * Companies House's company exemptions resource, GET /company/{n}/exemptions:
 *
 *   { "kind": "exemptions", "links": { "self": … }, "etag": …,
 *     "exemptions": { "<key>": { "exemption_type": "<key with hyphens>", "items": [ { "exempt_from": "YYYY-MM-DD",
 *                                                                                 "exempt_to": "YYYY-MM-DD" } ] } } }
 *
 * Every key Companies House publishes today is an exemption from keeping a register of people with significant
 * control: a company whose voting shares trade on a regulated market (UK, EU, other) or a market the PSC
 * Regulations 2016 list, or a DTR 5 issuer, is subject to the market's disclosure rules instead (Companies Act 2006
 * s.790B). A key it adds later is stored and shown, but not taken as a PSC exemption until this table names it.
 */

export const PSC_EXEMPTIONS: Readonly<Record<string, string>> = {
  psc_exempt_as_trading_on_regulated_market:
    'voting shares admitted to trading on a regulated market other than the UK',
  psc_exempt_as_shares_admitted_on_market:
    'voting shares admitted to trading on a market listed in the Register of People with Significant Control Regulations 2016',
  psc_exempt_as_trading_on_uk_regulated_market: 'voting shares admitted to trading on a UK regulated market',
  psc_exempt_as_trading_on_eu_regulated_market: 'voting shares admitted to trading on an EU regulated market',
  disclosure_transparency_rules_chapter_five_applies:
    'a DTR 5 issuer whose shares are admitted to trading on a regulated market',
};

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

const periodSchema = z
  .looseObject({ exempt_from: day, exempt_to: day.nullish() })
  .refine((period) => period.exempt_to == null || period.exempt_to >= period.exempt_from, {
    message: 'exempt_to is before exempt_from',
    path: ['exempt_to'],
  });

export const exemptionsResourceSchema = z.looseObject({
  kind: z.string().nullish(),
  exemptions: z
    .record(
      z
        .string()
        .regex(/^[a-z0-9_]{1,80}$/, 'an exemption key such as psc_exempt_as_trading_on_uk_regulated_market'),
      z.looseObject({ exemption_type: z.string().nullish(), items: z.array(periodSchema) }),
    )
    .nullish(),
});

/** The rows the resource is stored as, one a period; a period given twice is kept once. */
export function exemptionRows(
  companyNumber: string,
  resource: z.infer<typeof exemptionsResourceSchema>,
): CompanyExemption[] {
  const rows = new Map<string, CompanyExemption>();
  for (const [exemptionType, exemption] of Object.entries(resource.exemptions ?? {}))
    for (const period of exemption.items)
      rows.set(`${exemptionType} ${period.exempt_from}`, {
        companyNumber,
        exemptionType,
        exemptFrom: period.exempt_from,
        exemptTo: period.exempt_to ?? null,
      });
  return [...rows.values()];
}

export const pscExemptionSchema = z.object({
  exemption_type: z
    .string()
    .describe('Companies House’s key, e.g. psc_exempt_as_trading_on_uk_regulated_market'),
  description: z.string(),
  exempt_from: z.string(),
  exempt_to: z.string().nullable(),
});
export type PscExemptionView = z.infer<typeof pscExemptionSchema>;

/** A PSC exemption in force on the day (YYYY-MM-DD), the one that began most recently; null when none. */
export function currentPscExemption(rows: readonly CompanyExemption[], day: string): PscExemptionView | null {
  const current = rows
    .filter(
      (row) =>
        row.exemptionType in PSC_EXEMPTIONS &&
        row.exemptFrom <= day &&
        (row.exemptTo === null || row.exemptTo >= day),
    )
    .sort((a, b) => b.exemptFrom.localeCompare(a.exemptFrom))[0];
  return current === undefined
    ? null
    : {
        exemption_type: current.exemptionType,
        description: PSC_EXEMPTIONS[current.exemptionType]!,
        exempt_from: current.exemptFrom,
        exempt_to: current.exemptTo,
      };
}
