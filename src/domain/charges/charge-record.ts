import { z } from 'zod';
import type { Charge } from '../../db/entities/charge';
import { chargeStatuses, type ChargeItem } from './charge-list-resource';

/** A charge as get_company lists it. */
export const chargeSummarySchema = z.object({
  charge_id: z.string(),
  charge_code: z.string().nullable().describe('The 12-digit code of charges created since April 2013'),
  charge_number: z.number().int().nullable(),
  status: z.enum(chargeStatuses),
  classification: z
    .object({ type: z.string().nullable(), description: z.string().nullable() })
    .nullable()
    .describe('What kind of charge, e.g. "A registered charge" or "Debenture"'),
  created_on: z.iso.date().nullable(),
  delivered_on: z.iso.date().nullable(),
  satisfied_on: z.iso.date().nullable(),
  persons_entitled: z.array(z.string()).describe('Lenders or trustees the charge is in favour of'),
  particulars: z.string().nullable().describe('What the charge covers, as filed'),
  secured_details: z.string().nullable().describe('What the charge secures, as filed'),
});
export type ChargeSummary = z.infer<typeof chargeSummarySchema>;

interface ChargeDetails {
  particulars: ChargeItem['particulars'] | null;
  secured_details: ChargeItem['secured_details'] | null;
  transactions: unknown[];
  acquired_on: string | null;
  links: ChargeItem['links'] | null;
}

export function chargeRow(companyNumber: string, chargeId: string, item: ChargeItem): Charge {
  const details: ChargeDetails = {
    particulars: item.particulars ?? null,
    secured_details: item.secured_details ?? null,
    transactions: item.transactions ?? [],
    acquired_on: item.acquired_on ?? null,
    links: item.links ?? null,
  };
  return {
    companyNumber,
    chargeId,
    chargeCode: item.charge_code ?? null,
    chargeNumber: item.charge_number ?? null,
    status: item.status,
    classification: item.classification
      ? JSON.stringify({
          type: item.classification.type ?? null,
          description: item.classification.description ?? null,
        })
      : null,
    createdOn: item.created_on ?? null,
    deliveredOn: item.delivered_on ?? null,
    satisfiedOn: item.satisfied_on ?? null,
    personsEntitled: JSON.stringify((item.persons_entitled ?? []).map((person) => person.name)),
    details: JSON.stringify(details),
  };
}

export function chargeSummary(charge: Charge): ChargeSummary {
  const details = JSON.parse(charge.details) as ChargeDetails;
  return {
    charge_id: charge.chargeId,
    charge_code: charge.chargeCode,
    charge_number: charge.chargeNumber,
    status: charge.status as ChargeSummary['status'],
    classification:
      charge.classification === null
        ? null
        : (JSON.parse(charge.classification) as ChargeSummary['classification']),
    created_on: charge.createdOn,
    delivered_on: charge.deliveredOn,
    satisfied_on: charge.satisfiedOn,
    persons_entitled: JSON.parse(charge.personsEntitled) as string[],
    particulars: details.particulars?.description ?? null,
    secured_details: details.secured_details?.description ?? null,
  };
}

/** Newest first: by creation date (then delivery date, then number); undated charges last. */
export function compareChargesNewestFirst(a: ChargeSummary, b: ChargeSummary): number {
  return (
    (b.created_on ?? '').localeCompare(a.created_on ?? '') ||
    (b.delivered_on ?? '').localeCompare(a.delivered_on ?? '') ||
    (b.charge_number ?? 0) - (a.charge_number ?? 0) ||
    a.charge_id.localeCompare(b.charge_id)
  );
}
