import { designationIdentifierKeys } from '../../../src/domain/sanctions/designation-identifier-keys';
import { isValidImoNumber } from '../../../src/domain/sanctions/identifiers/imo-number';
import {
  parseImoNumbers,
  parseRegistrationNumbers,
} from '../../../src/domain/sanctions/identifiers/registration-numbers';
import { isValidInn, isValidOgrn } from '../../../src/domain/sanctions/identifiers/russian-registry-numbers';
import type { ListedDesignation } from '../../../src/domain/sanctions/sanctions-list';

// Real published numbers with their check digits: Sberbank's INN and OGRN, a sole trader's OGRNIP and a
// person's 12-digit INN, the IMO's own example ship number.
const INN = '7707083893';
const OGRN = '1027700132195';

describe('check digits', () => {
  it('accepts valid INN, OGRN and IMO numbers and refuses one digit off', () => {
    expect(isValidInn(INN)).toBe(true);
    expect(isValidInn('500100732259')).toBe(true);
    expect(isValidInn('7707083894')).toBe(false);
    expect(isValidInn('500100732258')).toBe(false);
    expect(isValidOgrn(OGRN)).toBe(true);
    expect(isValidOgrn('304500116000157')).toBe(true);
    expect(isValidOgrn('1027700132196')).toBe(false);
    expect(isValidImoNumber('9074729')).toBe(true);
    expect(isValidImoNumber('9074728')).toBe(false);
    for (const bad of ['', '123', '77070838931', 'abcdefghij', '9074729 '])
      expect([isValidInn(bad), isValidOgrn(bad), isValidImoNumber(bad)]).toEqual([false, false, false]);
  });
});

describe('parseRegistrationNumbers', () => {
  it('reads labelled numbers, several in one cell, each with its scheme and as written', () => {
    expect(parseRegistrationNumbers(`(1) INN: ${INN} (2) OGRN: ${OGRN}`)).toEqual([
      { scheme: 'ru-inn', value: INN, as_written: `INN: ${INN}` },
      { scheme: 'ru-ogrn', value: OGRN, as_written: `OGRN: ${OGRN}` },
    ]);
    expect(parseRegistrationNumbers(`ИНН ${INN}; ОГРН ${OGRN}`).map((id) => id.scheme)).toEqual([
      'ru-inn',
      'ru-ogrn',
    ]);
    expect(parseRegistrationNumbers('OGRNIP 304500116000157')).toEqual([
      { scheme: 'ru-ogrn', value: '304500116000157', as_written: 'OGRNIP 304500116000157' },
    ]);
    expect(parseRegistrationNumbers('Tax ID No. 12345-678')).toEqual([
      { scheme: 'tax-id', value: '12345678', as_written: 'Tax ID No. 12345-678' },
    ]);
  });

  it('reads Companies House numbers as 8 characters: a lost leading zero restored, prefixes kept', () => {
    expect(parseRegistrationNumbers('Company number 1234567')).toEqual([
      { scheme: 'gb-coh', value: '01234567', as_written: 'Company number 1234567' },
    ]);
    expect(parseRegistrationNumbers('Company number 01234567')[0]!.value).toBe('01234567');
    expect(parseRegistrationNumbers('Company No. SC 123456')[0]!.value).toBe('SC123456');
    expect(parseRegistrationNumbers('Companies House number: OC301234')[0]!.value).toBe('OC301234');
    expect(parseRegistrationNumbers('company registration number ni612345')[0]!.value).toBe('NI612345');
  });

  it('leaves out what it cannot read as a number of a known registry', () => {
    for (const cell of [
      '',
      '   ',
      '1234567890', // bare: which registry's?
      'Registration number 01234567', // no registry named
      'INN 7707083894', // check digit wrong
      'OGRN 10277001321', // too short
      'INN 77070838931', // 11 digits
      'Company number 123', // too short to be ours, and never padded from so few digits
      'Company number XY123456', // not a Companies House prefix
      'Company number 123456789', // nine digits
      'IMO 9074728', // check digit wrong
      'Tax ID 12', // too short
      'INN: see statement of reasons',
    ])
      expect([cell, parseRegistrationNumbers(cell)]).toEqual([cell, []]);
  });

  it('gives each number once', () => {
    expect(parseRegistrationNumbers(`INN ${INN}, INN: ${INN}`)).toHaveLength(1);
  });
});

describe('parseImoNumbers', () => {
  it('reads the IMO column bare or labelled, valid check digits only', () => {
    expect(parseImoNumbers('9074729')).toEqual([{ scheme: 'imo', value: '9074729', as_written: '9074729' }]);
    expect(parseImoNumbers('IMO 9074729; IMO: 8814275').map((id) => id.value)).toEqual([
      '9074729',
      '8814275',
    ]);
    expect(parseImoNumbers('9074728')).toEqual([]);
    expect(parseImoNumbers('90747290')).toEqual([]);
    expect(parseImoNumbers('')).toEqual([]);
  });
});

describe('designationIdentifierKeys', () => {
  const designation = (details: Record<string, string[]>) => ({ details }) as unknown as ListedDesignation;

  it('keys the registration numbers and IMO numbers a designation publishes', () => {
    expect(
      designationIdentifierKeys(
        designation({
          'Business registration number (s)': [`INN ${INN}`, 'Company number 1234567'],
          'IMO number': ['9074729'],
        }),
      ),
    ).toEqual([`ru-inn:${INN}`, 'gb-coh:01234567', 'imo:9074729']);
    expect(designationIdentifierKeys(designation({}))).toEqual([]);
    expect(designationIdentifierKeys(designation({ 'Business registration number (s)': ['n/a'] }))).toEqual(
      [],
    );
  });
});
