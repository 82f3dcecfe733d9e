import { z } from 'zod';
import type { PersonWithSignificantControl } from '../../db/entities/person-with-significant-control';
import {
  identityVerificationDetailsSchema,
  storedIdentityVerification,
} from '../identity-verification/identity-verification';
import { PSC_STATEMENT_KIND } from './psc-kinds';

/*
 * One item of Companies House's PSC resources, as GET /company/{n}/persons-with-significant-control(-statements)
 * returns it and as each line of the PSC snapshot carries it under `data`, and its row in
 * persons_with_significant_control. Unknown extra fields are tolerated (Companies House adds some), and the item is
 * kept whole in `details`. The id is the last part of links.self, the same for the API and the snapshot.
 */

const text = z.string().nullish();
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .nullish();

export const pscAddressKeys = [
  'premises',
  'address_line_1',
  'address_line_2',
  'locality',
  'region',
  'postal_code',
  'country',
  'care_of',
  'po_box',
] as const;

export const pscIdentificationKeys = [
  'legal_form',
  'legal_authority',
  'place_registered',
  'registration_number',
  'country_registered',
] as const;

const addressSchema = z.looseObject(Object.fromEntries(pscAddressKeys.map((key) => [key, text])));
const identificationSchema = z.looseObject(
  Object.fromEntries(pscIdentificationKeys.map((key) => [key, text])),
);

export const pscItemSchema = z
  .looseObject({
    kind: z.string().min(1).max(80),
    name: text,
    date_of_birth: z
      .looseObject({ month: z.number().int().min(1).max(12), year: z.number().int().min(1800).max(2200) })
      .nullish(),
    nationality: text,
    country_of_residence: text,
    address: addressSchema.nullish(),
    identification: identificationSchema.nullish(),
    natures_of_control: z.array(z.string().min(1)).nullish(),
    notified_on: date,
    ceased_on: date,
    statement: text,
    linked_psc_name: text,
    identity_verification_details: identityVerificationDetailsSchema.nullish(),
    links: z.looseObject({
      self: z
        .string()
        .regex(
          /\/[^/]{1,120}$/,
          'a path ending in the item’s id, e.g. /company/{n}/persons-with-significant-control/individual/{id}',
        ),
    }),
  })
  .refine((item) => item.kind !== PSC_STATEMENT_KIND || Boolean(item.statement), {
    message: 'a statement item needs its statement code',
    path: ['statement'],
  });

export type PscItem = z.infer<typeof pscItemSchema>;
export type PscRow = PersonWithSignificantControl;

export type PscAddress = Record<(typeof pscAddressKeys)[number], string | null>;
export type PscIdentification = Record<(typeof pscIdentificationKeys)[number], string | null>;

function pickText<K extends string>(
  value: Record<string, unknown> | null | undefined,
  keys: readonly K[],
): Record<K, string | null> | null {
  if (!value) return null;
  const picked = Object.fromEntries(
    keys.map((key) => {
      const part = value[key];
      return [key, typeof part === 'string' && part.trim() !== '' ? part.trim() : null];
    }),
  ) as Record<K, string | null>;
  return Object.values(picked).some((part) => part !== null) ? picked : null;
}

export function pscIdOf(item: PscItem): string {
  return item.links.self.slice(item.links.self.lastIndexOf('/') + 1);
}

/** The row an item is stored as; `companyNumber` is canonical. */
export function pscRowFromItem(companyNumber: string, item: PscItem): PscRow {
  const address = pickText(item.address, pscAddressKeys);
  const identification = pickText(item.identification, pscIdentificationKeys);
  return {
    companyNumber,
    pscId: pscIdOf(item),
    kind: item.kind,
    name: item.name?.trim() || null,
    birthYear: item.date_of_birth?.year ?? null,
    birthMonth: item.date_of_birth?.month ?? null,
    nationality: item.nationality?.trim() || null,
    countryOfResidence: item.country_of_residence?.trim() || null,
    address: address === null ? null : JSON.stringify(address),
    identification: identification === null ? null : JSON.stringify(identification),
    naturesOfControl: JSON.stringify(item.natures_of_control ?? []),
    statement: item.statement ?? null,
    notifiedOn: item.notified_on ?? null,
    ceasedOn: item.ceased_on ?? null,
    details: JSON.stringify(item),
    identityVerification: storedIdentityVerification(item.identity_verification_details),
  };
}

/** "data.natures_of_control[0]: expected string": each zod problem with the path it is at. */
export function describeItemProblems(error: z.ZodError, prefix: string): string {
  return error.issues
    .map((issue) => {
      const path = issue.path
        .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
        .join('');
      return `${prefix}${path}: ${issue.message}`;
    })
    .join('; ');
}

export function isStatementRow(row: Pick<PscRow, 'kind' | 'statement'>): boolean {
  return row.kind === PSC_STATEMENT_KIND || row.statement !== null;
}
