import { z } from 'zod';
import type { OfficerAppointment } from '../../db/entities/officer-appointment';
import {
  identityVerificationView,
  identityVerificationViewSchema,
} from '../identity-verification/identity-verification';
import { dateOfBirth, storedAddress } from './officer-record';

/* What get_officers and get_officer_appointments say of one appointment, and how a stored row becomes it. */

export const dateOfBirthSchema = z
  .object({ month: z.number().int().min(1).max(12), year: z.number().int() })
  .nullable()
  .describe('Month and year of birth (the register withholds the day); null for corporate officers');

const addressPart = z.string().nullable();

export const officerAddressViewSchema = z
  .object({
    care_of: addressPart,
    po_box: addressPart,
    premises: addressPart,
    address_line_1: addressPart,
    address_line_2: addressPart,
    locality: addressPart,
    region: addressPart,
    postal_code: addressPart,
    country: addressPart,
  })
  .describe('Correspondence address as filed');

export const officerItemSchema = z.object({
  officer_id: z.string().describe('Companies House officer id: the same person at every company'),
  appointment_id: z.string(),
  name: z.string().describe('As the register writes it: "SURNAME, Forenames" for a person'),
  officer_role: z
    .string()
    .describe('director, secretary, llp-member, llp-designated-member, corporate-director, …'),
  appointed_on: z.iso.date().nullable(),
  resigned_on: z.iso.date().nullable(),
  is_active: z.boolean(),
  date_of_birth: dateOfBirthSchema,
  nationality: z.string().nullable(),
  country_of_residence: z.string().nullable(),
  occupation: z.string().nullable(),
  address: officerAddressViewSchema,
  identity_verification: identityVerificationViewSchema,
});

export type OfficerItem = z.infer<typeof officerItemSchema>;

export function officerItem(row: OfficerAppointment): OfficerItem {
  const address = storedAddress(row);
  return {
    officer_id: row.officerId,
    appointment_id: row.appointmentId,
    name: row.name,
    officer_role: row.officerRole,
    appointed_on: row.appointedOn,
    resigned_on: row.resignedOn,
    is_active: row.resignedOn === null,
    date_of_birth: dateOfBirth(row),
    nationality: row.nationality,
    country_of_residence: row.countryOfResidence,
    occupation: row.occupation,
    address: {
      care_of: address.care_of ?? null,
      po_box: address.po_box ?? null,
      premises: address.premises ?? null,
      address_line_1: address.address_line_1 ?? null,
      address_line_2: address.address_line_2 ?? null,
      locality: address.locality ?? null,
      region: address.region ?? null,
      postal_code: address.postal_code ?? null,
      country: address.country ?? null,
    },
    identity_verification: identityVerificationView(row.identityVerification),
  };
}
