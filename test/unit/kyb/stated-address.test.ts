import { registeredOfficeRule } from '../../../src/domain/kyb/rules/registered-office-rule';
import { statedAddressDifferences } from '../../../src/domain/kyb/stated-address';
import { facts, profile } from './kyb-facts-fixture';

const office = profile.registered_office_address; // FLAT 4, 27 OLD STREET, EC1V 9HL

describe('stated address against the registered office', () => {
  it('is the same office whatever the case, spacing and punctuation', () => {
    expect(statedAddressDifferences({ postcode: 'ec1v9hl', addressLine1: null }, office)).toEqual([]);
    expect(
      statedAddressDifferences({ postcode: 'EC1V 9HL', addressLine1: 'Flat 4 27 Old Street.' }, office),
    ).toEqual([]);
  });

  it('names the postcode, the first line, or both when they differ', () => {
    expect(statedAddressDifferences({ postcode: 'EC1V 9HM', addressLine1: null }, office)).toEqual([
      'postcode',
    ]);
    expect(statedAddressDifferences({ postcode: 'EC1V 9HL', addressLine1: '29 Old Street' }, office)).toEqual(
      ['address_line_1'],
    );
    expect(
      statedAddressDifferences({ postcode: 'N1 7QX', addressLine1: '12 Founders Yard' }, office),
    ).toEqual(['postcode', 'address_line_1']);
    expect(
      statedAddressDifferences(
        { postcode: 'EC1V 9HL', addressLine1: null },
        { ...office, postal_code: null },
      ),
    ).toEqual(['postcode']);
  });

  it('refers a mismatch with both addresses, and says when it matched', () => {
    const stated = { postcode: 'N1 7QX', addressLine1: null };
    const { reasons } = registeredOfficeRule.apply(facts({ statedAddress: stated }));
    expect(reasons).toEqual([
      expect.objectContaining({
        code: 'stated_address_mismatch',
        outcome: 'refer',
        evidence: {
          differs: ['postcode'],
          stated_address: { postcode: 'N1 7QX', address_line_1: null },
          registered_office_address: office,
        },
      }),
    ]);
    const same = registeredOfficeRule.apply(
      facts({ statedAddress: { postcode: 'EC1V 9HL', addressLine1: null } }),
    );
    expect(same.reasons).toEqual([]);
    expect(same.detail).toMatch(/the stated address matched\.$/);
  });
});
