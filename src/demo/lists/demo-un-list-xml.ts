import { escapeXml } from './xml-escape';
import { wholeName, type DemoListDesignation } from './demo-list-designations';

/*
 * The demo UN Security Council Consolidated List as the Security Council publishes it (consolidated.xml, schema
 * https://www.un.org/sc/resources/sc-sanctions.xsd): CONSOLIDATED_LIST with its dateGenerated, then INDIVIDUALS and
 * ENTITIES, each record's elements in the published order (as in test/fixtures/sanctions/un-consolidated-list-
 * sample.xml), names in capitals as the list prints them. The list has no month-and-year date of birth: such a
 * date is written as its YEAR, as the UN writes what it knows.
 */

export function demoUnListXml(designations: readonly DemoListDesignation[], generatedAt: Date): string {
  const records = designations.filter((d) => d.un !== null && d.type !== 'ship');
  const individuals = records.filter((d) => d.type === 'individual').map((d) => record(d, 'INDIVIDUAL'));
  const entities = records.filter((d) => d.type === 'entity').map((d) => record(d, 'ENTITY'));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<CONSOLIDATED_LIST xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="https://www.un.org/sc/resources/sc-sanctions.xsd" dateGenerated="${generatedAt.toISOString()}">`,
    individuals.length > 0 ? `  <INDIVIDUALS>\n${individuals.join('')}  </INDIVIDUALS>` : '  <INDIVIDUALS/>',
    entities.length > 0 ? `  <ENTITIES>\n${entities.join('')}  </ENTITIES>` : '  <ENTITIES/>',
    '</CONSOLIDATED_LIST>',
    '',
  ].join('\n');
}

function element(tag: string, value: string | number | null): string {
  return value === null ? `<${tag}/>` : `<${tag}>${escapeXml(String(value))}</${tag}>`;
}

function values(tag: string, items: readonly string[]): string {
  return items.length === 0
    ? `<${tag}/>`
    : `<${tag}>${items.map((item) => element('VALUE', item)).join('')}</${tag}>`;
}

function record(d: DemoListDesignation, tag: 'INDIVIDUAL' | 'ENTITY'): string {
  const parts = d.type === 'individual' ? [...d.name.given, d.name.surname] : [d.name.surname];
  const lines = [
    element('DATAID', d.un!.dataId),
    element('VERSIONNUM', d.amendedOn === null ? 1 : 2),
    ...['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
      .slice(0, parts.length)
      .map((name, i) => element(name, parts[i]!.toUpperCase())),
    element('UN_LIST_TYPE', d.theme.un!.listType),
    element('REFERENCE_NUMBER', d.un!.referenceNumber),
    element('LISTED_ON', d.listedOn),
    ...(d.originalScript === null ? [] : [element('NAME_ORIGINAL_SCRIPT', d.originalScript)]),
    element('COMMENTS1', d.remark),
    ...(tag === 'INDIVIDUAL'
      ? [values('NATIONALITY', d.nationality === null ? [] : [d.nationality.name])]
      : []),
    values('LIST_TYPE', ['UN List']),
    values('LAST_DAY_UPDATED', d.amendedOn === null ? [] : [d.amendedOn]),
    ...(d.aliases.length === 0
      ? [`<${tag}_ALIAS><QUALITY/><ALIAS_NAME/></${tag}_ALIAS>`]
      : d.aliases.map(
          (alias) =>
            `<${tag}_ALIAS>${element('QUALITY', alias.weak ? 'Low' : 'Good')}${element('ALIAS_NAME', wholeName(alias.name))}</${tag}_ALIAS>`,
        )),
    d.address === null
      ? `<${tag}_ADDRESS/>`
      : `<${tag}_ADDRESS>${d.address.street === null ? '' : element('STREET', d.address.street)}${element('CITY', d.address.city)}${element('COUNTRY', d.address.country.name)}</${tag}_ADDRESS>`,
    ...(tag === 'INDIVIDUAL'
      ? [birthElement(d), '<INDIVIDUAL_PLACE_OF_BIRTH/>', '<INDIVIDUAL_DOCUMENT/>']
      : []),
    '<SORT_KEY/>',
    '<SORT_KEY_LAST_MOD/>',
  ];
  return `    <${tag}>\n${lines.map((line) => `      ${line}\n`).join('')}    </${tag}>\n`;
}

function birthElement(d: DemoListDesignation): string {
  const birth = d.birth;
  if (birth === null) return '<INDIVIDUAL_DATE_OF_BIRTH/>';
  const pad = (n: number) => String(n).padStart(2, '0');
  const date =
    birth.month !== null && birth.day !== null
      ? element('DATE', `${birth.year}-${pad(birth.month)}-${pad(birth.day)}`)
      : element('YEAR', birth.year);
  return `<INDIVIDUAL_DATE_OF_BIRTH>${element('TYPE_OF_DATE', 'EXACT')}${date}</INDIVIDUAL_DATE_OF_BIRTH>`;
}
