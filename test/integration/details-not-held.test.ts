import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import pino from 'pino';
import { CompanyResourceImportEntity } from '../../src/db/entities/company-resource-import';
import { RegisterChangeEntity } from '../../src/db/entities/register-change';
import { setPlan } from '../../src/domain/accounts/accounts';
import { heldDetailResources } from '../../src/domain/companies/company-details-held';
import { readCompanyProvenance } from '../../src/domain/companies/company-provenance';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importCompanyProfileJson } from '../../src/ingest/companies-house/resources/company-profile-json';
import { importCompanyDetailsDir } from '../../src/ingest/companies-house/resources/import-company-details';
import { consumeStream } from '../../src/ingest/companies-house/stream/consume-stream';
import type { CompaniesHouseStreamName } from '../../src/ingest/companies-house/stream/stream-names';
import { CompaniesHouseStandIn } from '../support/companies-house-stand-in/stand-in';
import {
  readStreamFixture,
  StreamStandIn,
  type StreamEventToPublish,
} from '../support/companies-house-stand-in/stream-stand-in';
import { CSV_COLUMN, SAMPLE_COMPANIES_CSV, csvRow } from '../support/company-csv-rows';
import { callToolChecked, connectMcp, toolError } from '../support/mcp-client';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type TestApp } from '../support/test-app';
import { signInThroughPages, WebClient } from '../support/web-client';

/*
 * Issue 36, part 5: a company first seen on the companies stream (or in the bulk register file) holds its profile
 * alone. With a Companies House key, the first request for its details fetches them live, as for a company not
 * held; without one, each detail answers `details_not_held`, never an empty list, which keeps meaning "none".
 */

const API_KEY = 'stand-in-key';
const STREAM_KEY = 'stand-in-stream-key';
const FIXTURES = join(projectRoot, 'test/fixtures/companies-house-api');
const fixture = (number: string, resource: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(FIXTURES, number, `${resource}.json`), 'utf8')) as Record<string, unknown>;

/** The companies-stream event announcing ACORN LEAF (09876543), which the store does not hold. */
const newCompanyEvent = () => readStreamFixture('companies').find((e) => e.resource_id === '09876543')!;
/** One appointment of 09876543 on the officers stream: an item of the list, not the list. */
const officerEvent = () =>
  readStreamFixture('officers').find((e) => e.resource_uri.startsWith('/company/09876543/'))!;

/** Publishes one event and applies it the way the stream workflow does (consumeStream), then stops reading. */
async function pushAndApply(
  app: TestApp,
  standIn: StreamStandIn,
  stream: CompaniesHouseStreamName,
  event: StreamEventToPublish,
): Promise<void> {
  const published = standIn.publish(stream, event);
  const stop = new AbortController();
  const result = await consumeStream({
    stream,
    streamUrl: standIn.url,
    streamKey: STREAM_KEY,
    fallbackTimepoint: published.event.timepoint,
    em: app.services.orm.em.fork(),
    logger: pino({ level: 'silent' }),
    clock: () => new Date(),
    maxRunMs: 60_000,
    idleTimeoutMs: 60_000,
    signal: stop.signal,
    onProgress: (progress) => {
      if (progress.timepoint === published.event.timepoint) stop.abort();
    },
  });
  expect({ applied: result.applied, skipped: result.skipped }).toEqual({ applied: 1, skipped: 0 });
}

/**
 * 11223344 with its profile and every detail imported from files: insolvency from the API fixture, the other four
 * as Companies House's lists of none. Imported now, so it is not due a refresh either.
 */
async function importHeldCompany(app: TestApp): Promise<void> {
  const context = { source: 'import' as const, detectedAt: new Date() };
  await importCompanyProfileJson(
    app.services.orm.em.fork(),
    '11223344',
    fixture('11223344', 'company'),
    context,
  );
  const dir = mkdtempSync(join(tmpdir(), 'details-held-'));
  try {
    const folder = join(dir, 'companies', '11223344');
    mkdirSync(folder, { recursive: true });
    const write = (name: string, body: unknown) => writeFileSync(join(folder, name), JSON.stringify(body));
    write('officers.json', { kind: 'officer-list', items: [], total_results: 0 });
    write('persons-with-significant-control.json', {
      kind: 'persons-with-significant-control#list',
      items: [],
      total_results: 0,
    });
    write('filing-history.json', { items: [], total_count: 0 });
    write('charges.json', { items: [], total_count: 0 });
    write('insolvency.json', fixture('11223344', 'insolvency'));
    const result = await importCompanyDetailsDir(app.services.orm.em.fork(), dir, context);
    expect(result.problems).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A company from the bulk register file alone (no details imported): SC000001. */
async function importRegisterOnlyCompany(app: TestApp): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'register-only-'));
  try {
    const header = readFileSync(SAMPLE_COMPANIES_CSV, 'utf8').split('\n')[0]!;
    const file = join(dir, 'register.csv');
    writeFileSync(file, `${header}\n${csvRow({ [CSV_COLUMN.NUMBER]: 'SC000001' })}\n`);
    await importCompaniesCsv(app.services.orm.em.fork(), file, { asOf: new Date() });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const detailPaths = (number: string) => [
  { resource: 'officers', path: `/company/${number}/officers`, tool: 'get_officers' },
  {
    resource: 'persons_with_significant_control',
    path: `/company/${number}/persons-with-significant-control`,
    tool: 'get_persons_with_significant_control',
  },
  { resource: 'filing_history', path: `/company/${number}/filing-history`, tool: 'get_filing_history' },
];

describe('a stream-first company, with a Companies House key: its details are fetched live', () => {
  let rest: CompaniesHouseStandIn;
  let streams: StreamStandIn;
  let app: TestApp;
  let key: string;
  let mcp: Client;

  beforeAll(async () => {
    rest = await CompaniesHouseStandIn.start({ fixturesDir: FIXTURES, apiKeys: [API_KEY] });
    streams = await StreamStandIn.start({ streamKeys: [STREAM_KEY], keepAliveMs: 50 });
    app = await startTestApp({ COMPANIES_HOUSE_API_KEY: API_KEY, COMPANIES_HOUSE_API_URL: rest.url });
    const account = await signUp(app);
    key = account.api_key;
    await setPlan(app.services.orm.em.fork(), account.account_id, 'starter');
    mcp = await connectMcp(app, key);
  });
  afterAll(async () => {
    await mcp?.close();
    await app?.stop();
    await streams?.stop();
    await rest?.stop();
  });

  it('answers get_officers over REST and MCP with the live officers of a company pushed as new on the stream', async () => {
    const em = () => app.services.orm.em.fork();
    await pushAndApply(app, streams, 'companies', newCompanyEvent());
    // One appointment from the officers stream does not make the officers held.
    await pushAndApply(app, streams, 'officers', officerEvent());
    expect(await readCompanyProvenance(em(), '09876543')).toMatchObject({ source: 'companies_house_stream' });
    expect([...(await heldDetailResources(em(), '09876543'))]).toEqual([]);
    expect(
      await em().findOne(CompanyResourceImportEntity, { companyNumber: '09876543', resource: 'officers' }),
    ).toMatchObject({ complete: false });
    expect(rest.requests).toEqual([]);

    const officers = fixture('09876543', 'officers') as { items: { name: string }[] };
    const answer = await request<{ total: number; items: { name: string }[] }>(
      app,
      'GET',
      '/company/09876543/officers',
      { key },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((o) => o.name).sort()).toEqual(officers.items.map((o) => o.name).sort());
    expect(answer.body.total).toBe(officers.items.length);
    expect(rest.requestsTo('/company/09876543/officers').length).toBeGreaterThan(0);

    // Fetched the way a company not held is: every resource, recorded as a live fetch, all of it the baseline.
    expect([...(await heldDetailResources(em(), '09876543'))].sort()).toEqual([
      'charges',
      'filing_history',
      'insolvency',
      'officers',
      'persons_with_significant_control',
    ]);
    expect(await readCompanyProvenance(em(), '09876543')).toMatchObject({ source: 'companies_house_api' });
    const changes = await em().find(RegisterChangeEntity, { companyNumber: '09876543' });
    expect(changes.map((c) => c.field)).not.toContain('officers');

    const asked = rest.requests.length;
    const overMcp = await callToolChecked(mcp, 'get_officers', { company_number: '09876543' });
    expect(overMcp).toMatchObject({ company_number: '09876543', total: officers.items.length });
    // Held now: the store answers, Companies House is not asked again.
    expect(rest.requests).toHaveLength(asked);
    const company = await request<{ charges: unknown; insolvency_cases: unknown }>(
      app,
      'GET',
      '/company/09876543',
      { key },
    );
    expect(company.body).toMatchObject({ charges: [], insolvency_cases: [] });
    expect(rest.requests).toHaveLength(asked);
  });

  it('answers details_not_held while Companies House cannot be reached, and fetches the details once it can', async () => {
    const number = 'SC412345';
    await pushAndApply(app, streams, 'companies', {
      resource_kind: 'company-profile',
      resource_uri: `/company/${number}`,
      resource_id: number,
      data: fixture(number, 'company'),
      event: { type: 'changed', published_at: '2026-11-24T09:00:00' },
    });
    // Five attempts a call (the client's retries), for the two calls that follow.
    rest.failNext(
      Array.from({ length: 10 }, () => ({ kind: 'status' as const, status: 503 })),
      `/company/${number}`,
    );
    const down = await request(app, 'GET', `/company/${number}/persons-with-significant-control`, { key });
    expect([down.status, down.body]).toMatchObject([404, { error: { code: 'details_not_held' } }]);
    const company = await request(app, 'GET', `/company/${number}`, { key });
    expect([company.status, company.body]).toMatchObject([200, { charges: null, insolvency_cases: null }]);

    const up = await request<{ items: unknown[] }>(
      app,
      'GET',
      `/company/${number}/persons-with-significant-control`,
      { key },
    );
    expect(up.status).toBe(200);
    expect(up.body.items).toHaveLength(1);
  });

  it('answers a company whose details were imported from the store, asking Companies House nothing', async () => {
    await importHeldCompany(app);
    const before = rest.requests.length;
    const officers = await request<{ total: number }>(app, 'GET', '/company/11223344/officers', { key });
    expect([officers.status, officers.body.total]).toEqual([200, 0]);
    const company = await request<{ insolvency_cases: unknown[]; charges: unknown[] }>(
      app,
      'GET',
      '/company/11223344',
      { key },
    );
    expect(company.body.charges).toEqual([]);
    expect(company.body.insolvency_cases).toHaveLength(1);
    await app.services.liveCompanies!.idle();
    expect(rest.requests).toHaveLength(before);
  });
});

describe('a stream-first or register-only company, without a Companies House key: details not held', () => {
  let streams: StreamStandIn;
  let app: TestApp;
  let key: string;
  let mcp: Client;

  beforeAll(async () => {
    streams = await StreamStandIn.start({ streamKeys: [STREAM_KEY], keepAliveMs: 50 });
    app = await startTestApp();
    const account = await signUp(app);
    key = account.api_key;
    await setPlan(app.services.orm.em.fork(), account.account_id, 'team');
    mcp = await connectMcp(app, key);
    await pushAndApply(app, streams, 'companies', newCompanyEvent());
    await importRegisterOnlyCompany(app);
    await importHeldCompany(app);
  });
  afterAll(async () => {
    await mcp?.close();
    await app?.stop();
    await streams?.stop();
  });

  it.each(['09876543', 'SC000001'])(
    '%s: officers, PSCs and filings answer 404 details_not_held over REST and MCP, never an empty list',
    async (number) => {
      expect(app.services.liveCompanies).toBeUndefined();
      for (const { resource, path, tool } of detailPaths(number)) {
        const answer = await request(app, 'GET', path, { key });
        expect([path, answer.status]).toEqual([path, 404]);
        expect(answer.body).toMatchObject({
          error: { code: 'details_not_held', details: { company_number: number, resource } },
        });
        const result = await mcp.callTool({ name: tool, arguments: { company_number: number } });
        expect(result.isError).toBe(true);
        expect(toolError(result)).toMatchObject({ code: 'details_not_held', details: { resource } });
      }
    },
  );

  it.each(['09876543', 'SC000001'])(
    '%s: get_company answers its profile with charges and insolvency null (not held), not empty',
    async (number) => {
      const answer = await request(app, 'GET', `/company/${number}`, { key });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ company_number: number, charges: null, insolvency_cases: null });
    },
  );

  it('keeps officers not held when only an item came from the officers stream', async () => {
    await pushAndApply(app, streams, 'officers', officerEvent());
    const answer = await request(app, 'GET', '/company/09876543/officers', { key });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: { code: 'details_not_held' } });
  });

  it('answers a company whose details were imported from the store: an empty list means none', async () => {
    for (const { path } of detailPaths('11223344')) {
      const answer = await request(app, 'GET', path, { key });
      expect([path, answer.status]).toEqual([path, 200]);
    }
    const officers = await request(app, 'GET', '/company/11223344/officers', { key });
    expect(officers.body).toMatchObject({ total: 0, items: [] });
    const company = await request<{ charges: unknown[]; insolvency_cases: unknown[] }>(
      app,
      'GET',
      '/company/11223344',
      { key },
    );
    expect(company.body.charges).toEqual([]);
    expect(company.body.insolvency_cases).toHaveLength(1);
  });

  it('still answers 404 not_found for a company not on the register and 400 for a malformed number', async () => {
    for (const { path, tool } of detailPaths('12345678')) {
      const answer = await request(app, 'GET', path, { key });
      expect([path, answer.status, answer.body]).toMatchObject([path, 404, { error: { code: 'not_found' } }]);
      const result = await mcp.callTool({ name: tool, arguments: { company_number: '12345678' } });
      expect(toolError(result).code).toBe('not_found');
    }
    const company = await request(app, 'GET', '/company/12345678', { key });
    expect(company.status).toBe(404);
    const malformed = await request(app, 'GET', '/company/XX12/officers', { key });
    expect([malformed.status, malformed.body]).toMatchObject([
      400,
      { error: { code: 'invalid_company_number' } },
    ]);
  });

  it('shows the web company page, saying in each detail section that the details are not held', async () => {
    const client = new WebClient(app.url);
    await signInThroughPages(client, key);
    const page = await client.get('/app/companies/09876543');
    expect(page.status).toBe(200);
    for (const id of ['officers', 'pscs', 'filings', 'charges']) {
      const start = page.html.indexOf(`<section id="${id}"`);
      expect([id, start >= 0]).toEqual([id, true]);
      const section = page.html.slice(start, page.html.indexOf('</section>', start));
      expect([id, section]).toEqual([id, expect.stringContaining('are not held')]);
    }
    expect(page.html).not.toContain('No officers are held');
    expect(page.html).not.toContain('No charges registered');
  });
});
