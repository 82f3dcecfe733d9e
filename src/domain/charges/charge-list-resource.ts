import { z } from 'zod';

/*
 * Companies House's charge list resource (GET /company/{n}/charges, `chargeList`), as far as the store keeps it.
 * Unknown extra fields are tolerated; what a charge is stored and counted by is checked.
 */

const isoDate = z.iso.date();

export const chargeStatuses = ['outstanding', 'fully-satisfied', 'part-satisfied', 'satisfied'] as const;

const described = z.object({ type: z.string().nullish(), description: z.string().nullish() }).loose();

export const chargeItemSchema = z.object({
  id: z.string().min(1).max(80).nullish(),
  charge_code: z.string().max(40).nullish(),
  charge_number: z.number().int().nonnegative().nullish(),
  classification: described.nullish(),
  status: z.enum(chargeStatuses),
  created_on: isoDate.nullish(),
  delivered_on: isoDate.nullish(),
  satisfied_on: isoDate.nullish(),
  acquired_on: isoDate.nullish(),
  persons_entitled: z.array(z.object({ name: z.string().min(1) }).loose()).nullish(),
  particulars: described.nullish(),
  secured_details: described.nullish(),
  transactions: z.array(z.unknown()).nullish(),
  scottish_alterations: z.unknown().optional(),
  more_than_four_persons_entitled: z.boolean().nullish(),
  links: z.object({ self: z.string().nullish() }).loose().nullish(),
});
export type ChargeItem = z.infer<typeof chargeItemSchema>;

export const chargeListSchema = z.object({
  items: z.array(chargeItemSchema),
  total_count: z.number().int().nonnegative().nullish(),
  unfiltered_count: z.number().int().nonnegative().nullish(),
  satisfied_count: z.number().int().nonnegative().nullish(),
  part_satisfied_count: z.number().int().nonnegative().nullish(),
});
export type ChargeList = z.infer<typeof chargeListSchema>;

/**
 * The id Companies House gives a charge: the last part of its self link (/company/{n}/charges/{id}), else the
 * item's own `id`. Undefined when the item carries neither.
 */
export function chargeIdOf(item: ChargeItem): string | undefined {
  const fromLink = item.links?.self
    ?.split('/')
    .filter((part) => part !== '')
    .at(-1);
  const linked = item.links?.self?.includes('/charges/') ? fromLink : undefined;
  return linked ?? item.id ?? undefined;
}
