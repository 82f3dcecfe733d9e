import { EntitySchema } from '@mikro-orm/core';

/**
 * One charge (mortgage) registered against a company, as Companies House's charge item holds it
 * (domain/charges maps it both ways). Status: outstanding, fully-satisfied, part-satisfied or satisfied.
 * JSON text: `personsEntitled` and `details` (particulars, secured details, transactions).
 */
export interface Charge {
  companyNumber: string;
  chargeId: string;
  chargeCode: string | null;
  chargeNumber: number | null;
  status: string;
  classification: string | null;
  createdOn: string | null;
  deliveredOn: string | null;
  satisfiedOn: string | null;
  personsEntitled: string;
  details: string;
}

const text = (fieldName: string) => ({ type: 'string', fieldName, nullable: true }) as const;

export const ChargeEntity = new EntitySchema<Charge>({
  name: 'Charge',
  tableName: 'charges',
  properties: {
    companyNumber: { type: 'string', primary: true, fieldName: 'company_number' },
    chargeId: { type: 'string', primary: true, fieldName: 'charge_id' },
    chargeCode: text('charge_code'),
    chargeNumber: { type: 'integer', fieldName: 'charge_number', nullable: true },
    status: { type: 'string' },
    classification: { type: 'text', nullable: true },
    createdOn: text('created_on'),
    deliveredOn: text('delivered_on'),
    satisfiedOn: text('satisfied_on'),
    personsEntitled: { type: 'text', fieldName: 'persons_entitled' },
    details: { type: 'text' },
  },
});
