import { escapeXml } from './xml-escape';
import { wholeName, type DemoListDesignation, type DemoName } from './demo-list-designations';
import type { DemoListCountry } from './demo-list-themes';

/*
 * The demo EU consolidated list of financial sanctions as the EU publishes it (XML v1.1, xmlFullSanctionsList_1_1,
 * namespace http://eu.europa.ec/fpi/fsd/export): export with its generationDate, then one sanctionEntity per
 * designation, its values in attributes, in the order of test/fixtures/sanctions/eu-consolidated-list-sample.xml.
 * The EU prints people's names in title case, lists a Security Council designation with its unitedNationId, marks
 * a weak alias strong="false", and has no ship type: a ship is an enterprise with an "imo" identification. Each
 * regulation that listed or amended the entry is a regulation element with its publicationDate.
 */

export function demoEuListXml(designations: readonly DemoListDesignation[], generatedAt: Date): string {
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    `<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="${generatedAt.toISOString()}" globalFileId="800000">`,
    ...designations.map(sanctionEntity),
    '</export>',
    '',
  ].join('\n');
}

type Attributes = Record<string, string | number | null>;

function tag(name: string, attributes: Attributes, body: string[] = []): string {
  const written = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value === null ? '' : String(value))}"`)
    .join('');
  return body.length === 0 ? `<${name}${written}/>` : `<${name}${written}>${body.join('')}</${name}>`;
}

function sanctionEntity(d: DemoListDesignation): string {
  let next = d.eu.logicalId * 100;
  const id = () => ++next;
  const person = d.type === 'individual';
  const where = (country: DemoListCountry) => ({
    countryIso2Code: country.iso2,
    countryDescription: country.eu,
  });
  const regulations = [d.listedOn, ...(d.amendedOn === null ? [] : [d.amendedOn])].map((day, k) => {
    const numberTitle = `${day.slice(0, 4)}/${8000 + (d.eu.logicalId % 1000) + k} (OJ L${800 + k})`;
    return tag(
      'regulation',
      {
        regulationType: k === 0 ? 'regulation' : 'amendment',
        organisationType: 'council',
        publicationDate: day,
        entryIntoForceDate: day,
        numberTitle,
        programme: d.theme.eu,
        logicalId: id(),
      },
      [
        `<publicationUrl>https://eur-lex.europa.eu/demo/${escapeXml(numberTitle.split(' ')[0]!)}</publicationUrl>`,
      ],
    );
  });
  const name = (written: DemoName, strong: boolean, language = '') =>
    tag('nameAlias', {
      firstName: person ? (written.given[0] ?? '') : '',
      middleName: person ? written.given.slice(1).join(' ') : '',
      // A one-part name (a kunya, a name in its own script) is published whole, without its parts.
      lastName: person && written.given.length > 0 ? titleCase(written.surname) : '',
      wholeName: person ? titleCase(wholeName(written)) : written.surname,
      function: '',
      gender: '',
      title: '',
      nameLanguage: language,
      strong: strong ? 'true' : 'false',
      regulationLanguage: 'en',
      logicalId: id(),
    });
  const body = [
    `<remark>${escapeXml(d.remark)}</remark>`,
    ...regulations,
    tag('subjectType', { code: person ? 'person' : 'enterprise', classificationCode: person ? 'P' : 'E' }),
    name(d.name, true),
    ...(d.originalScript === null
      ? []
      : [name({ given: [], surname: d.originalScript }, true, d.theme.country.iso2 === 'RU' ? 'RU' : 'AR')]),
    ...d.aliases.map((alias) => name(alias.name, !alias.weak)),
    ...(d.nationality === null
      ? []
      : [
          tag('citizenship', {
            region: '',
            ...where(d.nationality),
            regulationLanguage: 'en',
            logicalId: id(),
          }),
        ]),
    ...(d.birth === null ? [] : [birthdate(d.birth, id())]),
    ...(d.address === null
      ? []
      : [
          tag('address', {
            city: d.address.city,
            street: d.address.street,
            poBox: '',
            zipCode: '',
            region: '',
            place: '',
            asAtListingTime: 'false',
            ...where(d.address.country),
            regulationLanguage: 'en',
            logicalId: id(),
          }),
        ]),
    ...identifications(d).map(([code, description, number, country]) =>
      tag('identification', {
        diplomatic: 'false',
        knownExpired: 'false',
        knownFalse: 'false',
        reportedLost: 'false',
        revokedByIssuer: 'false',
        issuedBy: '',
        latinNumber: '',
        nameOnDocument: '',
        number,
        region: '',
        countryIso2Code: country?.iso2 ?? '00',
        countryDescription: country?.eu ?? 'UNKNOWN',
        identificationTypeCode: code,
        identificationTypeDescription: description,
        regulationLanguage: 'en',
        logicalId: id(),
      }),
    ),
  ];
  const opening = tag('sanctionEntity', {
    designationDetails: '',
    unitedNationId: d.un?.referenceNumber ?? '',
    euReferenceNumber: d.eu.referenceNumber,
    logicalId: d.eu.logicalId,
  }).slice(0, -2);
  return `  ${opening}>\n${body.map((line) => `    ${line}\n`).join('')}  </sanctionEntity>`;
}

function birthdate(birth: NonNullable<DemoListDesignation['birth']>, logicalId: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const whole = birth.month !== null && birth.day !== null;
  return tag('birthdate', {
    circa: 'false',
    calendarType: 'GREGORIAN',
    city: '',
    zipCode: '',
    birthdate: whole ? `${birth.year}-${pad(birth.month!)}-${pad(birth.day!)}` : '',
    dayOfMonth: birth.day,
    monthOfYear: birth.month,
    year: birth.year,
    region: '',
    place: '',
    countryIso2Code: '00',
    countryDescription: 'UNKNOWN',
    regulationLanguage: 'en',
    logicalId,
  });
}

function identifications(
  d: DemoListDesignation,
): [code: string, description: string, number: string, country: DemoListCountry | null][] {
  const found: ReturnType<typeof identifications> = [];
  if (d.registrationNumber !== null)
    found.push(['regnumber', 'Registration Number', d.registrationNumber, d.theme.country]);
  if (d.imoNumber !== null) found.push(['imo', 'IMO Number', d.imoNumber, null]);
  return found;
}

/** "AL-MASRI" → "Al-Masri", "Chol su" → "Chol Su": the EU prints people's names so. */
function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}
