import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { z } from 'zod';
import { setPlan } from '../../src/domain/accounts/accounts';
import type { SanctionsListsView } from '../../src/domain/sanctions/sanctions-lists-view';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importCompanyDetailsDir } from '../../src/ingest/companies-house/resources/import-company-details';
import { importSanctionsList } from '../../src/ingest/sanctions/import-sanctions-list';
import type { screenSanctions } from '../../src/operations/screen-sanctions';
import type { runKybCheck } from '../../src/operations/run-kyb-check';
import { CSV_COLUMN, csvRow, SAMPLE_COMPANIES_CSV } from '../support/company-csv-rows';
import { callToolChecked, connectMcp } from '../support/mcp-client';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

/*
 * Screening against several lists: OFAC's SDN list (the committed fixture, its four CSV files) and the UN's
 * consolidated list (its committed XML) held, the UK's and the EU's not. A company named like an OFAC entity with a
 * director named like an OFAC individual finds both on OFAC only, each match naming OFAC, its programmes and the
 * version; the account's choice of lists changes what is screened, and says so.
 */

type Screen = z.infer<typeof screenSanctions.output>;
type Kyb = z.infer<typeof runKybCheck.output>;

const FIXTURES = join(__dirname, '../fixtures/sanctions');
const NUMBER = '09334455';
const COMPANY = 'ZANTREX VORELL TRADING LIMITED';
const AS_OF = new Date('2026-11-01T00:00:00Z');

function storeCompany(dir: string): { register: string; details: string } {
  const register = join(dir, 'register.csv');
  writeFileSync(
    register,
    `${readFileSync(SAMPLE_COMPANIES_CSV, 'utf8').split('\n')[0]}\n` +
      `${csvRow({ [CSV_COLUMN.NAME]: COMPANY, [CSV_COLUMN.NUMBER]: NUMBER })}\n`,
  );
  const details = join(dir, 'details');
  const company = join(details, 'companies', NUMBER);
  mkdirSync(company, { recursive: true });
  writeFileSync(
    join(company, 'officers.json'),
    JSON.stringify({
      kind: 'officer-list',
      items: [
        {
          name: 'HALVORSEN, Brannoch Teodor',
          officer_role: 'director',
          appointed_on: '2019-01-01',
          date_of_birth: { month: 3, year: 1961 },
          nationality: 'Russian',
          address: { address_line_1: '1 Quay Street', locality: 'Hull', postal_code: 'HU1 1AA' },
          links: {
            self: `/company/${NUMBER}/appointments/halvorsen`,
            officer: { appointments: '/officers/halvorsen-person/appointments' },
          },
        },
      ],
    }),
  );
  return { register, details };
}

const ofacFiles = () =>
  new Map(
    readdirSync(join(FIXTURES, 'ofac')).map((name) => [name, readFileSync(join(FIXTURES, 'ofac', name))]),
  );

describe('screening against several sanctions lists', () => {
  let app: TestApp;
  let key: string;
  let client: Client;
  let dir: string;
  let versions: { ofac: number; un: number };

  const screen = () =>
    request<Screen & ErrorBody>(app, 'GET', `/company/${NUMBER}/sanctions-screen`, { key });
  const choose = (lists: unknown, apiKey = key) =>
    request<SanctionsListsView & ErrorBody>(app, 'PATCH', '/account/sanctions-lists', {
      key: apiKey,
      body: { lists },
    });

  beforeAll(async () => {
    app = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'cds-lists-'));
    const files = storeCompany(dir);
    const em = app.services.orm.em.fork();
    await importCompaniesCsv(em, files.register, { asOf: AS_OF });
    const details = await importCompanyDetailsDir(em, files.details, { source: 'import', detectedAt: AS_OF });
    expect(details.problems).toEqual([]);
    const ofac = await importSanctionsList(em, 'ofac', ofacFiles(), { source: 'fixture', now: AS_OF });
    const un = await importSanctionsList(
      em,
      'un',
      new Map([['consolidated.xml', readFileSync(join(FIXTURES, 'un-consolidated-list-sample.xml'))]]),
      { source: 'fixture', now: AS_OF },
    );
    versions = { ofac: ofac.version.id, un: un.version.id };
    const user = await signUp(app);
    await setPlan(app.services.orm.em.fork(), user.account_id, 'starter');
    key = user.api_key;
    client = await connectMcp(app, key);
  });
  afterAll(async () => {
    await client?.close();
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds the OFAC namesakes, each naming OFAC, its programmes and the version, over MCP', async () => {
    const body = (await callToolChecked(client, 'screen_sanctions', { company_number: NUMBER })) as Screen;
    expect(body.lists.map((l) => [l.list, l.version_id, l.published_on])).toEqual([
      ['ofac', versions.ofac, null],
      ['un', versions.un, expect.any(String) as string],
    ]);
    expect(body.lists_not_screened).toEqual([
      { list: 'uk', name: 'UK Sanctions List', reason: 'not_held' },
      { list: 'eu', name: 'EU Consolidated Financial Sanctions List', reason: 'not_held' },
    ]);
    const found = body.potential_matches.map((m) => [
      m.subject.role,
      m.designation.list,
      m.designation.unique_id,
    ]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['officer', 'ofac', 'OFAC-10001'],
        ['company', 'ofac', 'OFAC-10002'],
      ]),
    );
    const officer = body.potential_matches.find((m) => m.designation.unique_id === 'OFAC-10001')!;
    expect(officer.listings).toEqual([
      {
        list: 'ofac',
        list_name: 'OFAC Specially Designated Nationals List',
        list_version_id: versions.ofac,
        unique_id: 'OFAC-10001',
        regimes: ['RUSSIA-EO14024', 'UKRAINE-EO13660'],
        date_designated: null,
        score: officer.score,
      },
    ]);
    expect(body.summary).toContain('OFAC Specially Designated Nationals List');
    expect(body.summary).toContain('not screened against the UK Sanctions List (not held)');
  });

  it('lists every list with its version and whether this account screens it', async () => {
    const { status, body } = await request<SanctionsListsView>(app, 'GET', '/sanctions/lists', { key });
    expect(status).toBe(200);
    expect(body.chosen).toBeNull();
    expect(body.lists.map((l) => [l.list, l.current_version?.id ?? null, l.screened])).toEqual([
      ['uk', null, false],
      ['ofac', versions.ofac, true],
      ['eu', null, false],
      ['un', versions.un, true],
    ]);
  });

  it('screens only the lists the account chose, and names those it left out', async () => {
    const chosen = await choose(['un', 'uk']);
    expect(chosen.status).toBe(200);
    expect(chosen.body.chosen).toEqual(['uk', 'un']);
    expect(chosen.body.lists.find((l) => l.list === 'ofac')!.screened).toBe(false);
    try {
      const { body } = await screen();
      expect(body.lists.map((l) => l.list)).toEqual(['un']);
      expect(body.potential_matches).toEqual([]);
      expect(body.lists_not_screened).toEqual([
        { list: 'uk', name: 'UK Sanctions List', reason: 'not_held' },
        { list: 'ofac', name: 'OFAC Specially Designated Nationals List', reason: 'not_chosen' },
        { list: 'eu', name: 'EU Consolidated Financial Sanctions List', reason: 'not_chosen' },
      ]);
      // A KYB check screens the same lists and records the versions it used.
      const kyb = await request<Kyb>(app, 'POST', '/kyb/checks', {
        key,
        body: { stated_company_name: COMPANY, company_number: NUMBER, client_reference: 'lists-1' },
        headers: { 'Idempotency-Key': 'lists-choice-1' },
      });
      expect(kyb.status).toBe(201);
      expect(kyb.body.inputs.sanctions_list_versions).toEqual([
        { list: 'un', id: String(versions.un), published_on: expect.any(String) as string },
      ]);
      expect(kyb.body.checks_performed.find((c) => c.check === 'sanctions')!.detail).toContain(
        'Not screened against: UK Sanctions List (not held), OFAC Specially Designated Nationals List (not chosen)',
      );
    } finally {
      expect((await choose(null)).body.chosen).toBeNull();
    }
    expect((await screen()).body.lists.map((l) => l.list)).toEqual(['ofac', 'un']);
  });

  it('refuses a choice that is not one, and changes nothing', async () => {
    for (const lists of [[], ['ofac', 'interpol'], 'uk', [1]]) {
      const { status, body } = await choose(lists);
      expect([lists, status, body.error.code]).toEqual([lists, 400, 'invalid_argument']);
    }
    const { body } = await request<SanctionsListsView>(app, 'GET', '/sanctions/lists', { key });
    expect(body.chosen).toBeNull();
  });

  it('leaves the choice to paying plans: a Free account is refused and nothing is stored', async () => {
    const free = await signUp(app);
    const { status, body } = await choose(['uk'], free.api_key);
    expect([status, body.error.code]).toEqual([403, 'plan_required']);
    const view = await request<SanctionsListsView>(app, 'GET', '/sanctions/lists', { key: free.api_key });
    expect(view.body.chosen).toBeNull();
  });
});
