import {
  kindOfDesignation,
  kindsOfTypes,
  nameKey,
  nameTokenKeys,
} from '../../../src/domain/sanctions/name-tokens';

describe('the list store’s name keys (the matcher’s normalisation)', () => {
  it('reads individuals as people and entities and ships as entities', () => {
    expect(kindOfDesignation('individual')).toBe('person');
    expect(kindOfDesignation('entity')).toBe('entity');
    expect(kindOfDesignation('ship')).toBe('entity');
    expect(kindsOfTypes(['individual'])).toEqual(['person']);
    expect(kindsOfTypes(['entity', 'ship'])).toEqual(['entity']);
    expect(kindsOfTypes(undefined).sort()).toEqual(['entity', 'person']);
  });

  it('makes an order-free exact key, without titles or legal forms', () => {
    expect(nameKey('PETROV, Ivan', 'person')).toBe(nameKey('Ivan Petrov', 'person'));
    expect(nameKey('Mr Ivan Petrov', 'person')).toBe(nameKey('Ivan Petrov', 'person'));
    expect(nameKey('Ivan Petrova', 'person')).not.toBe(nameKey('Ivan Petrov', 'person'));
    expect(nameKey('OOO NORDVIND', 'entity')).toBe(nameKey('Nordvind LLC', 'entity'));
    expect(nameKey('', 'entity')).toBe('');
  });

  it('gives transliteration variants a shared index key', () => {
    const latin = nameTokenKeys('Sergei Ivanov', 'person');
    const cyrillic = nameTokenKeys('Сергей Иванов', 'person');
    expect(latin.some((key) => cyrillic.includes(key))).toBe(true);
    expect(
      nameTokenKeys('John Smith', 'person').some((key) =>
        nameTokenKeys('Ivan Petrov', 'person').includes(key),
      ),
    ).toBe(false);
  });
});
