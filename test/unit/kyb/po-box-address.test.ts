import { poBoxInAddress, poBoxKindOf } from '../../../src/domain/kyb/po-box-address';
import { registeredOfficeRule } from '../../../src/domain/kyb/rules/registered-office-rule';
import { profile, withProfile } from './kyb-facts-fixture';

describe('PO box in an address line', () => {
  it.each([
    ['PO Box 123', 'po_box'],
    ['P.O. Box 123', 'po_box'],
    ['P. O. Box 77, High Street', 'po_box'],
    ['P O BOX 9', 'po_box'],
    ['PO BOX 123', 'po_box'],
    ['p.o.box 5', 'po_box'],
    ['POBOX 123', 'po_box'],
    ['POBox123', 'po_box'],
    ['Post Office Box 4', 'po_box'],
    ['Freepost RTKX-ABCD', 'freepost'],
    ['FREEPOST ACME LTD', 'freepost'],
  ])('%s is %s', (line, kind) => {
    expect(poBoxKindOf(line)).toBe(kind);
  });

  it.each([
    'Pobox Lane',
    'Post Office Road',
    'The Old Post Office',
    'Post Office Buildings, Box Hill',
    'Tempo Box Works',
    'Depot Boxes Ltd, Unit 4',
    '27 Old Street',
    'Pobox',
    'Free Post Lane',
  ])('%s is a place, not a PO box', (line) => {
    expect(poBoxKindOf(line)).toBeNull();
  });

  it('reads the register’s po_box field first, then each line, and names the field', () => {
    const street = profile.registered_office_address;
    expect(poBoxInAddress(street)).toBeNull();
    expect(poBoxInAddress({ ...street, po_box: '  ' })).toBeNull();
    expect(poBoxInAddress({ ...street, po_box: '812' })).toEqual({
      kind: 'po_box',
      field: 'po_box',
      text: '812',
    });
    expect(poBoxInAddress({ ...street, address_line_2: 'P.O. Box 44' })).toEqual({
      kind: 'po_box',
      field: 'address_line_2',
      text: 'P.O. Box 44',
    });
    // The postcode and the country are never a PO box.
    expect(poBoxInAddress({ ...street, country: 'PO BOX LAND' })).toBeNull();
  });
});

describe('registered office rule: PO box', () => {
  it('refers a PO box registered office with the address, the date and the rule', () => {
    const address = { ...profile.registered_office_address, address_line_1: 'PO BOX 123' };
    const { reasons, detail } = registeredOfficeRule.apply(
      withProfile({ registered_office_address: address }),
    );
    expect(reasons).toEqual([
      expect.objectContaining({
        code: 'registered_office_po_box',
        outcome: 'refer',
        evidence: {
          kind: 'po_box',
          field: 'address_line_1',
          text: 'PO BOX 123',
          registered_office_address: address,
          not_appropriate_since: '2024-03-04',
          rule: expect.stringContaining('s.86') as string,
        },
      }),
    ]);
    expect(detail).toMatch(/; a PO box; /);
  });

  it('gives no PO box reason for a street address', () => {
    const { reasons, detail } = registeredOfficeRule.apply(withProfile({}));
    expect(reasons).toEqual([]);
    expect(detail).toMatch(/; not a PO box; /);
  });
});
