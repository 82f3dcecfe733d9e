import { listDate, type UkSanctionsListRow } from '../../ingest/sanctions/uk-sanctions-list-writer';
import { type DemoListDesignation, type DemoName } from './demo-list-designations';

/*
 * A designation of the demo lists as rows of the demo UK Sanctions List: how the UK list carries a Security
 * Council designation, with its UN Reference Number and "UN" as its Designation source, so the same designation is
 * on the UN, EU and UK demo lists under each list's own identifier. One row per name, as the UK list publishes.
 */

export function ukRowsOf(d: DemoListDesignation, uniqueId: string): UkSanctionsListRow[] {
  const pad = (n: number) => String(n).padStart(2, '0');
  const birth = d.birth;
  const shared: UkSanctionsListRow = {
    'Last Updated': listDate(d.amendedOn ?? d.listedOn),
    'Unique ID': uniqueId,
    'UN Reference Number': d.un?.referenceNumber ?? '',
    'Regime Name': d.theme.uk.regime,
    'Designation Type': d.type === 'individual' ? 'Individual' : d.type === 'entity' ? 'Entity' : 'Ship',
    'Designation source': d.un === null ? 'UK' : 'UN',
    'Sanctions Imposed': d.type === 'individual' ? 'Asset freeze|Travel Ban' : 'Asset freeze',
    'Other Information': d.remark,
    'Address Line 1': d.address?.street ?? '',
    'Address Line 2': d.address?.city ?? '',
    'Address Country': d.address?.country.name ?? '',
    'Date Designated': listDate(d.listedOn),
    'D.O.B': birth === null ? '' : `${pad(birth.day ?? 0)}/${pad(birth.month ?? 0)}/${birth.year}`,
    'Nationality(/ies)': d.nationality?.name ?? '',
    'Business registration number (s)': d.registrationNumber === null ? '' : `OGRN ${d.registrationNumber}`,
    'IMO number': d.imoNumber ?? '',
  };
  const rows: UkSanctionsListRow[] = [
    { ...shared, ...nameColumns(d.name, d.type), 'Name type': 'Primary Name' },
  ];
  if (d.originalScript !== null) rows[0]!['Name non-latin script'] = d.originalScript;
  for (const alias of d.aliases)
    rows.push({
      ...shared,
      ...nameColumns(alias.name, d.type),
      'Name type': 'Alias',
      'Alias strength': alias.weak ? 'Low quality' : 'Good quality',
    });
  return rows;
}

function nameColumns(name: DemoName, type: DemoListDesignation['type']): UkSanctionsListRow {
  if (type !== 'individual' || name.given.length === 0) return { 'Name 6': name.surname };
  const row: UkSanctionsListRow = { 'Name 6': name.surname.toUpperCase() };
  const columns = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5'] as const;
  name.given.slice(0, 5).forEach((given, i) => (row[columns[i]!] = given));
  return row;
}
