import { OfficerAppointmentEntity } from '../../../db/entities/officer-appointment';
import { diffOfficers } from '../../../domain/officers/officer-changes';
import { officerAppointmentEventSchema } from '../../../domain/officers/officer-list-resource';
import { replaceOfficerNameWords } from '../../../domain/officers/officer-name-word-store';
import {
  appointmentPath,
  appointmentRow,
  officerIdOfLink,
  unknownOfficerId,
} from '../../../domain/officers/officer-record';
import { importCompanyResource } from '../../writers/company-resource-import';
import { eventData, refuseEvent, requireItemId, type StreamEventApplier } from './stream-event-data';
import { itemIdOf } from './stream-event-target';

/*
 * company-officers: one appointment (/company/{n}/appointments/{id}), an item of the officer list. It replaces
 * (or, deleted, removes) that appointment alone and records what changed on it with the officer list's own diff,
 * so a repeated event finds nothing new. The officer list importer's whole-list check (total_results) does not
 * apply: one item is never mistaken for the list. The first officers data a company gets is its baseline, as
 * for a list (importCompanyResource); events after it record changes.
 */
export const applyOfficerEvent: StreamEventApplier = async (em, event, target, context) => {
  const number = target.companyNumber;
  const appointmentId = requireItemId(
    event,
    itemIdOf(target, 'appointments'),
    '/company/{n}/appointments/{appointment_id}',
  );
  const item = event.event.type === 'changed' ? eventData(event, officerAppointmentEventSchema) : null;
  if (item) {
    const self = appointmentPath(item.links.self);
    if (self?.companyNumber !== number || self.appointmentId !== appointmentId)
      refuseEvent(event, 'data.links.self', `${item.links.self} is not the event's resource_uri`);
  }
  return importCompanyResource(
    em,
    number,
    'officers',
    context,
    async (tx) => {
      const [stored] = await tx.find(
        OfficerAppointmentEntity,
        { companyNumber: number, appointmentId },
        { disableIdentityMap: true },
      );
      if (stored) await tx.nativeDelete(OfficerAppointmentEntity, { companyNumber: number, appointmentId });
      if (!item) {
        if (stored) await replaceOfficerNameWords(tx, [stored], []);
        return diffOfficers(number, stored ? [stored] : [], []);
      }
      // The officer link is often missing from stream data: the id already held for the appointment stands.
      const linked = item.links.officer && officerIdOfLink(item.links.officer.appointments);
      const officerId = linked ?? stored?.officerId ?? unknownOfficerId(appointmentId);
      const row = appointmentRow(number, item, { companyNumber: number, appointmentId, officerId });
      await tx.insert(OfficerAppointmentEntity, row);
      await replaceOfficerNameWords(tx, stored ? [stored] : [], [row]);
      return diffOfficers(number, stored ? [stored] : [], [row]);
    },
    'item',
  );
};
