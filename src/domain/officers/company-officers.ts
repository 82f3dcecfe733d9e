import type { EntityManager } from '@mikro-orm/core';
import { CompanyEntity } from '../../db/entities/company';
import { OfficerAppointmentEntity, type OfficerAppointment } from '../../db/entities/officer-appointment';
import { notFound } from '../errors';

/*
 * One company's officers for get_officers. A company's officer list is short (a few hundred at the largest
 * PLCs), so it is read whole and counted, ordered and paged here rather than in SQL that would differ between
 * SQLite and PostgreSQL (nulls ordering, booleans).
 */

export const officerStatuses = ['active', 'resigned'] as const;
export type OfficerStatus = (typeof officerStatuses)[number];

export interface CompanyOfficersPage {
  activeCount: number;
  resignedCount: number;
  /** Appointments matching the status filter. */
  total: number;
  items: OfficerAppointment[];
}

/** Newest first, an unknown date last; the appointment id breaks ties so pages never overlap. */
function newestFirst(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? 1 : -1;
}

/** Active first (newest appointment first), then resigned (latest resignation first). */
export function compareAppointments(a: OfficerAppointment, b: OfficerAppointment): number {
  const aActive = a.resignedOn === null;
  const bActive = b.resignedOn === null;
  if (aActive !== bActive) return aActive ? -1 : 1;
  const byDate = aActive
    ? newestFirst(a.appointedOn, b.appointedOn)
    : newestFirst(a.resignedOn, b.resignedOn) || newestFirst(a.appointedOn, b.appointedOn);
  return byDate || (a.appointmentId < b.appointmentId ? -1 : a.appointmentId > b.appointmentId ? 1 : 0);
}

/** A company's officers; not_found when the register has no such company (none held is an empty page). */
export async function companyOfficers(
  em: EntityManager,
  companyNumber: string,
  options: { status?: OfficerStatus; limit: number; offset: number },
): Promise<CompanyOfficersPage> {
  const company = await em.findOne(CompanyEntity, { companyNumber }, { fields: ['companyNumber'] });
  if (company === null) throw notFound('Company', { company_number: companyNumber });
  const rows = await em.find(OfficerAppointmentEntity, { companyNumber }, { disableIdentityMap: true });
  const active = rows.filter((row) => row.resignedOn === null);
  const resigned = rows.filter((row) => row.resignedOn !== null);
  const matching = options.status === 'active' ? active : options.status === 'resigned' ? resigned : rows;
  const ordered = [...matching].sort(compareAppointments);
  return {
    activeCount: active.length,
    resignedCount: resigned.length,
    total: ordered.length,
    items: ordered.slice(options.offset, options.offset + options.limit),
  };
}
