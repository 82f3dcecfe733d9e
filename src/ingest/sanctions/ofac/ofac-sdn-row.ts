import type {
  DesignationName,
  DesignationType,
  SanctionsDesignation,
} from '../../../domain/sanctions/sanctions-designation';
import { ofacRegistrationNumber } from './ofac-registration-numbers';
import {
  IMO_NUMBER_COLUMN,
  REGISTRATION_NUMBERS_COLUMN,
} from '../../../domain/sanctions/identifiers/designation-identifiers';
import { OFAC_SDN_FILES, valueOf } from './ofac-sdn-csv-layout';
import { readOfacRemarks } from './ofac-remarks';

/*
 * One sdn.csv row (its Remarks already joined with any sdn_comments.csv continuation) as a SanctionsDesignation;
 * add.csv and alt.csv rows are added to it afterwards. Columns are those of OFAC's data specification (see
 * ofac-sdn-csv-layout.ts).
 */

/** Why a prefix: ent_num is a bare integer, which would collide with another list's identifier in one store. */
export const OFAC_ID_PREFIX = 'OFAC-';

/** "Weak" a.k.a.s (OFAC FAQ 123) in the UK list's wording, the one the matcher's alias rule reads as weak. */
export const OFAC_WEAK_ALIAS_STRENGTH = 'Low quality';

/**
 * SDN_Type: "individual", "vessel" and "aircraft" as published; an entity's row leaves it null ("-0-"). An aircraft
 * (named by its tail number) is held as an entity, its SDN_Type kept in `details`: the designation schema has no
 * aircraft, and a company named like an aircraft is still worth a reviewer's look.
 */
const TYPES: Record<string, DesignationType> = {
  individual: 'individual',
  entity: 'entity',
  vessel: 'ship',
  aircraft: 'entity',
};

const DETAIL_COLUMNS = ['Call_Sign', 'Vess_type', 'Tonnage', 'GRT', 'Vess_flag', 'Vess_owner'] as const;

const nameDefaults = {
  surname: null,
  given_names: null,
  title: null,
  non_latin: false,
  script: null,
  language: null,
} as const;

export type OfacRowReading =
  { designation: SanctionsDesignation; warnings: string[] } | { error: string; warnings: string[] };

export function readOfacSdnRow(fields: string[], remarks: string | null): OfacRowReading {
  const column = (name: (typeof OFAC_SDN_FILES.sdn.columns)[number]) =>
    valueOf(fields[OFAC_SDN_FILES.sdn.columns.indexOf(name)]);
  const entNum = column('ent_num');
  const sdnName = column('SDN_Name');
  if (sdnName === null) return { error: 'SDN_Name: missing or -0-', warnings: [] };
  const sdnType = (column('SDN_Type') ?? 'entity').toLowerCase();
  const type = TYPES[sdnType];
  if (type === undefined)
    return {
      error: `SDN_Type: ${JSON.stringify(column('SDN_Type'))} is not individual, vessel, aircraft or -0-`,
      warnings: [],
    };

  const read = readOfacRemarks(remarks);
  const details: Record<string, string[]> = {};
  for (const name of DETAIL_COLUMNS) {
    const value = column(name);
    if (value !== null) details[name] = [value];
  }
  if (sdnType === 'aircraft') details.SDN_Type = ['aircraft'];
  if (read.imoNumbers.length > 0) details[IMO_NUMBER_COLUMN] = read.imoNumbers;
  if (read.registrationNumbers.length > 0)
    details[REGISTRATION_NUMBERS_COLUMN] = read.registrationNumbers.map(ofacRegistrationNumber);

  const title = column('Title');
  const names: DesignationName[] = [
    { ...ofacName(sdnName, type), name_type: 'primary', alias_strength: null, title },
  ];
  for (const weak of read.weakAliases)
    addAlias(names, {
      ...ofacName(weak.name, type),
      name_type: 'alias',
      alias_strength: OFAC_WEAK_ALIAS_STRENGTH,
    });

  const designation: SanctionsDesignation = {
    unique_id: `${OFAC_ID_PREFIX}${entNum}`,
    type,
    names,
    regimes: programs(column('Program')),
    designation_source: 'OFAC',
    sanctions_imposed: [],
    // The legacy files carry no listing or amendment dates.
    date_designated: null,
    last_updated: null,
    ofsi_group_id: null,
    un_reference_number: null,
    birth_dates: type === 'individual' ? read.birthDates : [],
    nationalities: read.nationalities,
    addresses: [],
    // POB is "City, Country" or a country alone; the last part is the country.
    birth_countries: [...new Set(read.birthPlaces.map((place) => place.split(',').at(-1)!.trim()))],
    other_information: remarks,
    statement_of_reasons: null,
    details,
  };
  return { designation, warnings: read.warnings };
}

/**
 * Individuals are published "SURNAME, Given names" (FAQ 123's "ALLANE, Hacene"); the name is read in the UK list's
 * order (given names, then surname) with both parts kept. Entity and vessel names are whole.
 */
export function ofacName(
  written: string,
  type: DesignationType,
): Omit<DesignationName, 'name_type' | 'alias_strength'> {
  const comma = written.indexOf(', ');
  if (type !== 'individual' || comma <= 0) return { ...nameDefaults, name: written };
  const surname = written.slice(0, comma).trim();
  const given = written.slice(comma + 2).trim();
  if (given === '') return { ...nameDefaults, name: surname };
  return { ...nameDefaults, name: `${given} ${surname}`, surname, given_names: given };
}

export function addAlias(names: DesignationName[], alias: DesignationName): void {
  if (!names.some((n) => n.name === alias.name && n.name_type === alias.name_type)) names.push(alias);
}

/**
 * Program: one code, or several written "SDNTK] [FTO] [SDGT" (the outer brackets are the TXT list's, left out of
 * the column; moov-io/watchman's reader tests, pkg/ofac, show the form).
 */
export function programs(program: string | null): string[] {
  if (program === null) return [];
  const codes = program
    .split(/\]\s*\[/)
    .map((code) => code.replace(/[[\]]/g, '').trim())
    .filter((code) => code.length > 0);
  return [...new Set(codes)];
}
