import { ChargeEntity } from '../../../db/entities/charge';
import { CompanyEntity } from '../../../db/entities/company';
import { countCharges } from '../../../domain/charges/charge-counts';
import { chargeIdOf, chargeItemSchema, type ChargeItem } from '../../../domain/charges/charge-list-resource';
import { chargeRow } from '../../../domain/charges/charge-record';
import { importCompanyResource } from '../../writers/company-resource-import';
import { setChargeCounts } from '../resources/charges-json';
import { eventData, refuseEvent, requireItemId, type StreamEventApplier } from './stream-event-data';
import { itemIdOf } from './stream-event-target';

/*
 * The charges stream: one charge (/company/{n}/charges/{charge_id}), an item of the charge list, replaced (or,
 * deleted, removed) alone with the list's row mapping. The counts on the register row follow the charges held,
 * by the list importer's own counting and diff (countCharges, setChargeCounts: charge_registered and
 * charge_satisfied), but only while the store holds the company's whole charge list, that is as many charges as
 * its charges_total says. A company whose counts came from the bulk file and whose charges were never imported
 * holds none of them: counting the one charge an event brings would take its counts down from the file's, and
 * the next whole list would announce the rest as new charges. Its counts stay as they are until a whole list
 * is imported.
 */
export const applyChargeEvent: StreamEventApplier = async (em, event, target, context) => {
  const number = target.companyNumber;
  const chargeId = requireItemId(event, itemIdOf(target, 'charges'), '/company/{n}/charges/{charge_id}');
  let item: ChargeItem | null = null;
  if (event.event.type === 'changed') {
    item = eventData(event, chargeItemSchema);
    const linked = chargeIdOf(item);
    if (linked !== undefined && linked !== chargeId)
      refuseEvent(event, 'data.links.self', `charge ${linked} is not the event's resource_uri`);
  }
  return importCompanyResource(
    em,
    number,
    'charges',
    context,
    async (tx) => {
      const held = await tx.find(
        ChargeEntity,
        { companyNumber: number },
        { fields: ['chargeId', 'status'], disableIdentityMap: true },
      );
      const company = await tx.findOneOrFail(CompanyEntity, { companyNumber: number }, { refresh: true });
      const wholeList = held.length === Number(company.chargesTotal);
      await tx.nativeDelete(ChargeEntity, { companyNumber: number, chargeId });
      if (item) await tx.insert(ChargeEntity, chargeRow(number, chargeId, item));
      if (!wholeList) return [];
      const statuses = held
        .filter((charge) => charge.chargeId !== chargeId)
        .map((charge) => ({ status: charge.status as ChargeItem['status'] }));
      if (item) statuses.push({ status: item.status });
      return setChargeCounts(tx, number, countCharges(statuses), context.detectedAt);
    },
    'item',
  );
};
