import { z } from 'zod';
import { identityVerificationDetailsSchema } from '../identity-verification/identity-verification';

/*
 * Companies House's officerList resource (GET /company/{company_number}/officers) as published. Only what the
 * store keeps is checked; unknown fields are tolerated, because Companies House adds fields without notice
 * (contact_details, principal_office_address and responsibilities arrived that way).
 */

const isoDate = z.iso.date();

export const officerAddressSchema = z.object({
  care_of: z.string().optional(),
  po_box: z.string().optional(),
  premises: z.string().optional(),
  address_line_1: z.string().optional(),
  address_line_2: z.string().optional(),
  locality: z.string().optional(),
  region: z.string().optional(),
  postal_code: z.string().optional(),
  country: z.string().optional(),
});

/** Month and year only: Companies House withholds the day from the public register. */
export const officerBirthSchema = z.object({
  day: z.number().int().min(1).max(31).optional(),
  month: z.number().int().min(1).max(12),
  year: z.number().int().min(1800).max(2200),
});

const appointmentSelfLink = z
  .string()
  .regex(/^\/company\/[A-Z0-9]{8}\/appointments\/[^/\s]+$/, '/company/{company_number}/appointments/{id}');
const officerAppointmentsLink = z
  .string()
  .regex(/^\/officers\/[^/\s]+\/appointments$/, '/officers/{officer_id}/appointments');

export const officerListItemSchema = z.object({
  name: z.string().trim().min(1),
  officer_role: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, 'a Companies House officer role such as director or llp-member'),
  appointed_on: isoDate.optional(),
  appointed_before: isoDate.optional(),
  is_pre_1992_appointment: z.boolean().optional(),
  resigned_on: isoDate.optional(),
  date_of_birth: officerBirthSchema.optional(),
  nationality: z.string().optional(),
  country_of_residence: z.string().optional(),
  occupation: z.string().optional(),
  address: officerAddressSchema.optional(),
  identification: z.record(z.string(), z.unknown()).optional(),
  former_names: z.array(z.record(z.string(), z.unknown())).optional(),
  person_number: z.string().optional(),
  responsibilities: z.string().optional(),
  identity_verification_details: identityVerificationDetailsSchema.nullish(),
  links: z.object({
    self: appointmentSelfLink,
    officer: z.object({ appointments: officerAppointmentsLink }),
  }),
});

/**
 * One appointment as a company-officers Streaming API event carries it (`data`): a list item, except that the
 * officer link is often left out.
 */
export const officerAppointmentEventSchema = officerListItemSchema.extend({
  links: z.object({
    self: appointmentSelfLink,
    officer: z.object({ appointments: officerAppointmentsLink }).optional(),
  }),
});

export const officerListSchema = z.object({
  kind: z.literal('officer-list').optional(),
  items: z.array(officerListItemSchema).default([]),
  active_count: z.number().int().min(0).optional(),
  resigned_count: z.number().int().min(0).optional(),
  inactive_count: z.number().int().min(0).optional(),
  total_results: z.number().int().min(0).optional(),
});

export type OfficerAddress = z.infer<typeof officerAddressSchema>;
export type OfficerListItem = z.infer<typeof officerListItemSchema>;
export type OfficerAppointmentEvent = z.infer<typeof officerAppointmentEventSchema>;
export type OfficerList = z.infer<typeof officerListSchema>;
