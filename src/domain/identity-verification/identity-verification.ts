import { z } from 'zod';

/*
 * Companies House's identity verification block (`identity_verification_details`), carried on officer list items,
 * single appointments and PSC entries by the REST API, the company-officers and persons-with-significant-control
 * streams and the PSC snapshot, under the same names everywhere (docs/identity-verification.md says where each
 * name was found). Every member is optional: Companies House publishes only those that apply to the person so
 * far. A malformed date is refused like any other date of the item it sits in.
 */

const isoDate = z.iso.date();

export const identityVerificationDetailsSchema = z.looseObject({
  /** The day from which an identity verification statement can be supplied (PSCs: their 14-day window opens). */
  appointment_verification_statement_date: isoDate.nullish(),
  /** The day by which the statement must be supplied. */
  appointment_verification_statement_due_on: isoDate.nullish(),
  /** The day the verification statement for this appointment took effect. */
  appointment_verification_start_on: isoDate.nullish(),
  /** The day it stopped applying. */
  appointment_verification_end_on: isoDate.nullish(),
  /** The day the person's identity was verified. */
  identity_verified_on: isoDate.nullish(),
  /** The authorised corporate service provider that verified it, when one did. */
  authorised_corporate_service_provider_name: z.string().nullish(),
  anti_money_laundering_supervisory_bodies: z.array(z.string()).nullish(),
  preferred_name: z.string().nullish(),
});

export type IdentityVerificationDetails = z.infer<typeof identityVerificationDetailsSchema>;

export const identityVerificationKeys = [
  'appointment_verification_statement_date',
  'appointment_verification_statement_due_on',
  'appointment_verification_start_on',
  'appointment_verification_end_on',
  'identity_verified_on',
  'authorised_corporate_service_provider_name',
  'anti_money_laundering_supervisory_bodies',
  'preferred_name',
] as const;

const nullableDate = z.iso.date().nullable();

export const identityVerificationViewSchema = z
  .object({
    appointment_verification_statement_date: nullableDate.describe(
      'From when the identity verification statement can be supplied',
    ),
    appointment_verification_statement_due_on: nullableDate.describe(
      'By when the identity verification statement must be supplied',
    ),
    appointment_verification_start_on: nullableDate.describe('When the verification statement took effect'),
    appointment_verification_end_on: nullableDate.describe(
      'When the verification statement stopped applying',
    ),
    identity_verified_on: nullableDate.describe('When the person’s identity was verified'),
    authorised_corporate_service_provider_name: z
      .string()
      .nullable()
      .describe('The authorised corporate service provider that verified the identity, when one did'),
    anti_money_laundering_supervisory_bodies: z
      .array(z.string())
      .describe('That provider’s anti-money-laundering supervisors; empty when none is published'),
    preferred_name: z.string().nullable(),
  })
  .nullable()
  .describe(
    'Companies House’s identity verification details (identity_verification_details) as published; null when it publishes none for this person',
  );

export type IdentityVerificationView = z.infer<typeof identityVerificationViewSchema>;

/** The block as stored: its published members in a fixed order (so equal blocks compare equal), or null. */
export function storedIdentityVerification(
  details: IdentityVerificationDetails | null | undefined,
): string | null {
  if (!details) return null;
  const view = identityVerificationView(JSON.stringify(details));
  return view === null ? null : JSON.stringify(view);
}

export function identityVerificationView(stored: string | null): IdentityVerificationView {
  if (stored === null) return null;
  const details = JSON.parse(stored) as Record<string, unknown>;
  const text = (key: (typeof identityVerificationKeys)[number]) => {
    const value = details[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const bodies = details.anti_money_laundering_supervisory_bodies;
  const view = {
    appointment_verification_statement_date: text('appointment_verification_statement_date'),
    appointment_verification_statement_due_on: text('appointment_verification_statement_due_on'),
    appointment_verification_start_on: text('appointment_verification_start_on'),
    appointment_verification_end_on: text('appointment_verification_end_on'),
    identity_verified_on: text('identity_verified_on'),
    authorised_corporate_service_provider_name: text('authorised_corporate_service_provider_name'),
    anti_money_laundering_supervisory_bodies: Array.isArray(bodies)
      ? bodies.filter((body): body is string => typeof body === 'string')
      : [],
    preferred_name: text('preferred_name'),
  };
  const empty = Object.values(view).every(
    (value) => value === null || (Array.isArray(value) && value.length === 0),
  );
  return empty ? null : view;
}

/**
 * Overdue: Companies House set a day by which the statement was due, that day is before `asOfDay`, and it
 * publishes neither a verification nor a statement taking effect. No due date is not overdue: the register has
 * not asked the person yet.
 */
export function isVerificationOverdue(view: IdentityVerificationView, asOfDay: string): boolean {
  if (view === null) return false;
  const due = view.appointment_verification_statement_due_on;
  if (due === null || due >= asOfDay) return false;
  return view.identity_verified_on === null && view.appointment_verification_start_on === null;
}
