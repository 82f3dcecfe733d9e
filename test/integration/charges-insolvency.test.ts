import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { z } from 'zod';
import { ChargeEntity } from '../../src/db/entities/charge';
import { CompanyEntity } from '../../src/db/entities/company';
import { InsolvencyCaseEntity } from '../../src/db/entities/insolvency-case';
import { RegisterChangeEntity } from '../../src/db/entities/register-change';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import {
  importChargesFile,
  importChargesJson,
} from '../../src/ingest/companies-house/resources/charges-json';
import {
  importInsolvencyFile,
  importInsolvencyJson,
} from '../../src/ingest/companies-house/resources/insolvency-json';
import type { getCompany } from '../../src/operations/get-company';
import { callToolChecked, connectMcp } from '../support/mcp-client';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type TestApp } from '../support/test-app';

type Company = z.infer<typeof getCompany.output>;

const register = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
const charges = (name: string) => join(projectRoot, 'test/fixtures/charges', name);
const insolvency = (name: string) => join(projectRoot, 'test/fixtures/insolvency', name);
const FIRST_AT = new Date('2026-11-22T08:00:00.000Z');
const LATER_AT = new Date('2026-11-23T08:00:00.000Z');
const first = { source: 'import', detectedAt: FIRST_AT } as const;
const later = { source: 'import', detectedAt: LATER_AT } as const;

const OLD_CHARGE = 'QmZ3cEJmVnRyeFl2dXdQZ2RmN0Z3';
const CHARGE_2 = 'ZXhYbTJ1N0JvM3dXcEp4bGZ0Qk5h';
const NEW_CHARGE = 'TmV3Q2hhcmdlUGxhbnQyMDI2';

describe('charges and insolvency cases in get_company', () => {
  let app: TestApp;
  let key: string;
  let client: Client;

  const company = (number: string) => request<Company>(app, 'GET', `/company/${number}`, { key });
  const changesOf = (companyNumber: string, field: 'charges' | 'insolvency') =>
    app.services.orm.em
      .fork()
      .find(RegisterChangeEntity, { companyNumber, field }, { orderBy: { sequence: 'asc' } });
  const row = (companyNumber: string) =>
    app.services.orm.em.fork().findOneOrFail(CompanyEntity, { companyNumber });

  beforeAll(async () => {
    app = await startTestApp();
    await importCompaniesCsv(app.services.orm.em.fork(), register, {
      asOf: new Date('2026-11-22T00:00:00Z'),
    });
    // get_company is a Free tool: a Free key reads the details too.
    key = (await signUp(app)).api_key;
    client = await connectMcp(app, key);
  });
  afterAll(async () => {
    await client?.close();
    await app?.stop();
  });

  it('answers null for charges and insolvency never imported, and empty lists once imported as none', async () => {
    const response = await company('09876543');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      company_number: '09876543',
      charges: null,
      insolvency_cases: null,
    });
    const structured = await callToolChecked(client, 'get_company', { company_number: '09876543' });
    expect(structured).toMatchObject({ charges: null, insolvency_cases: null });

    await importChargesJson(app.services.orm.em.fork(), '08123456', { items: [], total_count: 0 }, first);
    await importInsolvencyJson(app.services.orm.em.fork(), '08123456', { cases: [] }, first);
    const none = await company('08123456');
    expect(none.body).toMatchObject({ company_number: '08123456', charges: [], insolvency_cases: [] });
  });

  it('a first charges import is a baseline: charges listed newest first, counts kept, no change recorded', async () => {
    expect(
      await importChargesFile(
        app.services.orm.em.fork(),
        'SC412345',
        charges('SC412345-charges.json'),
        first,
      ),
    ).toEqual({ status: 'imported', baseline: true, changes: 0 });
    const body = (await company('sc412345')).body;
    expect(body.charges!.map((c) => c.charge_id)).toEqual([CHARGE_2, OLD_CHARGE]);
    expect(body.charges![0]).toEqual({
      charge_id: CHARGE_2,
      charge_code: 'SC4123450002',
      charge_number: 2,
      status: 'outstanding',
      classification: { type: 'charge-description', description: 'A registered charge' },
      created_on: '2019-05-14',
      delivered_on: '2019-05-20',
      satisfied_on: null,
      persons_entitled: ['Bank of Scotland PLC', 'Highland Growth Fund LP'],
      particulars: 'Unit 6 Smithton Industrial Estate, Inverness, title number INV12345',
      secured_details: null,
    });
    expect(body.charges![1]).toMatchObject({
      status: 'fully-satisfied',
      satisfied_on: '2018-06-30',
      secured_details: 'All sums due or to become due',
    });
    expect(await row('SC412345')).toMatchObject({
      hasCharges: true,
      chargesTotal: 2,
      chargesOutstanding: 1,
      chargesPartSatisfied: 0,
      chargesSatisfied: 1,
    });
    expect(await changesOf('SC412345', 'charges')).toEqual([]);
  });

  it('a later charges import with a new charge records charge_registered (and charge_satisfied) and updates the counts', async () => {
    expect(
      await importChargesFile(
        app.services.orm.em.fork(),
        'SC412345',
        charges('SC412345-charges-later.json'),
        later,
      ),
    ).toEqual({ status: 'imported', baseline: false, changes: 2 });
    expect(await row('SC412345')).toMatchObject({
      hasCharges: true,
      chargesTotal: 3,
      chargesOutstanding: 1,
      chargesPartSatisfied: 1,
      chargesSatisfied: 1,
    });
    const recorded = await changesOf('SC412345', 'charges');
    const before = { total: 2, outstanding: 1, part_satisfied: 0, satisfied: 1 };
    const after = { total: 3, outstanding: 1, part_satisfied: 1, satisfied: 1 };
    expect(
      recorded.map((c) => ({
        alert: c.alertType,
        old: JSON.parse(c.oldValue!) as unknown,
        new: JSON.parse(c.newValue!) as unknown,
        at: c.detectedAt.toISOString(),
      })),
    ).toEqual([
      { alert: 'charge_registered', old: before, new: after, at: LATER_AT.toISOString() },
      { alert: 'charge_satisfied', old: before, new: after, at: LATER_AT.toISOString() },
    ]);
    const body = (await company('SC412345')).body;
    expect(body.charges!.map((c) => [c.charge_id, c.status])).toEqual([
      [NEW_CHARGE, 'outstanding'],
      [CHARGE_2, 'part-satisfied'],
      [OLD_CHARGE, 'fully-satisfied'],
    ]);
    // The same list again changes nothing.
    expect(
      await importChargesFile(
        app.services.orm.em.fork(),
        'SC412345',
        charges('SC412345-charges-later.json'),
        later,
      ),
    ).toEqual({ status: 'imported', baseline: false, changes: 0 });
    expect(await changesOf('SC412345', 'charges')).toHaveLength(2);
  });

  it('refuses bad charge lists naming the item and field, writing nothing', async () => {
    const bad = importChargesFile(
      app.services.orm.em.fork(),
      'SC412345',
      charges('charges-bad-status.json'),
      later,
    );
    await expect(bad).rejects.toMatchObject({
      code: 'invalid_argument',
      message: expect.stringMatching(/charges-bad-status\.json: items\.0\.status/) as unknown,
    });
    await expect(
      importChargesJson(app.services.orm.em.fork(), 'SC412345', { items: [], total_count: 4 }, later),
    ).rejects.toMatchObject({ code: 'invalid_argument', details: { field: 'total_count' } });
    await expect(
      importChargesJson(
        app.services.orm.em.fork(),
        'SC412345',
        { items: [{ status: 'outstanding' }] },
        later,
      ),
    ).rejects.toMatchObject({ code: 'invalid_argument', details: { field: 'items.0.links.self' } });
    expect(await app.services.orm.em.fork().count(ChargeEntity, { companyNumber: 'SC412345' })).toBe(3);
    expect(await row('SC412345')).toMatchObject({ chargesTotal: 3 });
  });

  it('lists insolvency cases with dates and practitioners; the flag already set records nothing', async () => {
    expect(
      await importInsolvencyFile(
        app.services.orm.em.fork(),
        '11223344',
        insolvency('11223344-insolvency.json'),
        first,
      ),
    ).toEqual({ status: 'imported', baseline: true, changes: 0 });
    const body = (await company('11223344')).body;
    expect(body.insolvency_cases).toEqual([
      {
        case_number: 1,
        type: 'creditors-voluntary-liquidation',
        dates: [{ type: 'wound-up-on', date: '2026-06-12' }],
        practitioners: [
          { name: 'Helen Marsh', role: 'practitioner', appointed_on: '2026-06-12', ceased_to_act_on: null },
          {
            name: 'Owen Price',
            role: 'practitioner',
            appointed_on: '2026-06-12',
            ceased_to_act_on: '2026-09-30',
          },
        ],
      },
    ]);
    // Its charges were never imported: not held, not "none".
    expect(body.charges).toBeNull();
    expect((await row('11223344')).hasInsolvencyHistory).toBe(true);
    expect(await changesOf('11223344', 'insolvency')).toEqual([]);
  });

  it('cases arriving on a later import set has_insolvency_history and record gazette_notice', async () => {
    expect((await row('NI612345')).hasInsolvencyHistory).toBe(false);
    expect(
      await importInsolvencyFile(
        app.services.orm.em.fork(),
        'NI612345',
        insolvency('NI612345-insolvency-none.json'),
        first,
      ),
    ).toEqual({ status: 'imported', baseline: true, changes: 0 });
    expect((await row('NI612345')).hasInsolvencyHistory).toBe(false);
    expect(
      await importInsolvencyFile(
        app.services.orm.em.fork(),
        'NI612345',
        insolvency('NI612345-insolvency.json'),
        later,
      ),
    ).toEqual({ status: 'imported', baseline: false, changes: 1 });
    expect((await row('NI612345')).hasInsolvencyHistory).toBe(true);
    const recorded = await changesOf('NI612345', 'insolvency');
    expect(
      recorded.map((c) => ({
        alert: c.alertType,
        old: JSON.parse(c.oldValue!) as unknown,
        new: JSON.parse(c.newValue!) as unknown,
      })),
    ).toEqual([
      {
        alert: 'gazette_notice',
        old: { has_insolvency_history: false },
        new: { has_insolvency_history: true },
      },
    ]);
    const structured = (await callToolChecked(client, 'get_company', {
      company_number: 'NI612345',
    })) as Company;
    expect(structured.insolvency_cases).toEqual([
      {
        case_number: 1,
        type: 'in-administration',
        dates: [{ type: 'administration-started-on', date: '2026-11-10' }],
        practitioners: [
          { name: 'Ciara Byrne', role: 'practitioner', appointed_on: '2026-11-10', ceased_to_act_on: null },
        ],
      },
    ]);
    expect(structured).toEqual((await company('NI612345')).body);
  });

  it('refuses a bad insolvency file and writes nothing', async () => {
    await expect(
      importInsolvencyFile(
        app.services.orm.em.fork(),
        'NI612345',
        insolvency('insolvency-bad-date.json'),
        later,
      ),
    ).rejects.toMatchObject({
      code: 'invalid_argument',
      message: expect.stringMatching(/cases\.0\.practitioners\.0\.appointed_on/) as unknown,
    });
    const held = await app.services.orm.em.fork().find(InsolvencyCaseEntity, { companyNumber: 'NI612345' });
    expect(held.map((c) => c.type)).toEqual(['in-administration']);
  });

  it('shows charges over MCP exactly as over REST, valid against the output schema', async () => {
    const structured = await callToolChecked(client, 'get_company', { company_number: 'SC412345' });
    expect(structured).toEqual((await company('SC412345')).body);
    expect((structured as Company).charges).toHaveLength(3);
  });

  it('writes nothing for a company the register does not hold', async () => {
    expect(
      await importChargesFile(
        app.services.orm.em.fork(),
        '99999999',
        charges('SC412345-charges.json'),
        first,
      ),
    ).toEqual({ status: 'unknown_company' });
    expect(await app.services.orm.em.fork().count(ChargeEntity, { companyNumber: '99999999' })).toBe(0);
  });
});
