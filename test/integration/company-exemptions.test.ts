import { join } from 'node:path';
import { CompanyExemptionEntity } from '../../src/db/entities/company-exemption';
import { CompanyResourceImportEntity } from '../../src/db/entities/company-resource-import';
import { ServiceError } from '../../src/domain/errors';
import { readCurrentPscExemption } from '../../src/domain/exemptions/read-exemptions';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importExemptionsJson } from '../../src/ingest/companies-house/resources/exemptions-json';
import { projectRoot } from '../support/paths';
import { startTestApp, type TestApp } from '../support/test-app';

/*
 * Companies House's company exemptions resource (GET /company/{n}/exemptions) through its importer: stored a row a
 * period, replaced whole by the next body, a bad body refused whole with nothing written; the PSC exemption in
 * force on a day read back, an ended one and a key this service does not take as a PSC exemption left out.
 */

const CONTEXT = { source: 'import' as const, detectedAt: new Date('2026-11-30T06:00:00.000Z') };
const PLC = '01234567';

const body = (exemptions: Record<string, unknown>) => ({
  kind: 'exemptions',
  links: { self: `/company/${PLC}/exemptions` },
  etag: '95753161ed97c525df753458c24b372ec2909393',
  exemptions,
});
const UK_MARKET = {
  psc_exempt_as_trading_on_uk_regulated_market: {
    exemption_type: 'psc-exempt-as-trading-on-uk-regulated-market',
    items: [{ exempt_from: '2018-06-18' }],
  },
  disclosure_transparency_rules_chapter_five_applies: {
    exemption_type: 'disclosure-transparency-rules-chapter-five-applies',
    items: [{ exempt_from: '2017-06-07', exempt_to: '2023-02-02' }],
  },
};

describe('company exemptions', () => {
  let app: TestApp;
  const em = () => app.services.orm.em.fork();
  const rows = () =>
    em().find(CompanyExemptionEntity, { companyNumber: PLC }, { orderBy: { exemptFrom: 'asc' } });
  const refused = async (json: unknown) => {
    const error = await importExemptionsJson(em(), PLC, json, CONTEXT).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServiceError);
    return (error as ServiceError).message;
  };
  const period = (items: unknown) =>
    body({ psc_exempt_as_trading_on_uk_regulated_market: { exemption_type: 'x', items } });

  beforeAll(async () => {
    app = await startTestApp();
    await importCompaniesCsv(
      em(),
      join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv'),
      {
        asOf: new Date('2026-10-31T00:00:00Z'),
      },
    );
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('stores each period and reads the PSC exemption in force on a day', async () => {
    expect(await importExemptionsJson(em(), PLC, JSON.stringify(body(UK_MARKET)), CONTEXT)).toEqual({
      status: 'imported',
      baseline: true,
      changes: 0,
    });
    expect((await rows()).map((row) => [row.exemptionType, row.exemptFrom, row.exemptTo])).toEqual([
      ['disclosure_transparency_rules_chapter_five_applies', '2017-06-07', '2023-02-02'],
      ['psc_exempt_as_trading_on_uk_regulated_market', '2018-06-18', null],
    ]);
    expect(
      await em().count(CompanyResourceImportEntity, {
        companyNumber: PLC,
        resource: 'exemptions',
        complete: true,
      }),
    ).toBe(1);
    expect(await readCurrentPscExemption(em(), PLC, '2026-12-01')).toEqual({
      exemption_type: 'psc_exempt_as_trading_on_uk_regulated_market',
      description: 'voting shares admitted to trading on a UK regulated market',
      exempt_from: '2018-06-18',
      exempt_to: null,
    });
    // Before the UK one began, the DTR 5 period was the one in force; before either, none.
    expect(await readCurrentPscExemption(em(), PLC, '2017-12-31')).toMatchObject({
      exemption_type: 'disclosure_transparency_rules_chapter_five_applies',
    });
    expect(await readCurrentPscExemption(em(), PLC, '2017-01-01')).toBeNull();
  });

  it('refuses a bad body whole, leaving what was held', async () => {
    expect(await refused('{not json')).toMatch(/^exemptions of 01234567: not JSON/);
    expect(await refused(period([{ exempt_from: '18/06/2018' }]))).toMatch(
      /items\[0\]\.exempt_from: a date as YYYY-MM-DD/,
    );
    expect(await refused(period([{ exempt_from: '2018-06-18', exempt_to: '2017-01-01' }]))).toMatch(
      /exempt_to is before exempt_from/,
    );
    expect(await refused(period('not a list'))).toMatch(/items/);
    expect(await refused(body({ 'Bad Key': { items: [] } }))).toMatch(
      /exemptions.Bad Key: Invalid key in record/,
    );
    expect(
      await refused(body({ psc_exempt_as_trading_on_uk_regulated_market: { exemption_type: 'x' } })),
    ).toMatch(/items/);
    expect(await refused([])).toMatch(/^exemptions of 01234567: body/);
    expect(await rows()).toHaveLength(2);
  });

  it('replaces the set with the next body; a key it does not know is kept but is no PSC exemption', async () => {
    await importExemptionsJson(
      em(),
      PLC,
      body({
        some_future_exemption: {
          exemption_type: 'some-future-exemption',
          items: [{ exempt_from: '2025-01-01' }],
        },
      }),
      CONTEXT,
    );
    expect((await rows()).map((row) => row.exemptionType)).toEqual(['some_future_exemption']);
    expect(await readCurrentPscExemption(em(), PLC, '2026-12-01')).toBeNull();
    await importExemptionsJson(em(), PLC, body({}), CONTEXT);
    expect(await rows()).toEqual([]);
  });

  it('writes nothing for a company the register does not hold', async () => {
    expect(await importExemptionsJson(em(), '99999999', body(UK_MARKET), CONTEXT)).toEqual({
      status: 'unknown_company',
    });
    expect(await em().count(CompanyExemptionEntity, { companyNumber: '99999999' })).toBe(0);
  });
});
