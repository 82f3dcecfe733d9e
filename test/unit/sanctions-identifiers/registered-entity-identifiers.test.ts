import { registeredEntityIdentifiers } from '../../../src/domain/sanctions/identifiers/registered-entity-identifiers';

describe('registeredEntityIdentifiers', () => {
  it('reads a UK-registered corporate officer or PSC as its Companies House number', () => {
    expect(
      registeredEntityIdentifiers({
        legal_form: 'Private Limited Company',
        place_registered: 'Register Of Companies',
        registration_number: '1234567',
        country_registered: 'England',
      }),
    ).toEqual([{ scheme: 'gb-coh', value: '01234567', as_written: '1234567' }]);
    expect(
      registeredEntityIdentifiers({
        identification_type: 'uk-limited-company',
        registration_number: 'SC123456',
      }),
    ).toEqual([{ scheme: 'gb-coh', value: 'SC123456', as_written: 'SC123456' }]);
  });

  it('reads a Russian registration by its length and check digits', () => {
    expect(
      registeredEntityIdentifiers({
        registration_number: '1027700132195',
        country_registered: 'Russian Federation',
      }),
    ).toEqual([{ scheme: 'ru-ogrn', value: '1027700132195', as_written: '1027700132195' }]);
    expect(
      registeredEntityIdentifiers({ registration_number: '7707083893', country_registered: 'Russia' }),
    ).toEqual([{ scheme: 'ru-inn', value: '7707083893', as_written: '7707083893' }]);
    expect(
      registeredEntityIdentifiers({ registration_number: '7707083894', country_registered: 'Russia' }),
    ).toEqual([]);
  });

  it('compares nothing from other registries, or without a number', () => {
    expect(
      registeredEntityIdentifiers({ registration_number: '01234567', country_registered: 'Netherlands' }),
    ).toEqual([]);
    expect(registeredEntityIdentifiers({ registration_number: '01234567' })).toEqual([]);
    expect(registeredEntityIdentifiers({ country_registered: 'England', registration_number: '  ' })).toEqual(
      [],
    );
    expect(registeredEntityIdentifiers({ country_registered: 'England', registration_number: 42 })).toEqual(
      [],
    );
    expect(registeredEntityIdentifiers(null)).toEqual([]);
  });
});
