import { EntitySchema } from '@mikro-orm/core';

/**
 * One appointment of one officer at one company, as Companies House's officer list item holds it
 * (domain/officers maps it both ways). `officerId` is the stable person id: the same person appointed at two
 * companies has one officerId, two namesakes have two. JSON text: `address` and `details` (identification,
 * former names and other parts read whole).
 */
export interface OfficerAppointment {
  companyNumber: string;
  appointmentId: string;
  officerId: string;
  name: string;
  /** Normalised surname: the index a search by name starts from. */
  surnameKey: string;
  /** Every normalised name word, space-separated and space-wrapped (" JOHN PAUL SMITH "). */
  nameKey: string;
  officerRole: string;
  appointedOn: string | null;
  resignedOn: string | null;
  birthYear: number | null;
  birthMonth: number | null;
  nationality: string | null;
  countryOfResidence: string | null;
  occupation: string | null;
  address: string;
  details: string;
  /** Companies House's identity_verification_details as JSON text; null where it publishes none. */
  identityVerification: string | null;
}

const text = (fieldName: string) => ({ type: 'string', fieldName, nullable: true }) as const;

export const OfficerAppointmentEntity = new EntitySchema<OfficerAppointment>({
  name: 'OfficerAppointment',
  tableName: 'officer_appointments',
  properties: {
    companyNumber: { type: 'string', primary: true, fieldName: 'company_number' },
    appointmentId: { type: 'string', primary: true, fieldName: 'appointment_id' },
    officerId: { type: 'string', fieldName: 'officer_id' },
    name: { type: 'text' },
    surnameKey: { type: 'string', fieldName: 'surname_key' },
    nameKey: { type: 'text', fieldName: 'name_key' },
    officerRole: { type: 'string', fieldName: 'officer_role' },
    appointedOn: text('appointed_on'),
    resignedOn: text('resigned_on'),
    birthYear: { type: 'integer', fieldName: 'birth_year', nullable: true },
    birthMonth: { type: 'integer', fieldName: 'birth_month', nullable: true },
    nationality: text('nationality'),
    countryOfResidence: text('country_of_residence'),
    occupation: text('occupation'),
    address: { type: 'text' },
    details: { type: 'text' },
    identityVerification: { type: 'text', fieldName: 'identity_verification', nullable: true },
  },
});
