import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CompanyEntity } from '../../src/db/entities/company';
import { CompanyFetchEntity } from '../../src/db/entities/company-fetch';
import { CompanyResourceImportEntity } from '../../src/db/entities/company-resource-import';
import { RegisterChangeEntity } from '../../src/db/entities/register-change';
import type { Orm } from '../../src/db/orm';
import { setPlan } from '../../src/domain/accounts/accounts';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importCompanyDetailsDir } from '../../src/ingest/companies-house/resources/import-company-details';
import type { FetchResult } from '../../src/ingest/companies-house/live/companies-house-client';
import { CompaniesHouseError } from '../../src/ingest/companies-house/live/companies-house-errors';
import type { CompanyResourceName } from '../../src/ingest/companies-house/live/companies-house-resources';
import {
  fetchCompanyLive,
  type CompanyResourceSource,
} from '../../src/ingest/companies-house/live/company-fetch';
import { CompaniesHouseStandIn } from '../support/companies-house-stand-in/stand-in';
import { CSV_COLUMN, SAMPLE_COMPANIES_CSV, csvRow } from '../support/company-csv-rows';
import { callToolChecked, connectMcp, toolError } from '../support/mcp-client';
import { projectRoot } from '../support/paths';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';
import { request, signUp, startTestApp, type TestApp } from '../support/test-app';

/*
 * Issue 13, on-demand fetch: with COMPANIES_HOUSE_API_KEY set, a per-company operation asked about a company the
 * store does not hold fetches it from Companies House (here the REST stand-in serving the recorded fixtures),
 * stores it as a baseline and answers; a held company that is too old is refreshed in the background.
 */

const KEY = 'stand-in-key';
const FIXTURES = join(projectRoot, 'test/fixtures/companies-house-api');
const fixture = (number: string, resource: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(FIXTURES, number, `${resource}.json`), 'utf8')) as Record<string, unknown>;

/** A register file holding one company: ACORN LEAF (09876543) under an older name than Companies House gives. */
function registerFileWithOldName(dir: string): string {
  const header = readFileSync(SAMPLE_COMPANIES_CSV, 'utf8').split('\n')[0]!;
  const file = join(dir, 'register.csv');
  writeFileSync(file, `${header}\n${csvRow({ [CSV_COLUMN.NAME]: 'ACORN LEAF CONSULTANTS LTD' })}\n`);
  return file;
}

/** The company's details folder: the API fixtures it has, and Companies House's empty list for the rest. */
function detailsFolderOf(dir: string, number: string): string {
  const folder = join(dir, 'details', 'companies', number);
  mkdirSync(folder, { recursive: true });
  const none: Record<string, unknown> = {
    officers: { kind: 'officer-list', items: [], total_results: 0 },
    'persons-with-significant-control': {
      kind: 'persons-with-significant-control#list',
      items: [],
      total_results: 0,
    },
    'filing-history': { items: [], total_count: 0 },
    charges: { items: [], total_count: 0 },
    insolvency: { cases: [] },
  };
  for (const [resource, empty] of Object.entries(none)) {
    const held = existsSync(join(FIXTURES, number, `${resource}.json`));
    writeFileSync(join(folder, `${resource}.json`), JSON.stringify(held ? fixture(number, resource) : empty));
  }
  return join(dir, 'details');
}

async function changesOf(orm: Orm, companyNumber: string) {
  return orm.em.fork().find(RegisterChangeEntity, { companyNumber }, { orderBy: { sequence: 'asc' } });
}

describe('on-demand fetch from Companies House, with a key', () => {
  let standIn: CompaniesHouseStandIn;
  let app: TestApp;
  let key: string;
  let mcp: Client;
  let dir: string;

  beforeAll(async () => {
    standIn = await CompaniesHouseStandIn.start({ fixturesDir: FIXTURES, apiKeys: [KEY] });
    app = await startTestApp({
      COMPANIES_HOUSE_API_KEY: KEY,
      COMPANIES_HOUSE_API_URL: standIn.url,
      // A request the stand-in leaves hanging is given up after a second (then retried).
      COMPANIES_HOUSE_TIMEOUT_MS: '1000',
    });
    dir = mkdtempSync(join(tmpdir(), 'on-demand-'));
    await importCompaniesCsv(app.services.orm.em.fork(), registerFileWithOldName(dir), {
      asOf: new Date('2026-11-22T00:00:00Z'),
    });
    // With its details, as Companies House has them: a held company, refreshed when stale (one without them is
    // fetched on the caller's time: details-not-held.test.ts).
    await importCompanyDetailsDir(app.services.orm.em.fork(), detailsFolderOf(dir, '09876543'), {
      source: 'import',
      detectedAt: new Date('2026-11-22T00:00:00Z'),
    });
    const account = await signUp(app);
    key = account.api_key;
    await setPlan(app.services.orm.em.fork(), account.account_id, 'starter');
    mcp = await connectMcp(app, key);
  });
  afterAll(async () => {
    await mcp?.close();
    await app?.stop();
    await standIn?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('fetches a company the store does not hold, stores it as a baseline and answers with its source', async () => {
    expect(await app.services.orm.em.fork().count(CompanyEntity, { companyNumber: 'SC412345' })).toBe(0);
    const response = await request<Record<string, unknown>>(app, 'GET', '/company/sc412345', { key });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      company_number: 'SC412345',
      company_name: 'HIGHLAND TIMBER SUPPLIES LIMITED',
      source: 'companies_house_api',
    });
    const fetchedAt = response.body.fetched_at as string;
    expect(new Date(fetchedAt).toISOString()).toBe(fetchedAt);
    // The charges came in with it, and so did the rest: PSCs and their statements.
    expect(response.body.charges).toHaveLength(2);
    const pscs = await request<{ items: unknown[]; statements: unknown[] }>(
      app,
      'GET',
      '/company/SC412345/persons-with-significant-control',
      { key },
    );
    expect(pscs.status).toBe(200);
    expect(pscs.body.items).toHaveLength(1);
    expect(pscs.body.statements).toHaveLength(1);

    // A first sight is a baseline: nothing in the change feed, so nobody is alerted.
    const feed = await request<{ changes: unknown[] }>(app, 'GET', '/changes?company_number=SC412345', {
      key,
    });
    expect(feed.status).toBe(200);
    expect(feed.body.changes).toEqual([]);
    expect(await changesOf(app.services.orm, 'SC412345')).toEqual([]);

    // Asked again, the store answers: Companies House is not asked a second time.
    const asked = standIn.requestsTo('/company/SC412345').length;
    expect(asked).toBeGreaterThanOrEqual(7);
    const again = await request<Record<string, unknown>>(app, 'GET', '/company/SC412345', { key });
    expect(again.body).toMatchObject({ source: 'companies_house_api', fetched_at: fetchedAt });
    expect(standIn.requestsTo('/company/SC412345')).toHaveLength(asked);
  });

  it('fetches for the other per-company tools too, over MCP, and get_company says so', async () => {
    const score = await callToolChecked(mcp, 'get_health_score', { company_number: '11223344' });
    expect(score).toMatchObject({ company_number: '11223344' });
    const company = await callToolChecked(mcp, 'get_company', { company_number: '11223344' });
    expect(company).toMatchObject({
      company_number: '11223344',
      company_name: 'RED KITE ROOFING LTD',
      source: 'companies_house_api',
    });
    expect(company.fetched_at).toEqual(expect.any(String));
    expect(company.insolvency_cases).not.toEqual([]);
    expect(await changesOf(app.services.orm, '11223344')).toEqual([]);
    // 11223344 has no officers at the stand-in (404): recorded as none, so the resource counts as imported.
    const imported = await app.services.orm.em
      .fork()
      .find(CompanyResourceImportEntity, { companyNumber: '11223344' });
    expect(imported.map((row) => row.resource).sort()).toEqual([
      'charges',
      'exemptions',
      'filing_history',
      'insolvency',
      'officers',
      'persons_with_significant_control',
    ]);
  });

  it('traces owners through a company it fetches as the chain reaches it, over MCP', async () => {
    const register = (await callToolChecked(mcp, 'get_persons_with_significant_control', {
      company_number: '40000001',
    })) as { ownership: { chains: { end: string }[]; ultimate_owners: unknown[] } };
    // The parent was not held: fetched when the chain reached it, with its own PSCs.
    expect(standIn.requestsTo('/company/40000002').map((r) => r.path)).toContain(
      '/company/40000002/persons-with-significant-control',
    );
    expect(register.ownership.chains.map((chain) => chain.end)).toEqual(['natural_person']);
    expect(register.ownership.ultimate_owners).toEqual([
      {
        name: 'Mr Alan TURING',
        date_of_birth: { month: 6, year: 1972 },
        indirect_share: { lower: 37.5, upper: 75 },
        over_25_percent: 'yes',
        chains: [0],
      },
    ]);
  });

  it('fetches a listed company’s exemptions, so KYB passes its empty PSC register as exempt', async () => {
    const result = (await callToolChecked(mcp, 'run_kyb_check', {
      client_reference: 'listed-live',
      stated_company_name: 'Chain Listed PLC',
      company_number: '40000003',
    })) as { reasons: { code: string; outcome: string }[] };
    expect(standIn.requestsTo('/company/40000003').map((r) => r.path)).toContain(
      '/company/40000003/exemptions',
    );
    expect(result.reasons).toContainEqual(
      expect.objectContaining({ code: 'psc_exempt_listed_company', outcome: 'pass' }),
    );
    expect(result.reasons.map((reason) => reason.code)).not.toContain('no_psc_identified');
  });

  it('answers not_found for a number Companies House does not know, and remembers it', async () => {
    const first = await request(app, 'GET', '/company/99999999', { key });
    expect(first.status).toBe(404);
    expect(first.body).toMatchObject({ error: { code: 'not_found' } });
    const second = await request(app, 'GET', '/company/99999999', { key });
    expect(second.status).toBe(404);
    // Only the profile was asked for, and only once: the miss is remembered.
    expect(standIn.requestsTo('/company/99999999').map((r) => r.path)).toEqual(['/company/99999999']);
    expect(await app.services.orm.em.fork().count(CompanyFetchEntity, { companyNumber: '99999999' })).toBe(0);

    const overMcp = await mcp.callTool({ name: 'get_company', arguments: { company_number: '88888888' } });
    expect(overMcp.isError).toBe(true);
    expect(toolError(overMcp).code).toBe('not_found');
  });

  it('answers 503 unavailable when Companies House fails every attempt, and stores nothing', async () => {
    standIn.failNext(
      Array.from({ length: 5 }, () => ({ kind: 'status' as const, status: 503 })),
      '/company/OC123456',
    );
    const response = await request(app, 'GET', '/company/OC123456', { key });
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({
      error: { code: 'unavailable', details: { dependency: 'companies_house', reason: 'unavailable' } },
    });
    expect(standIn.requestsTo('/company/OC123456').map((r) => r.status)).toEqual([503, 503, 503, 503, 503]);
    expect(await app.services.orm.em.fork().count(CompanyEntity, { companyNumber: 'OC123456' })).toBe(0);
  });

  it('answers 429 rate_limited with the wait when Companies House asks for a long pause', async () => {
    standIn.failNext([{ kind: 'rate_limited', retryAfterSeconds: 120 }], '/company/SO123456');
    const response = await request(app, 'GET', '/company/SO123456', { key });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('120');
    expect(response.body).toMatchObject({
      error: { code: 'rate_limited', details: { retry_after_seconds: 120 } },
    });
  });

  it('leaves a malformed number to the operation: refused, and Companies House not asked', async () => {
    const before = standIn.requests.length;
    const response = await request(app, 'GET', '/company/XX12', { key });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'invalid_company_number' } });
    expect(standIn.requests).toHaveLength(before);
  });

  it('answers a stale held company from the store at once and refreshes it in the background', async () => {
    const { orm } = app.services;
    await orm.em
      .fork()
      .nativeUpdate(
        CompanyEntity,
        { companyNumber: '09876543' },
        { updatedAt: new Date('2020-01-01T00:00:00Z') },
      );
    // The refresh's first request gets no answer, so the refresh cannot land before the caller is answered.
    standIn.failNext([{ kind: 'hang' }], '/company/09876543');

    const answered = await request<Record<string, unknown>>(app, 'GET', '/company/09876543', { key });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      company_name: 'ACORN LEAF CONSULTANTS LTD',
      source: 'register_import',
      fetched_at: null,
    });
    expect(standIn.requestsTo('/company/09876543').filter((r) => r.status === 200)).toEqual([]);

    await app.services.liveCompanies!.idle();
    const refreshed = await request<Record<string, unknown>>(app, 'GET', '/company/09876543', { key });
    expect(refreshed.body).toMatchObject({
      company_name: 'ACORN LEAF CONSULTING LTD',
      source: 'companies_house_api',
      fetched_at: expect.any(String),
    });
    const changes = await changesOf(orm, '09876543');
    expect(changes.map((c) => c.field)).toContain('company_name');
    expect(new Set(changes.map((c) => c.source))).toEqual(new Set(['companies_house_api']));
    // Officers and filing history came as they were imported: nothing changed in them.
    expect(changes.map((c) => c.field)).not.toContain('officers');

    // Fresh now: later calls neither refresh it nor record the same changes again.
    const asked = standIn.requestsTo('/company/09876543').length;
    await request(app, 'GET', '/company/09876543', { key });
    const officers = await callToolChecked(mcp, 'get_officers', { company_number: '09876543' });
    // Identity verification as the REST API publishes it on the officer list item.
    expect(
      (officers.items as { name: string; identity_verification: unknown }[]).find(
        (officer) => officer.name === 'PATEL, Priya',
      )?.identity_verification,
    ).toEqual({
      appointment_verification_statement_date: null,
      appointment_verification_statement_due_on: null,
      appointment_verification_start_on: '2026-03-12',
      appointment_verification_end_on: null,
      identity_verified_on: '2026-03-10',
      authorised_corporate_service_provider_name: 'LEDGERLINE FORMATIONS LIMITED',
      anti_money_laundering_supervisory_bodies: ['HM Revenue & Customs'],
      preferred_name: null,
    });
    await app.services.liveCompanies!.idle();
    expect(standIn.requestsTo('/company/09876543')).toHaveLength(asked);
    expect(await changesOf(orm, '09876543')).toHaveLength(changes.length);
  });
});

describe('on-demand fetch with a key Companies House refuses', () => {
  let standIn: CompaniesHouseStandIn;
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    standIn = await CompaniesHouseStandIn.start({ fixturesDir: FIXTURES, apiKeys: [KEY] });
    app = await startTestApp({
      COMPANIES_HOUSE_API_KEY: 'a-revoked-key',
      COMPANIES_HOUSE_API_URL: standIn.url,
    });
    key = (await signUp(app)).api_key;
  });
  afterAll(async () => {
    await app?.stop();
    await standIn?.stop();
  });

  it('answers 503 unavailable with a message that names the setting, not the key, over REST and MCP', async () => {
    const response = await request<{ error: { code: string; message: string } }>(
      app,
      'GET',
      '/company/09876543',
      { key },
    );
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('unavailable');
    expect(response.body.error.message).toMatch(/API key.*COMPANIES_HOUSE_API_KEY/);
    expect(JSON.stringify(response.body)).not.toContain('a-revoked-key');
    // 401 is never retried.
    expect(standIn.requests.map((r) => r.status)).toEqual([401]);

    const mcp = await connectMcp(app, key);
    try {
      const result = await mcp.callTool({ name: 'get_company', arguments: { company_number: '09876543' } });
      expect(result.isError).toBe(true);
      expect(toolError(result).code).toBe('unavailable');
      expect(JSON.stringify(result)).not.toContain('a-revoked-key');
    } finally {
      await mcp.close();
    }
  });
});

describe('without a key', () => {
  let standIn: CompaniesHouseStandIn;
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    standIn = await CompaniesHouseStandIn.start({ fixturesDir: FIXTURES, apiKeys: [KEY] });
    // The URL is set and the key is not: the URL alone must not turn anything on.
    app = await startTestApp({ COMPANIES_HOUSE_API_URL: standIn.url });
    key = (await signUp(app)).api_key;
  });
  afterAll(async () => {
    await app?.stop();
    await standIn?.stop();
  });

  it('answers from the store alone and never calls Companies House', async () => {
    expect(app.services.liveCompanies).toBeUndefined();
    const response = await request(app, 'GET', '/company/09876543', { key });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: { code: 'not_found' } });
    const watch = await request(app, 'POST', '/watchlist', { key, body: { company_number: 'SC412345' } });
    expect(watch.status).toBe(404);
    expect(standIn.requests).toEqual([]);
  });
});

describe('fetchCompanyLive: one company into the store', () => {
  let db: TestDatabase;
  let orm: Orm;
  const context = () => ({
    detectedAt: new Date('2026-11-22T09:00:00Z'),
    source: 'companies_house_api' as const,
  });

  /** A source answering from a table: a body, 404, or a thrown error. */
  const sourceOf = (
    answers: Partial<Record<CompanyResourceName, Record<string, unknown> | 'not_found' | Error>>,
  ): CompanyResourceSource & { asked: CompanyResourceName[] } => {
    const asked: CompanyResourceName[] = [];
    return {
      asked,
      async resource(name): Promise<FetchResult> {
        asked.push(name);
        const answer = answers[name] ?? 'not_found';
        if (answer instanceof Error) throw answer;
        return answer === 'not_found' ? { status: 'not_found' } : { status: 'found', body: answer };
      },
    };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await openMigrated(db);
  });
  afterAll(async () => {
    await orm?.close();
    await db?.drop();
  });

  it('writes nothing for a company Companies House does not know', async () => {
    const source = sourceOf({});
    await expect(fetchCompanyLive(orm.em.fork(), source, '12121212', context())).resolves.toEqual({
      status: 'not_found',
      companyNumber: '12121212',
    });
    expect(source.asked).toEqual(['company']);
    expect(await orm.em.fork().count(CompanyEntity, { companyNumber: '12121212' })).toBe(0);
    expect(await orm.em.fork().count(CompanyFetchEntity, { companyNumber: '12121212' })).toBe(0);
  });

  it('refuses a profile it cannot read as Companies House’s fault, writing nothing', async () => {
    const source = sourceOf({ company: { company_number: '09876543', company_name: 42 } });
    const fetching = fetchCompanyLive(orm.em.fork(), source, '09876543', context());
    await expect(fetching).rejects.toBeInstanceOf(CompaniesHouseError);
    await expect(fetching).rejects.toMatchObject({ kind: 'bad_response' });
    expect(await orm.em.fork().count(CompanyEntity, { companyNumber: '09876543' })).toBe(0);
  });

  it('refuses a profile of another company', async () => {
    const source = sourceOf({ company: fixture('SC412345', 'company') });
    await expect(fetchCompanyLive(orm.em.fork(), source, '09876543', context())).rejects.toMatchObject({
      kind: 'bad_response',
    });
    expect(await orm.em.fork().count(CompanyEntity, {})).toBe(0);
  });

  it('reports a resource with a bad body and still imports the rest', async () => {
    const source = sourceOf({
      company: fixture('09876543', 'company'),
      officers: fixture('09876543', 'officers'),
      'filing-history': { items: 'not a list' },
      charges: new CompaniesHouseError('bad_response', '/company/09876543/charges: not JSON'),
    });
    const outcome = await fetchCompanyLive(orm.em.fork(), source, '09876543', context());
    if (outcome.status !== 'fetched') throw new Error('expected the company to be fetched');
    expect(outcome.profile).toEqual({ status: 'inserted', companyNumber: '09876543' });
    expect(outcome.complete).toBe(false);
    expect(outcome.resources).toEqual([
      { resource: 'officers', status: 'imported', none: false, baseline: true, changes: 0 },
      {
        resource: 'persons-with-significant-control',
        status: 'imported',
        none: true,
        baseline: true,
        changes: 0,
      },
      {
        resource: 'persons-with-significant-control-statements',
        status: 'imported',
        none: true,
        baseline: true,
        changes: 0,
      },
      { resource: 'filing-history', status: 'failed', code: 'invalid_argument', message: expect.any(String) },
      { resource: 'charges', status: 'failed', code: 'bad_response', message: expect.any(String) },
      { resource: 'insolvency', status: 'imported', none: true, baseline: true, changes: 0 },
      { resource: 'exemptions', status: 'imported', none: true, baseline: true, changes: 0 },
    ]);
    const fetch = await orm.em.fork().findOneOrFail(CompanyFetchEntity, { companyNumber: '09876543' });
    expect(fetch).toMatchObject({ source: 'companies_house_api', complete: false });
    expect(fetch.fetchedAt.toISOString()).toBe('2026-11-22T09:00:00.000Z');
    expect(await orm.em.fork().count(RegisterChangeEntity, { companyNumber: '09876543' })).toBe(0);
  });

  it('stops asking once Companies House is out of reach, keeping what went in', async () => {
    const source = sourceOf({
      company: fixture('SC412345', 'company'),
      officers: new CompaniesHouseError(
        'unavailable',
        '/company/SC412345/officers: no answer after 5 attempts',
      ),
    });
    const outcome = await fetchCompanyLive(orm.em.fork(), source, 'SC412345', context());
    if (outcome.status !== 'fetched') throw new Error('expected the company to be fetched');
    expect(source.asked).toEqual(['company', 'officers']);
    expect(outcome.resources.map((r) => r.status)).toEqual([
      'failed',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
    ]);
    expect(outcome.complete).toBe(false);
    expect(await orm.em.fork().count(CompanyEntity, { companyNumber: 'SC412345' })).toBe(1);
  });

  it('records a refresh of a held company as changes under the API source, once', async () => {
    const later = { detectedAt: new Date('2026-11-23T09:00:00Z'), source: 'companies_house_api' as const };
    const moved = fixture('SC412345', 'company');
    moved.registered_office_address = {
      address_line_1: '1 Harbour Road',
      locality: 'Inverness',
      postal_code: 'IV1 1AA',
      country: 'Scotland',
    };
    const complete = {
      company: moved,
      officers: { kind: 'officer-list', items: [], total_results: 0 },
      'persons-with-significant-control': fixture('SC412345', 'persons-with-significant-control'),
      'persons-with-significant-control-statements': fixture(
        'SC412345',
        'persons-with-significant-control-statements',
      ),
      'filing-history': { items: [], total_count: 0 },
      charges: fixture('SC412345', 'charges'),
      insolvency: { cases: [] },
    };
    const outcome = await fetchCompanyLive(orm.em.fork(), sourceOf(complete), 'SC412345', later);
    if (outcome.status !== 'fetched') throw new Error('expected the company to be fetched');
    expect(outcome.profile).toMatchObject({ status: 'updated' });
    expect(outcome.complete).toBe(true);
    const changes = await orm.em.fork().find(RegisterChangeEntity, { companyNumber: 'SC412345' });
    expect(changes.map((c) => c.field)).toContain('registered_office_address');
    expect(changes.every((c) => c.source === 'companies_house_api')).toBe(true);

    const again = await fetchCompanyLive(orm.em.fork(), sourceOf(complete), 'SC412345', {
      ...later,
      detectedAt: new Date('2026-11-24T09:00:00Z'),
    });
    expect(again).toMatchObject({ status: 'fetched', profile: { status: 'updated', changes: 0 } });
    expect(await orm.em.fork().count(RegisterChangeEntity, { companyNumber: 'SC412345' })).toBe(
      changes.length,
    );
    const fetch = await orm.em.fork().findOneOrFail(CompanyFetchEntity, { companyNumber: 'SC412345' });
    expect(fetch).toMatchObject({ complete: true, fetchedAt: new Date('2026-11-24T09:00:00Z') });
  });
});
