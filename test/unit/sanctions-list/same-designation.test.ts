import type { ListedDesignation } from '../../../src/domain/sanctions/listed-designation';
import {
  groupSameDesignations,
  sameDesignationKeys,
} from '../../../src/domain/sanctions/screening/same-designation';
import type { SanctionsListId } from '../../../src/domain/sanctions/sanctions-lists';

/** A listed designation with only what grouping reads set; the rest empty. */
function listed(
  list: SanctionsListId,
  uniqueId: string,
  fields: Partial<Pick<ListedDesignation, 'type' | 'primary_name' | 'un_reference_number' | 'birth_dates'>>,
): ListedDesignation {
  const primary = fields.primary_name ?? 'Ivan PETROV';
  return {
    list_id: list,
    unique_id: uniqueId,
    type: fields.type ?? 'individual',
    primary_name: primary,
    names: [
      {
        name: primary,
        surname: null,
        given_names: null,
        name_type: 'primary',
        alias_strength: null,
        title: null,
        non_latin: false,
        script: null,
        language: null,
      },
    ],
    regimes: [],
    designation_source: null,
    sanctions_imposed: [],
    date_designated: null,
    last_updated: null,
    ofsi_group_id: null,
    un_reference_number: fields.un_reference_number ?? null,
    birth_dates: fields.birth_dates ?? [],
    nationalities: [],
    addresses: [],
    birth_countries: [],
    other_information: null,
    statement_of_reasons: null,
    details: {},
    countries: [],
  };
}

const ids = (groups: ListedDesignation[][]) => groups.map((g) => g.map((d) => `${d.list_id}:${d.unique_id}`));
const born1961 = [{ year: 1961, month: 3, day: 3 }];

describe('one designation on several lists', () => {
  it('joins records sharing a UN reference number, whatever their names', () => {
    const groups = groupSameDesignations(
      [
        listed('uk', 'AQD0001', { un_reference_number: 'QDi.901', primary_name: 'Orlan KAMBER' }),
        listed('un', 'QDi.901', { un_reference_number: 'QDi.901', primary_name: 'ORLAN VESTRIK KAMBER' }),
        listed('eu', 'EU-1', { un_reference_number: ' qdi.901 ', primary_name: 'Orlan Vestrik Kamber' }),
      ],
      (d) => d,
    );
    expect(ids(groups)).toEqual([['uk:AQD0001', 'un:QDi.901', 'eu:EU-1']]);
  });

  it('joins a person by name and dates of birth, an entity by name, across lists only', () => {
    const groups = groupSameDesignations(
      [
        listed('ofac', 'OFAC-1', { primary_name: 'PETROV, Ivan', birth_dates: born1961 }),
        listed('uk', 'RUS1', { primary_name: 'Ivan PETROV', birth_dates: born1961 }),
        listed('uk', 'RUS2', { primary_name: 'Ivan PETROV', birth_dates: born1961 }),
        listed('ofac', 'OFAC-2', { type: 'entity', primary_name: 'ACME TRADING LLC' }),
        listed('eu', 'EU-2', { type: 'entity', primary_name: 'Acme Trading LLC' }),
      ],
      (d) => d,
    );
    expect(ids(groups)).toEqual([
      ['ofac:OFAC-1', 'uk:RUS1'],
      // Two records on one list are two designations: the list says so.
      ['uk:RUS2'],
      ['ofac:OFAC-2', 'eu:EU-2'],
    ]);
  });

  it('keeps apart namesakes whose dates of birth differ or are not given', () => {
    const groups = groupSameDesignations(
      [
        listed('ofac', 'OFAC-1', { birth_dates: born1961 }),
        listed('uk', 'RUS1', { birth_dates: [{ year: 1970, month: null, day: null }] }),
        listed('eu', 'EU-1', {}),
        listed('un', 'QDi.1', {}),
      ],
      (d) => d,
    );
    expect(groups).toHaveLength(4);
    expect(sameDesignationKeys(listed('eu', 'EU-1', {}))).toEqual([]);
  });
});
