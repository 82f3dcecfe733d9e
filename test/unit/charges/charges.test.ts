import { companyChargeColumns, countCharges } from '../../../src/domain/charges/charge-counts';
import { chargeIdOf, chargeItemSchema } from '../../../src/domain/charges/charge-list-resource';
import {
  chargeRow,
  chargeSummary,
  compareChargesNewestFirst,
} from '../../../src/domain/charges/charge-record';
import { detailColumnChanges, type DetailColumns } from '../../../src/domain/charges/register-row-changes';

const charge = (id: string, status: string, createdOn: string | null, extra: Record<string, unknown> = {}) =>
  chargeItemSchema.parse({
    status,
    created_on: createdOn,
    persons_entitled: [{ name: 'Bank of Scotland PLC' }],
    classification: { type: 'charge-description', description: 'A registered charge' },
    particulars: { type: 'brief-description', description: 'Unit 6', contains_fixed_charge: true },
    links: { self: `/company/SC412345/charges/${id}` },
    ...extra,
  });

const columns = (total: number, outstanding: number, part: number, satisfied: number, insolvent = false) =>
  ({
    chargesTotal: total,
    chargesOutstanding: outstanding,
    chargesPartSatisfied: part,
    chargesSatisfied: satisfied,
    hasInsolvencyHistory: insolvent,
  }) satisfies DetailColumns;

describe('charges', () => {
  it('counts a list by status; fully-satisfied and satisfied both count as satisfied', () => {
    const counts = countCharges(
      ['outstanding', 'outstanding', 'part-satisfied', 'fully-satisfied', 'satisfied'].map((status) => ({
        status: status as 'outstanding',
      })),
    );
    expect(counts).toEqual({ total: 5, outstanding: 2, part_satisfied: 1, satisfied: 2 });
    expect(companyChargeColumns(counts)).toMatchObject({ hasCharges: true, chargesTotal: 5 });
    expect(companyChargeColumns(countCharges([])).hasCharges).toBe(false);
  });

  it('takes the charge id from the self link, else the item id', () => {
    expect(chargeIdOf(charge('ABC123', 'outstanding', null))).toBe('ABC123');
    expect(chargeIdOf(charge('x', 'outstanding', null, { links: null, id: 'OWN-ID' }))).toBe('OWN-ID');
    expect(chargeIdOf(charge('x', 'outstanding', null, { links: { self: '/elsewhere' } }))).toBeUndefined();
  });

  it('refuses an unknown status', () => {
    expect(chargeItemSchema.safeParse({ status: 'paid-off' }).success).toBe(false);
  });

  it('lists charges newest first, undated last', () => {
    const summaries = [
      charge('A', 'outstanding', '2019-05-14'),
      charge('B', 'fully-satisfied', null),
      charge('C', 'outstanding', '2026-10-28'),
    ].map((item) => chargeSummary(chargeRow('SC412345', chargeIdOf(item)!, item)));
    expect(summaries.sort(compareChargesNewestFirst).map((s) => s.charge_id)).toEqual(['C', 'A', 'B']);
    expect(summaries[0]).toEqual({
      charge_id: 'C',
      charge_code: null,
      charge_number: null,
      status: 'outstanding',
      classification: { type: 'charge-description', description: 'A registered charge' },
      created_on: '2026-10-28',
      delivered_on: null,
      satisfied_on: null,
      persons_entitled: ['Bank of Scotland PLC'],
      particulars: 'Unit 6',
      secured_details: null,
    });
  });
});

describe('register changes of charge counts and the insolvency flag (the register diff’s rules)', () => {
  it('records charge_registered when the total grows', () => {
    const changes = detailColumnChanges('SC412345', columns(2, 1, 0, 1), columns(3, 2, 0, 1));
    expect(changes).toEqual([
      {
        companyNumber: 'SC412345',
        change: 'updated',
        field: 'charges',
        alertType: 'charge_registered',
        oldValue: { total: 2, outstanding: 1, part_satisfied: 0, satisfied: 1 },
        newValue: { total: 3, outstanding: 2, part_satisfied: 0, satisfied: 1 },
      },
    ]);
  });

  it('records charge_satisfied when satisfied or part-satisfied grows, and both when both happen', () => {
    expect(
      detailColumnChanges('X', columns(2, 1, 0, 1), columns(2, 0, 0, 2)).map((c) => c.alertType),
    ).toEqual(['charge_satisfied']);
    expect(
      detailColumnChanges('X', columns(2, 1, 0, 1), columns(3, 1, 1, 1)).map((c) => c.alertType),
    ).toEqual(['charge_registered', 'charge_satisfied']);
    expect(detailColumnChanges('X', columns(2, 1, 0, 1), columns(2, 1, 0, 1))).toEqual([]);
    expect(detailColumnChanges('X', columns(3, 1, 0, 2), columns(2, 1, 0, 1))).toEqual([]);
  });

  it('records gazette_notice on insolvency when the flag turns on, nothing when it stays', () => {
    expect(detailColumnChanges('X', columns(0, 0, 0, 0), columns(0, 0, 0, 0, true))).toEqual([
      {
        companyNumber: 'X',
        change: 'updated',
        field: 'insolvency',
        alertType: 'gazette_notice',
        oldValue: { has_insolvency_history: false },
        newValue: { has_insolvency_history: true },
      },
    ]);
    expect(detailColumnChanges('X', columns(0, 0, 0, 0, true), columns(0, 0, 0, 0, true))).toEqual([]);
  });
});
