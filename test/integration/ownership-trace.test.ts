import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { z } from 'zod';
import { CompanyExemptionEntity } from '../../src/db/entities/company-exemption';
import { importDemoSanctionsList } from '../../src/demo/demo-sanctions-list';
import { setPlan } from '../../src/domain/accounts/accounts';
import type { KybCheckResult } from '../../src/domain/kyb/kyb-result';
import { col } from '../../src/ingest/companies-house/basic-company-data-layout';
import { BASIC_COMPANY_DATA_HEADER_LINE } from '../../src/ingest/companies-house/companies-csv';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importExemptionsJson } from '../../src/ingest/companies-house/resources/exemptions-json';
import { importOfficersJson } from '../../src/ingest/companies-house/resources/officers-json';
import { importPscsJson } from '../../src/ingest/companies-house/resources/pscs-json';
import type { getPersonsWithSignificantControl } from '../../src/operations/get-persons-with-significant-control';
import { csvRow } from '../support/company-csv-rows';
import { callToolChecked, connectMcp } from '../support/mcp-client';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

/*
 * Owners traced to people, on companies and PSC lists written by the real importers: a two-level corporate chain
 * to a natural person (shown by get_persons_with_significant_control and passed by run_kyb_check, the person at
 * the top screened against the sanctions list with the path), a foreign owner (refer, naming the directors), a
 * cycle, a chain through a dissolved company, and a listed company exempt from the PSC regime (pass, where the
 * same empty register without the exemption refers, as it does once the exemption has ended). The exemptions
 * importer's bad input: test/integration/company-exemptions.test.ts.
 */

type Register = z.infer<typeof getPersonsWithSignificantControl.output>;

const NOW = Date.parse('2026-12-01T09:00:00.000Z');
const CONTEXT = { source: 'import' as const, detectedAt: new Date('2026-11-30T06:00:00.000Z') };

const SUBJECT = '30000001';
const MIDCO = '30000002';
const TOPCO = 'SC300003';
const FOREIGN_OWNED = '30000004';
const CYCLE_A = '30000005';
const CYCLE_B = '30000006';
const LISTED = '30000007';
const EMPTY = '30000008';
const VIA_GONE = '30000009';
const GONE = '30000010';

function company(number: string, name: string, changes: Record<number, string> = {}): string {
  const previousNames = Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [col.firstPreviousName + i, '']),
  ) as Record<number, string>;
  return csvRow({
    ...previousNames,
    [col.name]: name,
    [col.number]: number,
    [col.incorporationDate]: '14/11/2015',
    [col.accountsNextDue]: '31/08/2027',
    [col.accountsLastMadeUp]: '30/11/2025',
    [col.confStmtNextDue]: '28/11/2027',
    [col.confStmtLastMadeUp]: '14/11/2026',
    [col.addressLine1]: `${number.slice(-2)} TRACE STREET`,
    [col.postTown]: 'LEEDS',
    [col.postCode]: 'LS1 4AP',
    ...changes,
  });
}

const COMPANIES = [
  company(SUBJECT, 'TRACE SUBJECT LIMITED'),
  company(MIDCO, 'TRACE MIDCO LIMITED'),
  company(TOPCO, 'TRACE TOPCO LIMITED'),
  company(FOREIGN_OWNED, 'TRACE FOREIGN OWNED LIMITED'),
  company(CYCLE_A, 'TRACE CYCLE A LIMITED'),
  company(CYCLE_B, 'TRACE CYCLE B LIMITED'),
  company(LISTED, 'TRACE LISTED PLC'),
  company(EMPTY, 'TRACE EMPTY LIMITED'),
  company(VIA_GONE, 'TRACE VIA GONE LIMITED'),
  company(GONE, 'TRACE GONE HOLDINGS LIMITED', {
    [col.status]: 'Dissolved',
    [col.dissolutionDate]: '01/05/2025',
  }),
];

let ids = 0;
const links = (number: string, segment: string) => ({
  self: `/company/${number}/persons-with-significant-control/${segment}/id${++ids}`,
});

const person = (number: string, name: string, natures: string[], birth = { month: 4, year: 1970 }) => ({
  kind: 'individual-person-with-significant-control',
  name,
  date_of_birth: birth,
  nationality: 'British',
  country_of_residence: 'England',
  natures_of_control: natures,
  notified_on: '2020-01-01',
  links: links(number, 'individual'),
});

const corporate = (
  number: string,
  name: string,
  registration: string,
  country: string,
  natures: string[],
) => ({
  kind: 'corporate-entity-person-with-significant-control',
  name,
  identification: {
    legal_form: 'Private Limited Company',
    legal_authority: 'Companies Act 2006',
    place_registered: 'Register Of Companies',
    registration_number: registration,
    country_registered: country,
  },
  natures_of_control: natures,
  notified_on: '2020-01-01',
  links: links(number, 'corporate-entity'),
});

const list = (...items: unknown[]) => ({ kind: 'persons-with-significant-control#list', items });
const MAJORITY = ['ownership-of-shares-75-to-100-percent', 'voting-rights-75-to-100-percent'];
const QUARTER = ['ownership-of-shares-25-to-50-percent'];

const PSC_LISTS: Record<string, unknown> = {
  [SUBJECT]: list(corporate(SUBJECT, 'TRACE MIDCO LIMITED', '30000002', 'England', MAJORITY)),
  [MIDCO]: list(corporate(MIDCO, 'TRACE TOPCO LIMITED', 'SC 300003', 'Scotland', QUARTER)),
  [TOPCO]: list(person(TOPCO, 'Ms Ada LOVELACE', MAJORITY)),
  [FOREIGN_OWNED]: list(corporate(FOREIGN_OWNED, 'TRACE HOLDING BV', '12345678', 'Netherlands', MAJORITY)),
  [CYCLE_A]: list(corporate(CYCLE_A, 'TRACE CYCLE B LIMITED', '30000006', 'England', MAJORITY)),
  [CYCLE_B]: list(corporate(CYCLE_B, 'TRACE CYCLE A LIMITED', '30000005', 'England', MAJORITY)),
  [LISTED]: list(),
  [EMPTY]: list(),
  [VIA_GONE]: list(corporate(VIA_GONE, 'TRACE GONE HOLDINGS LIMITED', '30000010', 'England', MAJORITY)),
  [GONE]: list(person(GONE, 'Mr Charles BABBAGE', MAJORITY, { month: 12, year: 1961 })),
};

const LISTED_EXEMPTIONS = {
  kind: 'exemptions',
  links: { self: `/company/${LISTED}/exemptions` },
  exemptions: {
    psc_exempt_as_trading_on_uk_regulated_market: {
      exemption_type: 'psc-exempt-as-trading-on-uk-regulated-market',
      items: [{ exempt_from: '2018-06-18' }],
    },
    disclosure_transparency_rules_chapter_five_applies: {
      exemption_type: 'disclosure-transparency-rules-chapter-five-applies',
      items: [{ exempt_from: '2016-06-30', exempt_to: '2018-06-17' }],
    },
  },
};

const directors = (number: string) => ({
  kind: 'officer-list',
  items: [
    {
      name: 'HOPPER, Grace',
      officer_role: 'director',
      appointed_on: '2019-03-04',
      date_of_birth: { month: 12, year: 1966 },
      links: {
        self: `/company/${number}/appointments/hopper${number}`,
        officer: { appointments: `/officers/hopper${number}/appointments` },
      },
    },
    {
      name: 'GONE, Former',
      officer_role: 'director',
      appointed_on: '2016-03-04',
      resigned_on: '2018-01-01',
      links: {
        self: `/company/${number}/appointments/gone${number}`,
        officer: { appointments: `/officers/gone${number}/appointments` },
      },
    },
  ],
});

describe('owners traced to people', () => {
  let app: TestApp;
  let dir: string;
  let apiKey: string;
  let mcp: Client;
  let designation: string;

  const em = () => app.services.orm.em.fork();
  const kyb = (number: string, name: string) =>
    request<KybCheckResult & ErrorBody>(app, 'POST', '/kyb/checks', {
      key: apiKey,
      body: { client_reference: `trace-${number}`, stated_company_name: name, company_number: number },
    });
  const reason = (result: KybCheckResult, code: string) => result.reasons.find((r) => r.code === code);

  beforeAll(async () => {
    app = await startTestApp();
    app.services.clock = () => new Date(NOW);
    dir = mkdtempSync(join(tmpdir(), 'cds-ownership-'));
    const csv = join(dir, 'companies.csv');
    writeFileSync(csv, [BASIC_COMPANY_DATA_HEADER_LINE, ...COMPANIES, ''].join('\n'));
    await importCompaniesCsv(em(), csv, { asOf: new Date('2026-11-30T00:00:00Z') });
    for (const [number, body] of Object.entries(PSC_LISTS)) await importPscsJson(em(), number, body, CONTEXT);
    for (const number of [SUBJECT, FOREIGN_OWNED, LISTED, EMPTY, VIA_GONE, CYCLE_A])
      await importOfficersJson(em(), number, directors(number), CONTEXT);
    await importExemptionsJson(em(), LISTED, LISTED_EXEMPTIONS, CONTEXT);
    const sanctions = await importDemoSanctionsList(em(), {
      designations: 30,
      seed: 9,
      asOf: new Date('2026-11-28T00:00:00Z'),
      collisions: [
        { kind: 'person', forenames: 'Ada', surname: 'LOVELACE', birth: { year: 1970, month: 4 } },
      ],
    });
    designation = sanctions.collisionIds[0]!;
    const account = await signUp(app);
    await setPlan(em(), account.account_id, 'starter');
    apiKey = account.api_key;
    mcp = await connectMcp(app, apiKey);
  });
  afterAll(async () => {
    await mcp?.close();
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('traces a two-level corporate chain to a natural person over MCP, with the bands and bounds', async () => {
    const register = (await callToolChecked(mcp, 'get_persons_with_significant_control', {
      company_number: SUBJECT,
    })) as Register;
    const { ownership } = register;
    expect(ownership.chains).toHaveLength(1);
    expect(
      ownership.chains[0]!.links.map((link) => [
        link.company_number,
        link.owner_name,
        link.owner_company_number,
        link.share.band,
      ]),
    ).toEqual([
      [SUBJECT, 'TRACE MIDCO LIMITED', MIDCO, '75-to-100-percent'],
      [MIDCO, 'TRACE TOPCO LIMITED', TOPCO, '25-to-50-percent'],
      [TOPCO, 'Ms Ada LOVELACE', null, '75-to-100-percent'],
    ]);
    expect(ownership.chains[0]).toMatchObject({
      end: 'natural_person',
      indirect_share: { lower: 14.0625, upper: 50 },
    });
    expect(ownership.ultimate_owners).toEqual([
      {
        name: 'Ms Ada LOVELACE',
        date_of_birth: { month: 4, year: 1970 },
        indirect_share: { lower: 14.0625, upper: 50 },
        over_25_percent: 'possibly',
        chains: [0],
      },
    ]);
    expect(ownership).toMatchObject({
      natural_person_reached: true,
      stops: [],
      psc_exemption: null,
      max_depth: 10,
    });
  });

  it('states a cycle and a foreign owner over REST', async () => {
    const cycle = await request<Register>(
      app,
      'GET',
      `/company/${CYCLE_A}/persons-with-significant-control`,
      {
        key: apiKey,
      },
    );
    expect(cycle.body.ownership.stops).toEqual([
      `cycle: TRACE CYCLE A LIMITED (${CYCLE_A}) is already on this chain (${CYCLE_A} → ${CYCLE_B} → ${CYCLE_A})`,
    ]);
    const foreign = await request<Register>(
      app,
      'GET',
      `/company/${FOREIGN_OWNED}/persons-with-significant-control?status=active`,
      { key: apiKey },
    );
    expect(foreign.body.ownership).toMatchObject({
      natural_person_reached: false,
      stops: ['owner registered outside the UK: TRACE HOLDING BV, Netherlands'],
    });
  });

  it('passes the traced company’s control check and screens its owner up the chain with the path', async () => {
    const { status, body } = await kyb(SUBJECT, 'Trace Subject Limited');
    expect(status).toBe(201);
    const control = body.checks_performed.find((check) => check.check === 'control')!;
    expect(control).toMatchObject({ outcome: 'pass' });
    expect(control.detail).toContain('Ultimate owners: Ms Ada LOVELACE (14.0625–50 %, over 25 %: possibly).');
    const match = reason(body, 'sanctions_potential_match');
    expect(match).toMatchObject({ outcome: 'refer' });
    expect((match!.evidence as { matches: unknown[] }).matches).toEqual([
      expect.objectContaining({
        subject: {
          role: 'owner',
          kind: 'person',
          name: 'Ms Ada LOVELACE',
          path:
            `TRACE SUBJECT LIMITED (${SUBJECT}) → TRACE MIDCO LIMITED (${MIDCO}) → ` +
            `TRACE TOPCO LIMITED (${TOPCO}) → Ms Ada LOVELACE`,
        },
        designation: expect.objectContaining({ unique_id: designation }) as unknown,
      }),
    ]);
  });

  it('refers a company whose owner is registered abroad, naming the current directors', async () => {
    const { body } = await kyb(FOREIGN_OWNED, 'Trace Foreign Owned Limited');
    expect(reason(body, 'no_natural_person_reached')).toMatchObject({
      outcome: 'refer',
      evidence: {
        stops: ['owner registered outside the UK: TRACE HOLDING BV, Netherlands'],
        senior_managing_officials: [
          { name: 'HOPPER, Grace', officer_role: 'director', appointed_on: '2019-03-04' },
        ],
      },
    });
  });

  it('refers a chain through a dissolved company', async () => {
    const { body } = await kyb(VIA_GONE, 'Trace Via Gone Limited');
    expect(reason(body, 'ownership_chain_dissolved')).toMatchObject({
      outcome: 'refer',
      evidence: {
        companies: [
          {
            company_number: GONE,
            company_name: 'TRACE GONE HOLDINGS LIMITED',
            company_status: 'dissolved',
            path: `TRACE VIA GONE LIMITED (${VIA_GONE}) → TRACE GONE HOLDINGS LIMITED (${GONE})`,
          },
        ],
      },
    });
  });

  it('passes a listed company exempt from the PSC regime where an empty register refers', async () => {
    const listed = await kyb(LISTED, 'Trace Listed PLC');
    expect(reason(listed.body, 'psc_exempt_listed_company')).toMatchObject({
      outcome: 'pass',
      evidence: {
        exemption: {
          exemption_type: 'psc_exempt_as_trading_on_uk_regulated_market',
          exempt_from: '2018-06-18',
          exempt_to: null,
        },
      },
    });
    expect(reason(listed.body, 'no_psc_identified')).toBeUndefined();
    const empty = await kyb(EMPTY, 'Trace Empty Limited');
    expect(reason(empty.body, 'no_psc_identified')).toMatchObject({
      outcome: 'refer',
      evidence: { senior_managing_officials: [expect.objectContaining({ name: 'HOPPER, Grace' })] },
    });
    const register = (await callToolChecked(mcp, 'get_persons_with_significant_control', {
      company_number: LISTED,
    })) as Register;
    expect(register.ownership.psc_exemption).toMatchObject({
      exemption_type: 'psc_exempt_as_trading_on_uk_regulated_market',
    });
  });

  describe('an exemption that ended', () => {
    const period = (items: unknown) => ({
      exemptions: { psc_exempt_as_trading_on_uk_regulated_market: { exemption_type: 'x', items } },
    });

    it('replaces the company’s exemptions, and an ended one is not in force', async () => {
      await importExemptionsJson(
        em(),
        EMPTY,
        period([{ exempt_from: '2018-06-18', exempt_to: '2020-01-01' }]),
        CONTEXT,
      );
      expect(await em().count(CompanyExemptionEntity, { companyNumber: EMPTY })).toBe(1);
      const { body } = await kyb(EMPTY, 'Trace Empty Limited');
      expect(reason(body, 'no_psc_identified')).toBeDefined();
      await importExemptionsJson(em(), EMPTY, { kind: 'exemptions', exemptions: {} }, CONTEXT);
      expect(await em().count(CompanyExemptionEntity, { companyNumber: EMPTY })).toBe(0);
    });
  });
});
