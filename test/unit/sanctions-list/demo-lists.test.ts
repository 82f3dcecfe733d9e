import { PassThrough } from 'node:stream';
import { writeDemoSanctionsList } from '../../../src/demo/demo-sanctions-list';
import {
  demoListDesignations,
  onList,
  wholeName,
  type DemoListDesignation,
  type DemoListsOptions,
} from '../../../src/demo/lists/demo-list-designations';
import { demoEuListXml } from '../../../src/demo/lists/demo-eu-list-xml';
import { demoOfacSdnCsv, OFAC_REMARKS_MAX } from '../../../src/demo/lists/demo-ofac-sdn-csv';
import { demoUnListXml } from '../../../src/demo/lists/demo-un-list-xml';
import { identifierKey } from '../../../src/domain/sanctions/identifiers/identifier';
import { designationIdentifiers } from '../../../src/domain/sanctions/identifiers/designation-identifiers';
import type { PartialDate, SanctionsDesignation } from '../../../src/domain/sanctions/sanctions-designation';
import { parseEuConsolidatedListXml } from '../../../src/ingest/sanctions/eu/eu-consolidated-list-xml';
import { parseOfacSdnCsv } from '../../../src/ingest/sanctions/ofac/ofac-sdn-csv';
import { parseUkSanctionsListCsv } from '../../../src/ingest/sanctions/uk-sanctions-list-csv';
import { parseUnConsolidatedListXml } from '../../../src/ingest/sanctions/un/un-consolidated-list-xml';

/*
 * Each demo list written in its published layout and read back by the real parser of that layout gives back the
 * designations written: what screening reads (names and alias strength, type, regime, dates, dates of birth,
 * nationality, countries, identifiers), none rejected, no warning.
 */

const asOf = new Date('2026-11-20T06:00:00Z');
const pool = (options: Partial<DemoListsOptions> = {}) =>
  demoListDesignations({ un: 30, autonomous: 100, seed: 5, asOf, ...options });

const ofacFiles = (designations: readonly DemoListDesignation[]) => {
  const files = demoOfacSdnCsv(designations);
  return {
    sdn: files['sdn.csv'],
    add: files['add.csv'],
    alt: files['alt.csv'],
    comments: files['sdn_comments.csv'],
  };
};

async function ukList(alsoListed: readonly DemoListDesignation[]) {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (part: Buffer) => parts.push(part));
  await writeDemoSanctionsList(out, { designations: 20, seed: 5, asOf, alsoListed });
  return parseUkSanctionsListCsv(Buffer.concat(parts));
}

const upper = (names: readonly string[]) => names.map((name) => name.toUpperCase()).sort();
const namesOf = (d: SanctionsDesignation, strength?: string) =>
  upper(d.names.filter((n) => strength === undefined || n.alias_strength === strength).map((n) => n.name));
const keysOf = (d: SanctionsDesignation) => designationIdentifiers(d).map(identifierKey);
const expectedKeys = (d: DemoListDesignation) => [
  ...(d.registrationNumber === null ? [] : [`ru-ogrn:${d.registrationNumber}`]),
  ...(d.imoNumber === null ? [] : [`imo:${d.imoNumber}`]),
];
const latinNames = (d: DemoListDesignation) => [
  wholeName(d.name),
  ...d.aliases.map((a) => wholeName(a.name)),
];
const weakNames = (d: DemoListDesignation) => d.aliases.filter((a) => a.weak).map((a) => wholeName(a.name));
/** What a list that knows whole dates, months and years gives back. */
const birthOf = (d: DemoListDesignation): PartialDate[] => (d.birth === null ? [] : [d.birth]);

describe('demo OFAC, EU and UN lists', () => {
  it('are the same bytes for the same seed, and other lists for another seed', () => {
    const write = (seed: number) => {
      const designations = pool({ seed });
      return [
        demoUnListXml(onList(designations, 'un'), asOf),
        demoEuListXml(onList(designations, 'eu'), asOf),
        JSON.stringify(demoOfacSdnCsv(onList(designations, 'ofac'))),
      ];
    };
    expect(write(5)).toEqual(write(5));
    const [un, eu, ofac] = write(6);
    const five = write(5);
    expect([un !== five[0], eu !== five[1], ofac !== five[2]]).toEqual([true, true, true]);
  });

  it('the UN list: the parser gives back every designation written', () => {
    const written = onList(pool(), 'un');
    const list = parseUnConsolidatedListXml(demoUnListXml(written, asOf));
    expect(list.generatedOn).toBe(asOf.toISOString());
    expect(list.rejected).toEqual([]);
    expect(list.warnings).toEqual([]);
    expect(list.designations).toHaveLength(written.length);
    const byId = new Map(list.designations.map((d) => [d.unique_id, d]));
    for (const d of written) {
      const read = byId.get(d.un!.referenceNumber)!;
      expect(read).toMatchObject({
        type: d.type,
        regimes: [d.theme.un!.listType],
        designation_source: 'UN',
        date_designated: d.listedOn,
        last_updated: d.amendedOn,
        un_reference_number: d.un!.referenceNumber,
        nationalities: d.nationality === null ? [] : [d.nationality.name],
        addresses: d.address === null ? [] : [expect.objectContaining({ country: d.address.country.name })],
      });
      expect(namesOf(read).filter((n) => !/[^\x20-\x7e]/.test(n))).toEqual(upper(latinNames(d)));
      expect(namesOf(read, 'Low')).toEqual(upper(weakNames(d)));
      // The UN has no month-and-year form: such a date is published as its year.
      const birth = d.birth === null ? [] : [d.birth.day === null ? { ...d.birth, month: null } : d.birth];
      expect(read.birth_dates).toEqual(birth);
    }
  });

  it('the EU list: the parser gives back every designation written, the UN ones with their unitedNationId', () => {
    const written = onList(pool(), 'eu');
    const list = parseEuConsolidatedListXml(demoEuListXml(written, asOf));
    expect(list.generatedOn).toBe(asOf.toISOString());
    expect(list.rejected).toEqual([]);
    expect(list.warnings).toEqual([]);
    expect(list.designations).toHaveLength(written.length);
    const byId = new Map(list.designations.map((d) => [d.unique_id, d]));
    for (const d of written) {
      const read = byId.get(`EU-${d.eu.logicalId}`)!;
      expect(read).toMatchObject({
        type: d.type === 'individual' ? 'individual' : 'entity',
        regimes: [d.theme.eu],
        designation_source: 'EU',
        date_designated: d.listedOn,
        last_updated: d.amendedOn ?? d.listedOn,
        un_reference_number: d.un?.referenceNumber ?? null,
        birth_dates: birthOf(d),
        nationalities: d.nationality === null ? [] : [d.nationality.eu],
        addresses: d.address === null ? [] : [expect.objectContaining({ country: d.address.country.eu })],
      });
      expect(namesOf(read).filter((n) => !/[^\x20-\x7e]/.test(n))).toEqual(upper(latinNames(d)));
      expect(namesOf(read, 'Low quality')).toEqual(upper(weakNames(d)));
      if (d.originalScript !== null) expect(read.names.find((n) => n.non_latin)?.name).toBe(d.originalScript);
      expect(keysOf(read)).toEqual(expectedKeys(d));
    }
  });

  it("OFAC's four CSV files: the parser gives back every designation written", () => {
    const written = onList(pool(), 'ofac');
    const list = parseOfacSdnCsv(ofacFiles(written));
    expect(list.rejected).toEqual([]);
    expect(list.warnings).toEqual([]);
    expect(list.designations).toHaveLength(written.length);
    const byId = new Map(list.designations.map((d) => [d.unique_id, d]));
    for (const d of written) {
      const read = byId.get(`OFAC-${d.ofacEntNum}`)!;
      expect(read).toMatchObject({
        type: d.type,
        regimes: [d.theme.ofac],
        designation_source: 'OFAC',
        birth_dates: birthOf(d),
        nationalities: d.nationality === null ? [] : [d.nationality.name],
        addresses: d.address === null ? [] : [expect.objectContaining({ country: d.address.country.name })],
      });
      expect(namesOf(read)).toEqual(upper(latinNames(d)));
      expect(namesOf(read, 'Low quality')).toEqual(upper(weakNames(d)));
      // Registration ID as OFAC words it, read as an OGRN: Russia and thirteen digits name that registry.
      expect(keysOf(read)).toEqual(expectedKeys(d));
    }
  });

  it('the UK list carries the UN designations under its own Unique IDs, with their UN Reference Number', async () => {
    const un = onList(pool(), 'un');
    const list = await ukList(un);
    expect(list.rejected).toEqual([]);
    expect(list.warnings).toEqual([]);
    expect(list.designations).toHaveLength(20 + un.length);
    const byReference = new Map(
      list.designations.filter((d) => d.un_reference_number !== null).map((d) => [d.un_reference_number, d]),
    );
    for (const d of un) {
      const read = byReference.get(d.un!.referenceNumber)!;
      expect(read).toMatchObject({
        type: d.type,
        regimes: [d.theme.uk.regime],
        designation_source: 'UN',
        date_designated: d.listedOn,
        birth_dates: birthOf(d),
      });
      expect(read.unique_id).toMatch(new RegExp(`^${d.theme.uk.prefix}\\d{4}$`));
      expect(namesOf(read).filter((n) => !/[^\x20-\x7e]/.test(n))).toEqual(upper(latinNames(d)));
      expect(namesOf(read, 'Low quality')).toEqual(upper(weakNames(d)));
      expect(keysOf(read)).toEqual(expectedKeys(d));
    }
  });

  it('overlap as the real lists do: every UN designation on the EU and UK lists, some on OFAC by name and birth', () => {
    const designations = pool();
    const [un, eu, ofac] = [
      onList(designations, 'un'),
      onList(designations, 'eu'),
      onList(designations, 'ofac'),
    ];
    expect(un).toHaveLength(30);
    expect(eu.length).toBeGreaterThan(60);
    expect(eu.length).toBeLessThan(120);
    expect(ofac.length).toBeGreaterThan(50);
    expect(ofac.length).toBeLessThan(120);
    const euList = parseEuConsolidatedListXml(demoEuListXml(eu, asOf));
    expect(new Set(euList.designations.map((d) => d.un_reference_number))).toEqual(
      new Set([null, ...un.map((d) => d.un!.referenceNumber)]),
    );
    const unList = parseUnConsolidatedListXml(demoUnListXml(un, asOf));
    const ofacList = parseOfacSdnCsv(ofacFiles(ofac));
    const person = (d: SanctionsDesignation) =>
      `${d.names[0]!.name.toUpperCase()} ${d.birth_dates.map((b) => b.year).join()}`;
    const onBoth = unList.designations
      .map(person)
      .filter((p) => ofacList.designations.map(person).includes(p));
    expect(onBoth.length).toBeGreaterThanOrEqual(5);
    expect(euList.designations.filter((d) => d.un_reference_number === null).length).toBeGreaterThan(0);
    // Every kind the lists hold, and weak aliases on each list.
    expect(new Set(ofac.map((d) => d.type))).toEqual(new Set(['individual', 'entity', 'ship']));
    for (const list of [un, eu, ofac]) expect(list.some((d) => d.aliases.some((a) => a.weak))).toBe(true);
  });

  it('escapes what XML and CSV reserve, and continues a long OFAC Remarks in sdn_comments.csv', () => {
    const [first] = onList(pool(), 'un');
    const odd: DemoListDesignation = {
      ...first!,
      type: 'entity',
      name: { given: [], surname: `O'HARA & SONS <"TRADING">, LLC` },
      aliases: [],
      originalScript: null,
      remark: `Demo: "quoted", <angled> & 'apostrophes'; ${'long '.repeat(250)}end`,
      lists: new Set(['un', 'eu', 'ofac']),
    };
    const un = parseUnConsolidatedListXml(demoUnListXml([odd], asOf)).designations[0]!;
    const eu = parseEuConsolidatedListXml(demoEuListXml([odd], asOf)).designations[0]!;
    const files = ofacFiles([odd]);
    expect(files.comments).not.toBe('');
    const ofac = parseOfacSdnCsv(files).designations[0]!;
    for (const read of [un, eu, ofac]) expect(read.names[0]!.name).toBe(odd.name.surname);
    expect(un.other_information).toBe(odd.remark);
    expect(eu.other_information).toBe(odd.remark);
    expect(ofac.other_information!.length).toBeGreaterThan(OFAC_REMARKS_MAX);
    expect(ofac.other_information).toContain(odd.remark.replace(/\s+/g, ' '));
  });

  it('refuses sizes and seeds it cannot use', () => {
    expect(() => pool({ un: -1 })).toThrow('un must be a whole number');
    expect(() => pool({ autonomous: 2.5 })).toThrow('autonomous must be a whole number');
    expect(() => pool({ un: 10_001 })).toThrow(RangeError);
    expect(() => pool({ seed: 0.5 })).toThrow('seed must be a whole number');
    expect(() => pool({ asOf: new Date('not a date') })).toThrow('asOf is not a valid date');
    expect(pool({ un: 0, autonomous: 0 })).toEqual([]);
  });
});
