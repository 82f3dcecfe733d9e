/*
 * The UK Sanctions List CSV as the FCDO publishes it (UK_Sanctions_List.csv / UK-Sanctions-List.csv): a
 * "Report Date: …" line, then this header, then one row per name of a designation, the rows of one designation
 * sharing its Unique ID. Names and order are exact: the parser refuses a header that differs, since a renamed or
 * moved column would otherwise be read as another field.
 */
export const UK_SANCTIONS_LIST_COLUMNS = [
  'Last Updated',
  'Unique ID',
  'OFSI Group ID',
  'UN Reference Number',
  'Name 6',
  'Name 1',
  'Name 2',
  'Name 3',
  'Name 4',
  'Name 5',
  'Name type',
  'Alias strength',
  'Title',
  'Name non-latin script',
  'Non-latin script type',
  'Non-latin script language',
  'Regime Name',
  'Designation Type',
  'Designation source',
  'Sanctions Imposed',
  'Other Information',
  'UK Statement of Reasons',
  'Address Line 1',
  'Address Line 2',
  'Address Line 3',
  'Address Line 4',
  'Address Line 5',
  'Address Line 6',
  'Address Postal Code',
  'Address Country',
  'Phone number',
  'Website',
  'Email address',
  'Date Designated',
  'D.O.B',
  'Nationality(/ies)',
  'National Identifier number',
  'National Identifier additional information',
  'Passport number',
  'Passport additional information',
  'Position',
  'Gender',
  'Town of birth',
  'Country of birth',
  'Type of entity',
  'Subsidiaries',
  'Parent company',
  'Business registration number (s)',
  'IMO number',
  'Current owner/operator (s)',
  'Previous owner/operator (s)',
  'Current believed flag of ship',
  'Previous flags',
  'Type of ship',
  'Tonnage of ship',
  'Length of ship',
  'Year Built',
  'Hull identification number (HIN)',
] as const;

export type UkSanctionsListColumn = (typeof UK_SANCTIONS_LIST_COLUMNS)[number];

export const UK_SANCTIONS_LIST_COLUMN_COUNT = UK_SANCTIONS_LIST_COLUMNS.length;

/** Column name → position, so the mapper reads `row[at['Unique ID']]` by name, never by a bare number. */
export const at = Object.fromEntries(UK_SANCTIONS_LIST_COLUMNS.map((name, index) => [name, index])) as Record<
  UkSanctionsListColumn,
  number
>;

/** How the list words a designation's type and a name's type; compared case-insensitively (the list varies). */
export const DESIGNATION_TYPE_WORDINGS = {
  individual: 'individual',
  entity: 'entity',
  ship: 'ship',
} as const;
export const NAME_TYPE_WORDINGS = {
  'primary name': 'primary',
  'primary name variation': 'primary_variation',
  alias: 'alias',
} as const;

/** The five Name columns holding given names, in the order they are read out; Name 6 (the surname) comes last. */
export const GIVEN_NAME_COLUMNS = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5'] as const;

export const ADDRESS_LINE_COLUMNS = [
  'Address Line 1',
  'Address Line 2',
  'Address Line 3',
  'Address Line 4',
  'Address Line 5',
  'Address Line 6',
] as const;
