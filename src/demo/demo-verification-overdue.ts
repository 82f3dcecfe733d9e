import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity } from '../db/entities/company';
import { OfficerAppointmentEntity } from '../db/entities/officer-appointment';
import {
  identityVerificationView,
  isVerificationOverdue,
} from '../domain/identity-verification/identity-verification';

/**
 * The demo companies with a current director overdue for identity verification on `asOfDay`, in words, for the
 * start-up log: where run_kyb_check shows identity_verification_overdue on the demo data.
 */
export async function demoVerificationOverdue(em: EntityManager, asOfDay: string): Promise<string[]> {
  const rows = await em.find(
    OfficerAppointmentEntity,
    { resignedOn: null, identityVerification: { $ne: null } },
    { orderBy: { companyNumber: 'asc', appointmentId: 'asc' }, disableIdentityMap: true },
  );
  const overdue = rows
    .map((row) => ({ row, view: identityVerificationView(row.identityVerification) }))
    .filter(({ view }) => isVerificationOverdue(view, asOfDay));
  const names = new Map(
    (
      await em.find(
        CompanyEntity,
        { companyNumber: { $in: [...new Set(overdue.map(({ row }) => row.companyNumber))] } },
        { fields: ['companyNumber', 'companyName'], disableIdentityMap: true },
      )
    ).map((company) => [company.companyNumber, company.companyName]),
  );
  return overdue.map(
    ({ row, view }) =>
      `${row.companyNumber} ${names.get(row.companyNumber) ?? ''}: director ${row.name}, identity verification statement due ${view!.appointment_verification_statement_due_on}`,
  );
}
