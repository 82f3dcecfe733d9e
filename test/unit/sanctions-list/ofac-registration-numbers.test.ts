import { parseRegistrationNumbers } from '../../../src/domain/sanctions/identifiers/registration-numbers';
import { ofacRegistrationNumber } from '../../../src/ingest/sanctions/ofac/ofac-registration-numbers';

/** What the identifier reader takes from an OFAC Remarks clause once it is rewritten. */
const read = (clause: string) =>
  parseRegistrationNumbers(ofacRegistrationNumber(clause)).map((i) => [i.scheme, i.value]);

describe('OFAC registration clauses', () => {
  it('labels a number with the one registry its country and shape name', () => {
    expect(read('Registration ID 1027799000008 (Russia)')).toEqual([['ru-ogrn', '1027799000008']]);
    expect(read('Registration Number 1027799000008 (Russia)')).toEqual([['ru-ogrn', '1027799000008']]);
    expect(read('Tax ID No. 7799123455 (Russia)')).toEqual([['ru-inn', '7799123455']]);
    expect(read('Company Number 04567890 (United Kingdom)')).toEqual([['gb-coh', '04567890']]);
  });

  it('leaves unread a number whose country names no registry the reader knows', () => {
    // "Company Number" alone would read as a Companies House number: a Cypriot one must not.
    expect(read('Company Number 04567890 (Cyprus)')).toEqual([]);
    expect(ofacRegistrationNumber('Company Number 04567890 (Cyprus)')).toBe('Registration 04567890 (Cyprus)');
    expect(read('Registration ID 123456789 (Russia)')).toEqual([]);
  });

  it('keeps a tax number of another country under its own label, and any other clause as written', () => {
    expect(read('Tax ID No. 12345678 (Latvia)')).toEqual([['tax-id', '12345678']]);
    expect(ofacRegistrationNumber('Legal Entity Number 253400V1H6ART1UQ0N98 (Russia)')).toBe(
      'Legal Entity Number 253400V1H6ART1UQ0N98 (Russia)',
    );
  });
});
