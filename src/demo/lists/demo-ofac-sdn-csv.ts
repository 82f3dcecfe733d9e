import { type DemoListDesignation, type DemoName } from './demo-list-designations';

/*
 * The demo OFAC SDN list in its legacy CSV files as OFAC's data specification (dat_spec.txt) lays them out: no
 * header, numbers bare, text quoted, "-0- " for null, CRLF line ends. sdn.csv holds one row per designation
 * (individuals "SURNAME, Given", entities with SDN_Type null, vessels with their columns), add.csv its addresses
 * (a row of nulls when none is known, as published), alt.csv its strong aliases, and Remarks what the files have
 * no column for: DOB, nationality, IMO and registration numbers and the weak a.k.a.s in quotes. A Remarks value
 * longer than the column's 1,000 characters continues in sdn_comments.csv. The files carry no listing date.
 */

export const OFAC_REMARKS_MAX = 1000;

export interface DemoOfacSdnFiles {
  'sdn.csv': string;
  'add.csv': string;
  'alt.csv': string;
  'sdn_comments.csv': string;
}

const NULL = '-0- ';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function text(value: string | null): string {
  return value === null || value === '' ? NULL : `"${value.replaceAll('"', '""')}"`;
}

function line(fields: (string | number)[]): string {
  return fields.map(String).join(',') + '\r\n';
}

export function demoOfacSdnCsv(designations: readonly DemoListDesignation[]): DemoOfacSdnFiles {
  const files: DemoOfacSdnFiles = { 'sdn.csv': '', 'add.csv': '', 'alt.csv': '', 'sdn_comments.csv': '' };
  let addNum = 0;
  let altNum = 0;
  for (const d of designations) {
    const entNum = d.ofacEntNum;
    const remarks = remarksOf(d);
    files['sdn.csv'] += line([
      entNum,
      text(sdnName(d.name, d.type)),
      d.type === 'individual' ? text('individual') : d.type === 'ship' ? text('vessel') : NULL,
      text(d.theme.ofac),
      NULL,
      NULL,
      text(d.ship?.type ?? null),
      d.ship === null ? NULL : text(String(d.ship.tonnage)),
      NULL,
      text(d.ship?.flag ?? null),
      NULL,
      text(remarks.slice(0, OFAC_REMARKS_MAX)),
    ]);
    if (remarks.length > OFAC_REMARKS_MAX)
      files['sdn_comments.csv'] += line([entNum, text(remarks.slice(OFAC_REMARKS_MAX))]);
    const address = d.address;
    files['add.csv'] += line([
      entNum,
      ++addNum,
      text(address?.street ?? null),
      text(address?.city ?? null),
      text(address?.country.name ?? null),
      NULL,
    ]);
    for (const alias of d.aliases.filter((a) => !a.weak))
      files['alt.csv'] += line([entNum, ++altNum, text('aka'), text(sdnName(alias.name, d.type)), NULL]);
  }
  return files;
}

/** "AL-MASRI, Hamza Jamal": OFAC writes an individual surname first; other names whole. */
export function sdnName(name: DemoName, type: DemoListDesignation['type']): string {
  return type === 'individual' && name.given.length > 0
    ? `${name.surname.toUpperCase()}, ${name.given.join(' ')}`
    : name.surname.toUpperCase();
}

function remarksOf(d: DemoListDesignation): string {
  const clauses: string[] = [];
  if (d.birth !== null)
    clauses.push(
      `DOB ${[d.birth.day === null ? null : String(d.birth.day).padStart(2, '0'), d.birth.month === null ? null : MONTHS[d.birth.month - 1], d.birth.year].filter((p) => p !== null).join(' ')}`,
    );
  if (d.nationality !== null) clauses.push(`nationality ${d.nationality.name}`);
  if (d.registrationNumber !== null)
    clauses.push(`Registration ID ${d.registrationNumber} (${d.theme.country.name})`);
  if (d.imoNumber !== null) clauses.push(`Vessel Registration Identification IMO ${d.imoNumber}`);
  for (const alias of d.aliases.filter((a) => a.weak))
    clauses.push(`a.k.a. '${sdnName(alias.name, d.type).replace(/, /, ' ')}'`);
  clauses.push(d.remark.replace(/\.$/, ''));
  return `${clauses.join('; ')}.`;
}
