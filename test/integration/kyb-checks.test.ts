import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { setPlan } from '../../src/domain/accounts/accounts';
import { HEALTH_MODEL_VERSION, type HealthScoreSummary } from '../../src/domain/health/score-company';
import { KYB_DISCLAIMER, type KybCheckResult } from '../../src/domain/kyb/kyb-result';
import type { KybSources, ScreenSanctions } from '../../src/domain/kyb/kyb-sources';
import { runKybCheck } from '../../src/domain/kyb/run-kyb-check';
import { levenshteinSimilarity } from '../../src/domain/kyb/stated-name';
import { importDemoSanctionsList } from '../../src/demo/demo-sanctions-list';
import { col } from '../../src/ingest/companies-house/basic-company-data-layout';
import { BASIC_COMPANY_DATA_HEADER_LINE } from '../../src/ingest/companies-house/companies-csv';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importOfficersJson } from '../../src/ingest/companies-house/resources/officers-json';
import { importInsolvencyJson } from '../../src/ingest/companies-house/resources/insolvency-json';
import { importPscsJson } from '../../src/ingest/companies-house/resources/pscs-json';
import { csvRow } from '../support/company-csv-rows';
import { callToolChecked, connectMcp, toolError } from '../support/mcp-client';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

/*
 * KYB checks end to end: fixture companies written by the real importers (bulk CSV rows, PSC and insolvency API
 * bodies), each chosen to reach one reason code; checks run over REST and MCP, stored, read back by id, listed
 * with filters; quota, idempotency, the plan gate and another account's check.
 *
 * Until the last block loads a UK Sanctions List, none is held: over REST and MCP every identified company gets
 * data_missing for the sanctions check, so outcomes there are fail or unable_to_check. The engine block reaches
 * the reasons that need a chosen screen or health score (sanctions_potential_match, health_risk_high/severe, a
 * pass) by running the same engine on the same store with sources built here, in real shapes; the last block
 * loads a list in the published layout and checks over REST with the service's own sources.
 */

const NOW = Date.parse('2026-12-01T09:00:00.000Z');
const DETECTED = { source: 'import' as const, detectedAt: new Date('2026-11-30T06:00:00.000Z') };
const fixture = (path: string) =>
  JSON.parse(readFileSync(join(projectRoot, 'test/fixtures', path), 'utf8')) as unknown;

/** A register row: the sample's first company made sound as of NOW, with `changes` (column → value) applied. */
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
    ...changes,
  });
}

const CLEAN = '10000001';
const RENAMED = '10000002';
const COMPANIES = [
  company(CLEAN, 'KYB CLEAN TRADING LIMITED'),
  company(RENAMED, 'KYB RENAMED HOLDINGS LIMITED', {
    [col.firstPreviousName]: '01/06/2020',
    [col.firstPreviousName + 1]: 'KYB OLD NAME LIMITED',
  }),
  company('10000003', 'KYB GONE LIMITED', { [col.status]: 'Dissolved', [col.dissolutionDate]: '01/05/2025' }),
  company('10000004', 'KYB WOUND UP LIMITED', { [col.status]: 'Liquidation' }),
  company('10000005', 'KYB ADMIN LIMITED', { [col.status]: 'In Administration' }),
  company('10000006', 'KYB RECEIVED LIMITED', { [col.status]: 'Receivership' }),
  company('10000007', 'KYB ARRANGED LIMITED', { [col.status]: 'Voluntary Arrangement' }),
  company('10000008', 'KYB STRUCK LIMITED', { [col.status]: 'Active - Proposal to Strike off' }),
  company('10000009', 'KYB PROCEEDINGS LIMITED', { [col.status]: 'Insolvency Proceedings' }),
  company('10000010', 'KYB LATE FILER LIMITED', {
    [col.accountsNextDue]: '30/06/2026',
    [col.confStmtNextDue]: '01/10/2026',
  }),
  company('10000011', 'KYB NEWCO LIMITED', {
    [col.incorporationDate]: '01/06/2026',
    [col.accountsNextDue]: '01/03/2028',
    [col.accountsLastMadeUp]: '',
    [col.confStmtNextDue]: '14/06/2027',
    [col.confStmtLastMadeUp]: '',
  }),
  company('10000012', 'KYB NOBODY LIMITED'),
  company('10000013', 'KYB STATEMENTS LIMITED'),
  company('10000014', 'KYB DEFAULT ADDRESS LIMITED', {
    [col.poBox]: '4385',
    [col.addressLine1]: '10000014 - COMPANIES HOUSE DEFAULT ADDRESS',
    [col.postTown]: 'CARDIFF',
    [col.postCode]: 'CF14 8LH',
  }),
  company('10000015', 'KYB HISTORY LIMITED'),
  company('10000016', 'KYB TWIN SERVICES LIMITED', {
    [col.status]: 'Dissolved',
    [col.dissolutionDate]: '01/02/2019',
  }),
  company('10000017', 'KYB TWIN SERVICES LTD'),
  company('10000018', 'KYB FLAGGED OFFICE LIMITED'),
];

interface Listed {
  items: KybCheckResult[];
  total: number;
  limit: number;
  offset: number;
  next_offset: number | null;
}

describe('KYB checks', () => {
  let app: TestApp;
  let dir: string;
  let tick = 0;
  let starter: { api_key: string; account_id: string };

  const em = () => app.services.orm.em.fork();
  const newStarter = async () => {
    const account = await signUp(app);
    await setPlan(em(), account.account_id, 'starter');
    return account;
  };
  const run = (body: Record<string, unknown>, key = starter.api_key, headers: Record<string, string> = {}) =>
    request<KybCheckResult & ErrorBody>(app, 'POST', '/kyb/checks', { key, body, headers });
  const list = (query = '', key = starter.api_key) =>
    request<Listed & ErrorBody>(app, 'GET', `/kyb/checks${query}`, { key });
  const quotaPoints = async (accountId: string) => {
    const rows: { points: number | string }[] = await em()
      .getConnection()
      .execute('select key, points from rate_limits where key like ? order by key', [`%${accountId}%`]);
    return rows.map((row) => Number(row.points));
  };
  const storedCount = async (accountId: string) => {
    const rows: { n: number | string }[] = await em()
      .getConnection()
      .execute('select count(*) as n from kyb_checks where account_id = ?', [accountId]);
    return Number(rows[0]!.n);
  };
  const codes = (result: KybCheckResult) => result.reasons.map((reason) => reason.code);

  beforeAll(async () => {
    app = await startTestApp({ UPGRADE_URL: 'https://example.com/upgrade' });
    // Each check a second later than the one before, on one UTC day: listing order is then known.
    app.services.clock = () => new Date(NOW + tick++ * 1000);
    dir = mkdtempSync(join(tmpdir(), 'cds-kyb-'));
    const csv = join(dir, 'companies.csv');
    writeFileSync(csv, [BASIC_COMPANY_DATA_HEADER_LINE, ...COMPANIES, ''].join('\n'));
    await importCompaniesCsv(em(), csv, { asOf: new Date('2026-11-30T00:00:00Z') });
    const people = fixture('pscs/SC412345-persons-with-significant-control.json');
    await importPscsJson(em(), CLEAN, people, DETECTED);
    await importPscsJson(em(), RENAMED, people, DETECTED);
    await importPscsJson(em(), '10000012', fixture('kyb/psc-empty-list.json'), DETECTED);
    await importPscsJson(em(), '10000013', fixture('pscs/SC412345-statements.json'), DETECTED);
    await importInsolvencyJson(em(), '10000015', fixture('insolvency/11223344-insolvency.json'), DETECTED);
    starter = await newStarter();
  });
  afterAll(async () => {
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  describe('reason codes reached by fixture companies over REST', () => {
    it.each([
      ['10000003', 'KYB Gone Ltd', 'company_dissolved', 'fail'],
      ['10000004', 'KYB Wound Up Ltd', 'in_liquidation', 'fail'],
      ['10000005', 'KYB Admin Ltd', 'in_administration', 'fail'],
      ['10000006', 'KYB Received Ltd', 'in_receivership', 'fail'],
      ['10000009', 'KYB Proceedings Ltd', 'insolvency_proceedings', 'fail'],
    ])('%s: %s fails with %s', async (number, stated, code, outcome) => {
      const response = await run({
        client_reference: `status-${number}`,
        stated_company_name: stated,
        company_number: number,
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ outcome, decided_by: code, company_number: number });
      expect(response.body.reasons.find((reason) => reason.code === code)).toMatchObject({
        outcome: 'fail',
        evidence: { company_status: expect.any(String) as string },
      });
    });

    it.each([
      ['10000007', 'KYB Arranged Ltd', 'voluntary_arrangement'],
      ['10000008', 'KYB Struck Ltd', 'proposal_to_strike_off'],
      ['10000010', 'KYB Late Filer Ltd', 'accounts_overdue'],
      ['10000010', 'KYB Late Filer Ltd', 'confirmation_statement_overdue'],
      ['10000011', 'KYB Newco Ltd', 'recently_incorporated'],
      ['10000012', 'KYB Nobody Ltd', 'no_psc_identified'],
      ['10000013', 'KYB Statements Ltd', 'psc_statements_only'],
      ['10000014', 'KYB Default Address Ltd', 'registered_office_flagged'],
      ['10000015', 'KYB History Ltd', 'insolvency_history'],
    ])('%s: %s gives %s (refer)', async (number, stated, code) => {
      const { status, body } = await run({
        client_reference: `refer-${code}`,
        stated_company_name: stated,
        company_number: number,
      });
      expect(status).toBe(201);
      expect(body.reasons.find((reason) => reason.code === code)).toMatchObject({ outcome: 'refer' });
      // No sanctions list is screened here, so the check is incomplete and says so above any refer.
      expect(body).toMatchObject({ outcome: 'unable_to_check', decided_by: 'data_missing' });
    });

    it('gives the evidence each refer reason promises', async () => {
      const late = (
        await run({
          client_reference: 'late',
          stated_company_name: 'KYB Late Filer Ltd',
          company_number: '10000010',
        })
      ).body;
      expect(late.reasons.find((reason) => reason.code === 'accounts_overdue')!.evidence).toEqual({
        next_due: '2026-06-30',
        days_overdue: 154,
        as_of: '2026-12-01',
      });
      const newco = (
        await run({
          client_reference: 'newco',
          stated_company_name: 'KYB Newco Ltd',
          company_number: '10000011',
        })
      ).body;
      expect(newco.reasons.find((reason) => reason.code === 'recently_incorporated')!.evidence).toEqual({
        date_of_creation: '2026-06-01',
        age_days: 183,
        threshold_months: 12,
      });
      const statements = (
        await run({
          client_reference: 'stmts',
          stated_company_name: 'KYB Statements Ltd',
          company_number: '10000013',
        })
      ).body;
      expect(
        statements.reasons.find((reason) => reason.code === 'psc_statements_only')!.evidence,
      ).toMatchObject({
        statements: [{ statement: 'psc-has-failed-to-confirm-changed-details', notified_on: '2026-11-12' }],
      });
      const office = (
        await run({
          client_reference: 'office',
          stated_company_name: 'KYB Default Address Ltd',
          company_number: '10000014',
        })
      ).body;
      expect(
        office.reasons.find((reason) => reason.code === 'registered_office_flagged')!.evidence,
      ).toMatchObject({
        flags: ['companies_house_default_address'],
        registered_office_is_in_dispute: null,
        registered_office_address: { po_box: '4385', postal_code: 'CF14 8LH' },
      });
      const history = (
        await run({
          client_reference: 'history',
          stated_company_name: 'KYB History Ltd',
          company_number: '10000015',
        })
      ).body;
      expect(history.reasons.find((reason) => reason.code === 'insolvency_history')!.evidence).toMatchObject({
        has_insolvency_history: true,
        cases: [{ case_number: 1, type: 'creditors-voluntary-liquidation' }],
      });
    });

    it('names the sanctions list as missing data, and the PSC register when none was imported', async () => {
      const { body } = await run({
        client_reference: 'gaps',
        stated_company_name: 'KYB Arranged Ltd',
        company_number: '10000007',
      });
      const missing = body.reasons
        .filter((reason) => reason.code === 'data_missing')
        .map((reason) => reason.evidence);
      expect(missing).toEqual(
        expect.arrayContaining([
          { check: 'sanctions', data: 'sanctions lists' },
          { check: 'control', data: 'register of persons with significant control' },
        ]),
      );
      expect(body.inputs.sanctions_list_versions).toEqual([]);
    });

    it('reads the stated name: exact, legal form left off, close, previous and mismatched', async () => {
      const check = async (stated: string, number = CLEAN) =>
        (await run({ client_reference: 'names', stated_company_name: stated, company_number: number })).body;
      expect(
        (await check('kyb clean trading ltd')).reasons.find((r) => r.code === 'name_exact'),
      ).toMatchObject({
        evidence: { legal_form_omitted: false },
      });
      expect((await check('KYB Clean Trading')).reasons.find((r) => r.code === 'name_exact')).toMatchObject({
        evidence: { legal_form_omitted: true },
      });
      expect(
        (await check('KYB Clean Tradng Ltd')).reasons.find((r) => r.code === 'name_close_match'),
      ).toMatchObject({
        outcome: 'refer',
        evidence: { similarity: 0.96, threshold: 0.85, registered_name: 'KYB CLEAN TRADING LIMITED' },
      });
      expect(
        (await check('KYB Old Name Ltd', RENAMED)).reasons.find((r) => r.code === 'name_previous_name'),
      ).toMatchObject({
        outcome: 'refer',
        evidence: { previous_name: { name: 'KYB OLD NAME LIMITED', ceased_on: '2020-06-01' }, similarity: 1 },
      });
      const mismatch = await check('Totally Different Widgets Ltd');
      expect(mismatch).toMatchObject({ outcome: 'fail', decided_by: 'name_mismatch' });
    });

    it('fails a number the register does not hold, and runs no other check', async () => {
      const { status, body } = await run({
        client_reference: 'ghost',
        stated_company_name: 'Ghost Ltd',
        company_number: '10999999',
      });
      expect(status).toBe(201);
      expect(body).toMatchObject({
        outcome: 'fail',
        decided_by: 'company_not_found',
        company_number: null,
        company_name: null,
        inputs: { company_snapshot_at: null, sanctions_list_versions: [], health_model_version: null },
      });
      expect(body.checks_performed.map((check) => check.check)).toEqual(['company']);
      expect(body.reasons[0]!.evidence).toEqual({ company_number: '10999999' });
    });

    it('finds a company by its stated name alone when exactly one has it', async () => {
      const { body } = await run({ client_reference: 'by-name', stated_company_name: 'KYB Clean Trading' });
      expect(body.company_number).toBe(CLEAN);
      expect(body.checks_performed[0]!.detail).toBe(
        `Identified by the stated name: KYB CLEAN TRADING LIMITED (${CLEAN}) is the only company with that name.`,
      );
    });

    it('never guesses between companies of one name: ambiguous_name lists them', async () => {
      const { body } = await run({
        client_reference: 'twins',
        stated_company_name: 'KYB Twin Services Limited',
      });
      expect(body).toMatchObject({
        outcome: 'unable_to_check',
        decided_by: 'ambiguous_name',
        company_number: null,
      });
      const candidates = (body.reasons[0]!.evidence as { candidates: { company_number: string }[] })
        .candidates;
      expect(candidates.map((candidate) => candidate.company_number).sort()).toEqual([
        '10000016',
        '10000017',
      ]);
    });

    it('stops with the nearest names when none has the stated name', async () => {
      const near = (
        await run({ client_reference: 'near', stated_company_name: 'KYB Clean Trading Group Ltd' })
      ).body;
      expect(near).toMatchObject({
        outcome: 'unable_to_check',
        decided_by: 'name_not_found',
        company_number: null,
      });
      const none = (await run({ client_reference: 'none', stated_company_name: 'Zzyzx Quokka Ventures Ltd' }))
        .body;
      expect(none.reasons[0]).toMatchObject({
        code: 'name_not_found',
        evidence: { normalised_name: 'ZZYZX QUOKKA VENTURES LIMITED', candidates: [] },
      });
    });
  });

  describe('the engine on the same store, with a sanctions screen and health scores built here', () => {
    const listVersion = {
      list: 'uk',
      id: 7,
      published_on: '2026-11-28',
      content_sha256: 'c0ffee',
      designations: 5012,
    };
    const quietScreen: ScreenSanctions = async () => ({
      list_versions: [listVersion],
      screened: [
        { role: 'company', name: 'KYB CLEAN TRADING LIMITED', kind: 'entity' },
        { role: 'psc', name: 'Mr Hamish Wood', kind: 'individual' },
      ],
      potential_matches: [],
    });
    const health =
      (riskLevel: HealthScoreSummary['riskLevel'], score: number): KybSources['scoreHealth'] =>
      async (_em, companyNumber, asOf) => ({
        companyNumber,
        modelVersion: HEALTH_MODEL_VERSION,
        asOf,
        score,
        grade: score >= 75 ? 'A' : 'E',
        riskLevel,
        validUntil: null,
        firedCodes: riskLevel === 'low' ? [] : ['accounts_overdue'],
      });
    const sources = (overrides: Partial<KybSources> = {}): KybSources => ({
      screenSanctions: quietScreen,
      scoreHealth: health('low', 88),
      similarity: levenshteinSimilarity,
      ...overrides,
    });
    const engine = (
      account: string,
      overrides: Partial<KybSources> = {},
      stated = 'KYB Clean Trading Ltd',
      number = CLEAN,
    ) =>
      runKybCheck(
        em(),
        sources(overrides),
        { clientReference: 'engine', statedCompanyName: stated, companyNumber: number },
        { accountId: account, now: new Date(NOW + tick++ * 1000), idempotencyKey: null },
      );

    it('passes a sound company, every check run and named, and the stored record reads back the same', async () => {
      const result = await engine(starter.account_id);
      expect(result).toMatchObject({
        outcome: 'pass',
        decided_by: 'name_exact',
        reasons: [expect.objectContaining({ code: 'name_exact' })],
        inputs: {
          as_of: '2026-12-01',
          sanctions_list_versions: [{ list: 'uk', id: '7', published_on: '2026-11-28' }],
          health_model_version: HEALTH_MODEL_VERSION,
        },
        disclaimer: KYB_DISCLAIMER,
      });
      // A pass says what it did not look at.
      expect(result.checks_not_performed.map(({ check }) => check)).toEqual([
        'pep_screening',
        'adverse_media',
        'county_court_judgments',
        'contact_identity_documents',
      ]);
      expect(result.checks_not_performed.every(({ why }) => why.length > 0)).toBe(true);
      expect(result.checks_performed.map((check) => [check.check, check.outcome])).toEqual(
        [
          'company',
          'status',
          'name',
          'filings',
          'incorporation',
          'control',
          'identity_verification',
          'disqualification',
          'registered_office',
          'sanctions',
          'insolvency',
          'health',
        ].map((check) => [check, 'pass']),
      );
      const stored = await request<KybCheckResult>(app, 'GET', `/kyb/checks/${result.id}`, {
        key: starter.api_key,
      });
      expect(stored.status).toBe(200);
      expect(stored.body).toEqual(result);
    });

    it('refers a potential sanctions match with the role that brought the name in', async () => {
      const match = {
        subject: { role: 'psc', name: 'Mr Hamish Wood', kind: 'individual' },
        score: 0.91,
        threshold: 0.85,
        designation: {
          unique_id: 'GBR0042',
          names: ['Hamish WOOD'],
          regime: 'Global Human Rights',
          type: 'Individual',
        },
        explanation: {
          names: [{ screened: 'Mr Hamish Wood', listed: 'Hamish WOOD', similarity: 1 }],
          date_of_birth: 'unknown',
        },
      };
      const result = await engine(starter.account_id, {
        screenSanctions: async (...args) => ({ ...(await quietScreen(...args)), potential_matches: [match] }),
      });
      expect(result).toMatchObject({ outcome: 'refer', decided_by: 'sanctions_potential_match' });
      expect(result.reasons.find((reason) => reason.code === 'sanctions_potential_match')!.evidence).toEqual({
        list_versions: [{ list: 'uk', id: '7', published_on: '2026-11-28' }],
        matches: [
          {
            subject: match.subject,
            score: 0.91,
            designation: match.designation,
            explanation: match.explanation,
          },
        ],
      });
    });

    it.each([
      ['high', 40, 'health_risk_high'],
      ['severe', 12, 'health_risk_severe'],
    ] as const)(
      'refers health risk %s as %s, with the score and model version',
      async (risk, score, code) => {
        const result = await engine(starter.account_id, { scoreHealth: health(risk, score) });
        expect(result).toMatchObject({ outcome: 'refer', decided_by: code });
        expect(result.reasons.find((reason) => reason.code === code)!.evidence).toMatchObject({
          score,
          risk_level: risk,
          model_version: HEALTH_MODEL_VERSION,
        });
      },
    );

    it('refers the register’s registered-office flags where the store holds them', async () => {
      // No importer fills these columns yet (the bulk file has no such fields). TRUE and FALSE are literals both
      // databases read (SQLite binds no booleans; PostgreSQL takes no integers for a boolean column).
      await em()
        .getConnection()
        .execute(
          'update companies set registered_office_is_in_dispute = true, ' +
            'undeliverable_registered_office_address = false where company_number = ?',
          ['10000018'],
        );
      const result = await engine(starter.account_id, {}, 'KYB Flagged Office Ltd', '10000018');
      expect(
        result.reasons.find((reason) => reason.code === 'registered_office_flagged')!.evidence,
      ).toMatchObject({
        flags: ['in_dispute'],
        registered_office_is_in_dispute: true,
        undeliverable_registered_office_address: false,
      });
    });

    it('refers a director overdue for identity verification with the dates, and not once verified', async () => {
      const director = (details: Record<string, unknown>) => ({
        kind: 'officer-list',
        total_results: 1,
        items: [
          {
            name: 'HOLT, Karen',
            officer_role: 'director',
            appointed_on: '2020-02-03',
            identity_verification_details: details,
            links: {
              self: '/company/10000018/appointments/hOlTkArEn0000001',
              officer: { appointments: '/officers/kArEnHoLt00000001/appointments' },
            },
          },
        ],
      });
      const due = { appointment_verification_statement_due_on: '2026-11-18' };
      await importOfficersJson(em(), '10000018', director(due), DETECTED);
      const overdue = await engine(starter.account_id, {}, 'KYB Flagged Office Ltd', '10000018');
      expect(overdue.reasons.find((reason) => reason.code === 'identity_verification_overdue')).toMatchObject(
        {
          outcome: 'refer',
          evidence: {
            as_of: '2026-12-01',
            overdue: [
              {
                role: 'officer',
                name: 'HOLT, Karen',
                appointment_id: 'hOlTkArEn0000001',
                appointment_verification_statement_due_on: '2026-11-18',
                days_overdue: 13,
                identity_verified_on: null,
              },
            ],
          },
        },
      );
      await importOfficersJson(em(), '10000018', director({ ...due, identity_verified_on: '2026-11-25' }), {
        ...DETECTED,
        detectedAt: new Date('2026-11-30T07:00:00.000Z'),
      });
      const verified = await engine(starter.account_id, {}, 'KYB Flagged Office Ltd', '10000018');
      expect(verified.reasons.map((reason) => reason.code)).not.toContain('identity_verification_overdue');
      expect(
        verified.checks_performed.find((check) => check.check === 'identity_verification'),
      ).toMatchObject({
        outcome: 'pass',
        detail: expect.stringContaining('1 verified, 0 overdue'),
      });
      const [change] = await em()
        .getConnection()
        .execute<{ alert_type: string; new_value: string }[]>(
          "select alert_type, new_value from register_changes where company_number = ? and field = 'officers'",
          ['10000018'],
        );
      expect(change!.alert_type).toBe('officer_change');
      expect(JSON.parse(change!.new_value)).toMatchObject({
        description: 'Karen HOLT (director): identity verification changed',
      });
    });

    it('stores nothing when a source fails mid-check', async () => {
      const account = await newStarter();
      await expect(
        engine(account.account_id, {
          scoreHealth: async () => {
            throw new Error('health store unavailable');
          },
        }),
      ).rejects.toThrow('health store unavailable');
      expect(await storedCount(account.account_id)).toBe(0);
    });
  });

  describe('stored checks', () => {
    it('reads a check back by id, whole, and lists the account’s checks newest first with filters', async () => {
      const account = await newStarter();
      const key = account.api_key;
      const a = (
        await run(
          { client_reference: 'client-A', stated_company_name: 'KYB Gone Ltd', company_number: '10000003' },
          key,
        )
      ).body;
      const b = (
        await run(
          {
            client_reference: 'client-B',
            stated_company_name: 'KYB Arranged Ltd',
            company_number: '10000007',
          },
          key,
        )
      ).body;
      const c = (
        await run(
          {
            client_reference: 'client-A',
            stated_company_name: 'KYB Clean Trading Ltd',
            company_number: '10000001',
          },
          key,
        )
      ).body;

      const read = await request<KybCheckResult>(app, 'GET', `/kyb/checks/${b.id}`, { key });
      expect(read.status).toBe(200);
      expect(read.body).toEqual(b);

      const all = await list('', key);
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ total: 3, limit: 20, offset: 0, next_offset: null });
      expect(all.body.items.map((item) => item.id)).toEqual([c.id, b.id, a.id]);
      expect(all.body.items[1]).toEqual(b);

      expect((await list('?client_reference=client-A', key)).body.items.map((item) => item.id)).toEqual([
        c.id,
        a.id,
      ]);
      expect((await list('?outcome=fail', key)).body.items.map((item) => item.id)).toEqual([a.id]);
      expect((await list('?company_number=10000007', key)).body.items.map((item) => item.id)).toEqual([b.id]);
      expect((await list('?company_number=SC999999', key)).body).toMatchObject({ items: [], total: 0 });
      expect((await list('?created_from=2026-12-01&created_to=2026-12-01', key)).body.total).toBe(3);
      expect((await list('?created_from=2026-12-02', key)).body.total).toBe(0);
      expect((await list('?created_to=2026-11-30', key)).body.total).toBe(0);
      const page = (await list('?limit=2', key)).body;
      expect(page).toMatchObject({ total: 3, next_offset: 2 });
      expect((await list('?limit=2&offset=2', key)).body.items.map((item) => item.id)).toEqual([a.id]);
    });

    it('refuses bad list filters', async () => {
      for (const query of [
        '?outcome=maybe',
        '?created_from=2026-13-01',
        '?created_from=2026-12-02&created_to=2026-12-01',
        '?limit=0',
        '?company_number=!!',
      ]) {
        const response = await list(query);
        expect([query, response.status]).toEqual([query, 400]);
      }
    });

    it('answers another account’s check as not found, exactly as one that does not exist', async () => {
      const mine = (
        await run({
          client_reference: 'private',
          stated_company_name: 'KYB Gone Ltd',
          company_number: '10000003',
        })
      ).body;
      const other = await newStarter();
      const theirs = await request<ErrorBody>(app, 'GET', `/kyb/checks/${mine.id}`, { key: other.api_key });
      const missing = await request<ErrorBody>(app, 'GET', '/kyb/checks/kyb_doesnotexist', {
        key: other.api_key,
      });
      expect(theirs.status).toBe(404);
      expect(theirs.body.error.code).toBe('not_found');
      expect(theirs.body.error.message).toBe(missing.body.error.message);
      expect((await list('', other.api_key)).body.total).toBe(0);
    });
  });

  describe('quota, idempotency, plan and bad input', () => {
    const body = {
      client_reference: 'onboarding-77',
      stated_company_name: 'KYB Gone Ltd',
      company_number: '10000003',
    };

    it('charges one request per check, and nothing for a repeat under the same Idempotency-Key', async () => {
      const account = await newStarter();
      const first = await run(body, account.api_key, { 'Idempotency-Key': 'req-77' });
      expect(first.status).toBe(201);
      expect(first.body.idempotency_key).toBe('req-77');
      expect(await quotaPoints(account.account_id)).toEqual([1, 1]);

      const again = await run({ ...body, company_number: '10000003 ' }, account.api_key, {
        'Idempotency-Key': 'req-77',
      });
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(await quotaPoints(account.account_id)).toEqual([1, 1]);
      expect(await storedCount(account.account_id)).toBe(1);

      const unkeyed = await run(body, account.api_key);
      expect(unkeyed.body.id).not.toBe(first.body.id);
      expect(await quotaPoints(account.account_id)).toEqual([2, 2]);
    });

    it('refuses the same key with a different request as a conflict naming the key', async () => {
      const account = await newStarter();
      await run(body, account.api_key, { 'Idempotency-Key': 'req-78' });
      const clash = await run({ ...body, client_reference: 'onboarding-78' }, account.api_key, {
        'Idempotency-Key': 'req-78',
      });
      expect(clash.status).toBe(409);
      expect(clash.body.error).toMatchObject({ code: 'conflict', details: { idempotency_key: 'req-78' } });
      expect(clash.body.error.message).toContain('req-78');
      expect(await quotaPoints(account.account_id)).toEqual([1, 1]);
    });

    it('takes the key from the body too, refuses two different keys, and a malformed header', async () => {
      const account = await newStarter();
      const first = await run({ ...body, idempotency_key: 'body-key' }, account.api_key);
      const again = await run(body, account.api_key, { 'Idempotency-Key': 'body-key' });
      expect(again.body.id).toBe(first.body.id);
      const both = await run({ ...body, idempotency_key: 'one' }, account.api_key, {
        'Idempotency-Key': 'two',
      });
      expect(both.status).toBe(400);
      const malformed = await run(body, account.api_key, { 'Idempotency-Key': 'x'.repeat(300) });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.details).toMatchObject({ problems: [{ argument: 'Idempotency-Key' }] });
      expect(await quotaPoints(account.account_id)).toEqual([1, 1]);
    });

    it('refuses a Free key with an upgrade link, charging and storing nothing', async () => {
      const free = await signUp(app);
      const refused = await run(body, free.api_key);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({
        code: 'plan_required',
        details: { required_plan: 'starter' },
      });
      expect(refused.body.error.message).toContain('https://example.com/upgrade');
      expect((await list('', free.api_key)).status).toBe(403);
      expect(await quotaPoints(free.account_id)).toEqual([]);
      expect(await storedCount(free.account_id)).toBe(0);
    });

    it.each([
      [
        'a missing client_reference',
        { stated_company_name: 'KYB Gone Ltd' },
        'invalid_argument',
        'client_reference',
      ],
      [
        'a blank client_reference',
        { client_reference: '   ', stated_company_name: 'KYB Gone Ltd' },
        'invalid_argument',
        'client_reference',
      ],
      [
        'an empty stated name',
        { client_reference: 'r', stated_company_name: '' },
        'invalid_argument',
        'stated_company_name',
      ],
      [
        'a stated name of punctuation',
        { client_reference: 'r', stated_company_name: '-- ! --' },
        'invalid_argument',
        'stated_company_name',
      ],
      ['a missing stated name', { client_reference: 'r' }, 'invalid_argument', 'stated_company_name'],
      [
        'a bad company number',
        { client_reference: 'r', stated_company_name: 'KYB Gone Ltd', company_number: 'ABC' },
        'invalid_company_number',
        'company_number',
      ],
      [
        'an unknown argument',
        { client_reference: 'r', stated_company_name: 'KYB Gone Ltd', colour: 'red' },
        'invalid_argument',
        '(body)',
      ],
    ])('refuses %s before charging or storing', async (_name, bad, code, argument) => {
      const account = await newStarter();
      const refused = await run(bad, account.api_key);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe(code);
      expect(JSON.stringify(refused.body.error.details)).toContain(argument);
      expect(await quotaPoints(account.account_id)).toEqual([]);
      expect(await storedCount(account.account_id)).toBe(0);
    });

    it('declares the Idempotency-Key header and the conflict in the OpenAPI document', async () => {
      const { body: openapi } = await request<{
        paths: Record<
          string,
          Record<
            string,
            {
              parameters: { name: string; in: string }[];
              responses: Record<string, unknown>;
              'x-mcp-tool'?: string;
            }
          >
        >;
      }>(app, 'GET', '/openapi.json');
      const post = openapi.paths['/kyb/checks']!.post!;
      expect(post.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]),
      );
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '409']));
      expect(openapi.paths['/kyb/checks/{id}']!.get!['x-mcp-tool']).toBeUndefined();
      expect(openapi.paths['/kyb/checks']!.get!['x-mcp-tool']).toBe('list_kyb_checks');
    });
  });

  describe('over MCP', () => {
    let client: Client;
    beforeAll(async () => {
      client = await connectMcp(app, starter.api_key);
    });
    afterAll(() => client?.close());

    /** A client whose every request carries this Idempotency-Key header. */
    async function keyedClient(apiKey: string, idempotencyKey: string): Promise<Client> {
      const transport = new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
        requestInit: { headers: { 'X-Api-Key': apiKey, 'Idempotency-Key': idempotencyKey } },
      });
      const keyed = new Client({ name: 'keyed-agent', version: '1.0.0' });
      await keyed.connect(transport);
      return keyed;
    }

    it('lists run_kyb_check and list_kyb_checks as tools, and get_kyb_check as none', async () => {
      const { tools } = await client.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['run_kyb_check', 'list_kyb_checks']));
      expect(names).not.toContain('get_kyb_check');
      expect(tools.find((tool) => tool.name === 'run_kyb_check')!.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: false,
      });
      expect(tools.find((tool) => tool.name === 'list_kyb_checks')!.annotations).toMatchObject({
        readOnlyHint: true,
      });
      const input = tools.find((tool) => tool.name === 'run_kyb_check')!.inputSchema as {
        required?: string[];
        properties: Record<string, unknown>;
      };
      expect(input.required?.sort()).toEqual(['client_reference', 'stated_company_name']);
      expect(Object.keys(input.properties)).toContain('idempotency_key');
    });

    it('runs a check that matches the tool’s output schema and finds it again in list_kyb_checks', async () => {
      const result = (await callToolChecked(client, 'run_kyb_check', {
        client_reference: 'mcp-1',
        stated_company_name: 'KYB Clean Tradng Ltd',
        company_number: CLEAN,
      })) as KybCheckResult;
      expect(codes(result)).toContain('name_close_match');
      expect(result.disclaimer).toBe(KYB_DISCLAIMER);
      const listed = (await callToolChecked(client, 'list_kyb_checks', {
        client_reference: 'mcp-1',
      })) as unknown as Listed;
      expect(listed.items).toEqual([result]);
    });

    it('replays under the Idempotency-Key header and under the idempotency_key argument, uncharged', async () => {
      const account = await newStarter();
      const keyed = await keyedClient(account.api_key, 'mcp-key-1');
      try {
        const args = {
          client_reference: 'mcp-2',
          stated_company_name: 'KYB Gone Ltd',
          company_number: '10000003',
        };
        const first = await callToolChecked(keyed, 'run_kyb_check', args);
        const again = await callToolChecked(keyed, 'run_kyb_check', args);
        expect(again).toEqual(first);
        const byArgument = await callToolChecked(keyed, 'run_kyb_check', {
          ...args,
          idempotency_key: 'mcp-key-1',
        });
        expect(byArgument).toEqual(first);
        expect(await quotaPoints(account.account_id)).toEqual([1, 1]);
        const clash = await keyed.callTool({
          name: 'run_kyb_check',
          arguments: { ...args, client_reference: 'mcp-3' },
        });
        expect(clash.isError).toBe(true);
        expect(toolError(clash)).toMatchObject({
          code: 'conflict',
          details: { idempotency_key: 'mcp-key-1' },
        });
      } finally {
        await keyed.close();
      }
    });

    it('answers bad input and a Free key as tool errors', async () => {
      const bad = await client.callTool({
        name: 'run_kyb_check',
        arguments: { stated_company_name: 'KYB Gone Ltd' },
      });
      expect(bad.isError).toBe(true);
      expect(toolError(bad)).toMatchObject({ code: 'invalid_argument' });
      const free = await signUp(app);
      const freeClient = await connectMcp(app, free.api_key);
      try {
        const refused = await freeClient.callTool({
          name: 'run_kyb_check',
          arguments: { client_reference: 'r', stated_company_name: 'KYB Gone Ltd' },
        });
        expect(refused.isError).toBe(true);
        expect(toolError(refused)).toMatchObject({ code: 'plan_required' });
      } finally {
        await freeClient.close();
      }
    });
  });
  describe('with the UK Sanctions List loaded, over REST with the service’s own sources', () => {
    let designation: string;
    beforeAll(async () => {
      const list = await importDemoSanctionsList(em(), {
        designations: 40,
        seed: 5,
        asOf: new Date('2026-11-28T00:00:00Z'),
        collisions: [{ kind: 'entity', name: 'KYB RENAMED HOLDINGS LLC' }],
      });
      expect(list.status).toBe('imported');
      designation = list.collisionIds[0]!;
    });

    it('passes a sound company stated by its registered name, naming the list version screened', async () => {
      const { status, body } = await run({
        client_reference: 'listed-pass',
        stated_company_name: 'KYB Clean Trading Ltd',
        company_number: CLEAN,
      });
      expect(status).toBe(201);
      expect(body.checks_performed.filter((check) => check.outcome !== 'pass')).toEqual([]);
      expect(body).toMatchObject({ outcome: 'pass', decided_by: 'name_exact' });
      expect(body.inputs.sanctions_list_versions).toEqual([
        { list: 'uk', id: expect.any(String) as string, published_on: '2026-11-28' },
      ]);
      expect(body.checks_performed.find((check) => check.check === 'sanctions')!.detail).toMatch(
        /^\d+ name\(s\) screened against UK Sanctions List version \d+ \(published 2026-11-28\): no potential match\. Not screened against: OFAC Specially Designated Nationals List \(not held\), EU Consolidated Financial Sanctions List \(not held\), UN Security Council Consolidated List \(not held\)\.$/,
      );
    });

    it('refers a slightly wrong stated name with the similarity', async () => {
      const { body } = await run({
        client_reference: 'listed-close',
        stated_company_name: 'KYB Clean Tradng Ltd',
        company_number: CLEAN,
      });
      expect(body).toMatchObject({ outcome: 'refer', decided_by: 'name_close_match' });
      expect(body.reasons.find((reason) => reason.code === 'name_close_match')!.evidence).toMatchObject({
        similarity: 0.96,
      });
    });

    it('refers a company whose name is close to a designated entity’s, with the match for review', async () => {
      const { body } = await run({
        client_reference: 'listed-match',
        stated_company_name: 'KYB Renamed Holdings Ltd',
        company_number: RENAMED,
      });
      const reason = body.reasons.find((r) => r.code === 'sanctions_potential_match');
      expect(reason).toMatchObject({ outcome: 'refer' });
      const matches = (
        reason!.evidence as { matches: { subject: { role: string }; designation: { unique_id: string } }[] }
      ).matches;
      expect(matches).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            subject: expect.objectContaining({ role: 'company' }) as unknown,
            designation: expect.objectContaining({ unique_id: designation }) as unknown,
          }),
        ]),
      );
      const listed = (await list('?client_reference=listed-match')).body.items;
      expect(listed.map((item) => item.id)).toEqual([body.id]);
    });
  });
});
