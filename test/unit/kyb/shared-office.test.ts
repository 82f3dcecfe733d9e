import { addressLineKey, officeLineKey } from '../../../src/domain/companies/office-address-key';
import { registeredOfficeRule } from '../../../src/domain/kyb/rules/registered-office-rule';
import { facts } from './kyb-facts-fixture';

describe('first address line key', () => {
  it('reads the ways one building is written alike', () => {
    const key = addressLineKey('20-22 Wenlock Road');
    expect(key).toBe('2022WENLOCKROAD');
    for (const line of [
      '20 - 22 WENLOCK ROAD',
      '20–22 Wenlock Road',
      '20-22, Wenlock Road.',
      ' 20-22 wenlock road ',
    ])
      expect(addressLineKey(line)).toBe(key);
  });

  it('keeps other buildings, suites and streets apart', () => {
    const key = addressLineKey('20-22 Wenlock Road');
    for (const line of ['Suite 12, 20-22 Wenlock Road', '24 Wenlock Road', '20-22 Wenlock Street'])
      expect(addressLineKey(line)).not.toBe(key);
  });

  it('stores no key for an office without a first line, or one of punctuation only', () => {
    expect(officeLineKey(null)).toBeNull();
    expect(officeLineKey(' - , ')).toBeNull();
    expect(officeLineKey('1 High St.')).toBe('1HIGHST');
  });
});

describe('registered office rule: shared address', () => {
  const shared = (active_companies: number) => ({
    postcode: 'N1 7GU',
    address_line_1: '20-22 WENLOCK ROAD',
    active_companies,
  });

  it('refers more active companies than the threshold, with the count and the threshold', () => {
    const { reasons, detail } = registeredOfficeRule.apply(facts({ sharedOffice: shared(51) }));
    expect(reasons).toEqual([
      expect.objectContaining({
        code: 'registered_office_shared',
        outcome: 'refer',
        evidence: {
          active_companies: 51,
          threshold: 50,
          postcode: 'N1 7GU',
          address_line_1: '20-22 WENLOCK ROAD',
        },
      }),
    ]);
    expect(detail).toContain('active companies at this address: 51 (threshold 50)');
  });

  it('passes the threshold itself, and honours a configured one', () => {
    expect(registeredOfficeRule.apply(facts({ sharedOffice: shared(50) })).reasons).toEqual([]);
    expect(
      registeredOfficeRule.apply(facts({ sharedOffice: shared(4), sharedOfficeThreshold: 3 })).reasons,
    ).toEqual([
      expect.objectContaining({
        code: 'registered_office_shared',
        evidence: expect.objectContaining({ threshold: 3 }) as object,
      }),
    ]);
  });

  it('says when there is no address to count at', () => {
    const { reasons, detail } = registeredOfficeRule.apply(facts({ sharedOffice: null }));
    expect(reasons).toEqual([]);
    expect(detail).toContain('no postcode and first line to count other companies at');
  });
});
