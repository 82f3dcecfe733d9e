import type { CompanyContext } from './company-context';
import { CHARGE_CLASSIFICATIONS, CHARGE_PARTICULARS, LENDERS } from './details-vocabulary';
import { isoDay, REGISTERED_CHARGES_STARTED } from './keyed-random';

/*
 * GET /company/{n}/charges for a company the register says has charges, with exactly the register's counts:
 * the oldest charges are the satisfied ones, then any part-satisfied, the newest still outstanding. Each charge
 * has its creation filing (and satisfaction filing) in the filing history, under the same transaction id.
 */

export type ChargeStatus = 'outstanding' | 'part-satisfied' | 'fully-satisfied';

export interface ChargeEvent {
  charge_number: number;
  /** Null for charges created before registered charges (6 April 2013), which carry no charge code. */
  charge_code: string | null;
  created_on: number;
  delivered_on: number;
  create_transaction_id: string;
  status: ChargeStatus;
  satisfied_on: number | null;
  satisfy_transaction_id: string | null;
}

export interface DemoCharges {
  body: Record<string, unknown> | null;
  events: ChargeEvent[];
}

export function demoCharges(ctx: CompanyContext): DemoCharges {
  const counts = ctx.company.charge_counts;
  const satisfied = Math.min(counts.satisfied, counts.total);
  const partSatisfied = Math.min(counts.part_satisfied, counts.total - satisfied);
  // The register's total is the authority: outstanding is what the other two leave of it.
  const total = counts.total;
  if (total === 0) return { body: null, events: [] };
  const r = ctx.random;
  const number = ctx.company.company_number;
  const latest = Math.max(ctx.created, ctx.end - 30);
  const created = Array.from({ length: total }, () => r.day(ctx.created + 30, latest)).sort((a, b) => a - b);

  const events: ChargeEvent[] = created.map((createdOn, index) => {
    const status: ChargeStatus =
      index < satisfied
        ? 'fully-satisfied'
        : index < satisfied + partSatisfied
          ? 'part-satisfied'
          : 'outstanding';
    const delivered = Math.min(ctx.end, createdOn + r.int(2, 20));
    return {
      charge_number: index + 1,
      charge_code:
        createdOn >= REGISTERED_CHARGES_STARTED ? `${number}${String(index + 1).padStart(4, '0')}` : null,
      created_on: createdOn,
      delivered_on: delivered,
      create_transaction_id: r.id(28),
      status,
      satisfied_on: status === 'outstanding' ? null : r.day(delivered + 1, ctx.end),
      satisfy_transaction_id: status === 'outstanding' ? null : r.id(28),
    };
  });

  const items = [...events].reverse().map((event) => {
    const chargeId = r.id();
    const lender = r.pick(LENDERS);
    const transactions: Record<string, unknown>[] = [
      {
        filing_type:
          event.charge_code === null ? 'create-charge-pre-2006-companies-act' : 'create-charge-with-deed',
        delivered_on: isoDay(event.delivered_on),
        links: { filing: `/company/${number}/filing-history/${event.create_transaction_id}` },
      },
    ];
    if (event.satisfied_on !== null) {
      transactions.push({
        filing_type:
          event.status === 'fully-satisfied' ? 'charge-satisfaction-full' : 'charge-satisfaction-part',
        delivered_on: isoDay(event.satisfied_on),
        links: { filing: `/company/${number}/filing-history/${event.satisfy_transaction_id}` },
      });
    }
    const item: Record<string, unknown> = {
      etag: r.id(40).toLowerCase(),
      charge_number: event.charge_number,
      ...(event.charge_code === null ? {} : { charge_code: event.charge_code }),
      classification: { type: 'charge-description', description: r.pick(CHARGE_CLASSIFICATIONS) },
      status: event.status,
      created_on: isoDay(event.created_on),
      delivered_on: isoDay(event.delivered_on),
      ...(event.status === 'fully-satisfied' && event.satisfied_on !== null
        ? { satisfied_on: isoDay(event.satisfied_on) }
        : {}),
      persons_entitled: [{ name: lender }],
      particulars: {
        type: event.charge_code === null ? 'short-particulars' : 'brief-description',
        description: r.pick(CHARGE_PARTICULARS),
        contains_fixed_charge: true,
        contains_floating_charge: r.chance(0.6),
        contains_negative_pledge: r.chance(0.7),
      },
      secured_details: {
        type: 'amount-secured',
        description: 'All monies due or to become due from the company to the chargee',
      },
      transactions,
      links: { self: `/company/${number}/charges/${chargeId}` },
    };
    return item;
  });

  return {
    events,
    body: {
      etag: r.id(40).toLowerCase(),
      total_count: total,
      unfiltered_count: total,
      satisfied_count: satisfied,
      part_satisfied_count: partSatisfied,
      items,
    },
  };
}
