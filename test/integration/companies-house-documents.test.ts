import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Orm } from '../../src/db/orm';
import { AccountsYearEntity } from '../../src/db/entities/accounts-year';
import { CompanyResourceImportEntity } from '../../src/db/entities/company-resource-import';
import { RegisterChangeEntity } from '../../src/db/entities/register-change';
import { RateLimitStore } from '../../src/db/rate-limit-store';
import { createAccount } from '../../src/domain/accounts/accounts';
import { isMonitored } from '../../src/domain/changes/is-monitored';
import { financialHistory } from '../../src/domain/financials/financial-history';
import { readAccountsYears } from '../../src/domain/financials/read-accounts';
import { addToWatchlist } from '../../src/domain/watchlist/watchlist';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { CompaniesHouseError } from '../../src/ingest/companies-house/live/companies-house-errors';
import {
  DocumentClient,
  documentIdFromMetadataUrl,
  type DocumentClientOptions,
} from '../../src/ingest/companies-house/live/document-client';
import {
  importAccountsFiling,
  type AccountsFiling,
  type AccountsFilingOutcome,
} from '../../src/ingest/companies-house/live/live-accounts';
import { SharedRequestBudget } from '../../src/ingest/companies-house/live/shared-request-budget';
import type { ResourceImportContext } from '../../src/ingest/writers/company-resource-import';
import { DocumentApiStandIn } from '../support/companies-house-stand-in/document-stand-in';
import { projectRoot } from '../support/paths';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

const KEY = 'stand-in-key';
const COMPANY = '09876543';
/** 09876543's micro-entity accounts made up to 2025-03-31, in inline XBRL (and PDF). */
const IXBRL_DOC = 'hJ1kYw2zTqFz8lGm7vA3XcQpN0rS5uVb';
/** 09876543's dormant accounts to 2016-11-30: a PDF only. */
const PDF_DOC = 'MzE4NTU1NTXd0c';
/** Made up in this test's own fixtures folder: an XHTML page that is not inline XBRL. */
const NOT_IXBRL_DOC = 'notInlineXbrl0000000000000000001';
/** Made up here: metadata for 09876543 whose inline XBRL is another company's accounts. */
const OTHER_COMPANY_DOC = 'otherCompanyIxbrl000000000000001';
/** Made up here: metadata that says it is another company's document. */
const OTHER_METADATA_DOC = 'otherCompanyMetadata000000000001';

const XHTML = 'application/xhtml+xml';
const metadataLink = (id: string) =>
  `https://frontend-doc-api.company-information.service.gov.uk/document/${id}`;
/** A filing-history transaction id in Companies House's shape (base64 of digits and "adiqzkcx"). */
const TRANSACTION_ID = Buffer.from('3487654321adiqzkcx').toString('base64');
const FILING: AccountsFiling = {
  transactionId: TRANSACTION_ID,
  documentMetadataUrl: metadataLink(IXBRL_DOC),
  madeUpDate: '2025-03-31',
};
const FIRST: ResourceImportContext = { detectedAt: new Date('2026-11-22T08:00:00.000Z'), source: 'import' };
const SECOND: ResourceImportContext = { detectedAt: new Date('2026-11-22T09:00:00.000Z'), source: 'import' };

/** Metadata in the Document API's shape, for the documents this test makes up. */
function madeUpMetadata(id: string, companyNumber: string, formats: Record<string, number>) {
  return {
    company_number: companyNumber,
    barcode: 'XETEST01',
    significant_date: '2025-03-31T00:00:00Z',
    significant_date_type: 'made-up-date',
    category: 'accounts',
    pages: 4,
    filename: `${companyNumber}_aa_2025-09-18`,
    created_at: '2025-09-18T10:42:07.518307461Z',
    etag: '',
    links: {
      self: `https://document-api.company-information.service.gov.uk/document/${id}`,
      document: `https://document-api.company-information.service.gov.uk/document/${id}/content`,
    },
    resources: Object.fromEntries(
      Object.entries(formats).map(([type, length]) => [type, { content_length: length }]),
    ),
  };
}

function addDocument(dir: string, id: string, companyNumber: string, content: string): void {
  mkdirSync(join(dir, id));
  writeFileSync(join(dir, id, 'content.xhtml'), content);
  const metadata = madeUpMetadata(id, companyNumber, { [XHTML]: Buffer.byteLength(content) });
  writeFileSync(join(dir, id, 'metadata.json'), JSON.stringify(metadata, null, 2));
}

describe('filed accounts from the Companies House Document API', () => {
  let standIn: DocumentApiStandIn;
  let fixturesDir: string;
  let db: TestDatabase;
  let orm: Orm;
  let store: RateLimitStore;
  let keyCount = 0;

  const em = () => orm.em.fork();
  /** Each client gets a budget of its own, so no test waits for another's requests. */
  const client = (options: Partial<DocumentClientOptions> = {}, apiKey = KEY) =>
    new DocumentClient({
      apiKey,
      baseUrl: standIn.url,
      budget: new SharedRequestBudget(store, `${apiKey}#${++keyCount}`),
      timeoutMs: 2_000,
      contentTimeoutMs: 2_000,
      baseDelayMs: 20,
      ...options,
    });
  const importFiling = (
    filing: AccountsFiling = FILING,
    context = FIRST,
    documents = client(),
    companyNumber = COMPANY,
  ): Promise<AccountsFilingOutcome> => importAccountsFiling(em(), documents, companyNumber, filing, context);

  /** What the accounts import writes, to show that a refusal wrote none of it. */
  const written = async () => ({
    years: await em().count(AccountsYearEntity, { companyNumber: COMPANY }),
    changes: await em().count(RegisterChangeEntity, { companyNumber: COMPANY, field: 'accounts_figures' }),
    imports: await em().count(CompanyResourceImportEntity, { companyNumber: COMPANY, resource: 'accounts' }),
  });

  beforeAll(async () => {
    // The fixtures as committed, plus documents only a bad-input test needs.
    fixturesDir = mkdtempSync(join(tmpdir(), 'cds-documents-'));
    cpSync(join(projectRoot, 'test/fixtures/companies-house-documents'), fixturesDir, { recursive: true });
    addDocument(
      fixturesDir,
      NOT_IXBRL_DOC,
      COMPANY,
      '<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Accounts' +
        '</title></head><body><p>ACORN LEAF CONSULTING LTD: balance sheet as at 31 March 2025</p></body></html>\n',
    );
    addDocument(
      fixturesDir,
      OTHER_COMPANY_DOC,
      COMPANY,
      readFixture('test/fixtures/accounts/Prod223_3016_12345678_20250331.html'),
    );
    addDocument(
      fixturesDir,
      OTHER_METADATA_DOC,
      '12345678',
      readFixture(`test/fixtures/companies-house-documents/${IXBRL_DOC}/content.xhtml`),
    );
    standIn = await DocumentApiStandIn.start({ fixturesDir, apiKeys: [KEY] });
    db = await createTestDatabase();
    orm = await openMigrated(db);
    store = new RateLimitStore(db.database);
    await importCompaniesCsv(
      em(),
      join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv'),
      {
        asOf: new Date('2026-11-01T00:00:00Z'),
      },
    );
  });
  afterAll(async () => {
    await standIn.stop();
    await store.close();
    await orm.close();
    await db.drop();
    rmSync(fixturesDir, { recursive: true, force: true });
  });
  beforeEach(() => standIn.requests.splice(0));

  it('takes the document id from a filing’s links.document_metadata, and nothing else', () => {
    expect(documentIdFromMetadataUrl(metadataLink(IXBRL_DOC))).toBe(IXBRL_DOC);
    expect(
      documentIdFromMetadataUrl(
        `https://document-api.company-information.service.gov.uk/document/${PDF_DOC}`,
      ),
    ).toBe(PDF_DOC);
    expect(documentIdFromMetadataUrl(`/document/${IXBRL_DOC}`)).toBe(IXBRL_DOC);
    expect(documentIdFromMetadataUrl(`${metadataLink(IXBRL_DOC)}/content`)).toBeNull();
    expect(
      documentIdFromMetadataUrl('https://frontend-doc-api.company-information.service.gov.uk/'),
    ).toBeNull();
    expect(documentIdFromMetadataUrl('/company/09876543/filing-history/MzQ')).toBeNull();
    expect(documentIdFromMetadataUrl('https://example.com/document/a%2Fb')).toBeNull();
    expect(documentIdFromMetadataUrl('http://[::1')).toBeNull();
  });

  it('imports an inline XBRL filing into the financial history, and a second import records no second change', async () => {
    // The company's earlier accounts were imported before: this filing is news, not its baseline.
    await em().insert(CompanyResourceImportEntity, {
      companyNumber: COMPANY,
      resource: 'accounts',
      firstImportedAt: new Date('2026-10-01T00:00:00Z'),
      complete: true,
    });

    const first = await importFiling();
    expect(first).toEqual({
      status: 'imported',
      documentId: IXBRL_DOC,
      document: `company/${COMPANY}/filing-history/${TRANSACTION_ID}`,
      result: { status: 'imported', baseline: false, changes: 1 },
    });
    // Metadata and content from the API with the key; the bytes from the signed URL without it.
    expect(standIn.requests.map((r) => [r.path, r.status, r.key, r.authorization])).toEqual([
      [`/document/${IXBRL_DOC}`, 200, KEY, true],
      [`/document/${IXBRL_DOC}/content`, 302, KEY, true],
      [`/_s3/${IXBRL_DOC}.xhtml`, 200, null, false],
    ]);
    expect(standIn.requests[1]!.accept).toBe(XHTML);

    // get_financial_history reads through these two functions.
    const history = financialHistory(COMPANY, await readAccountsYears(em(), COMPANY), undefined);
    expect(history.years.map((y) => [y.period_end, y.period_start, y.origin])).toEqual([
      ['2025-03-31', '2023-12-01', 'filed'],
      ['2023-11-30', '2022-12-01', 'comparative'],
    ]);
    expect(history.years[0]!.figures).toMatchObject({
      current_assets: 64_250,
      creditors_within_one_year: 18_900,
      net_assets: 45_350,
      profit_loss: 27_600,
      employees: 2,
    });
    expect(history.years[0]!.document.name).toBe(`company/${COMPANY}/filing-history/${TRANSACTION_ID}`);
    expect(history.trends.find((t) => t.measure === 'net_assets')).toMatchObject({ change: 12_550 });

    const changes = await em().find(RegisterChangeEntity, {
      companyNumber: COMPANY,
      field: 'accounts_figures',
    });
    expect(
      changes.map((c) => [c.alertType, (JSON.parse(c.newValue!) as { period_end: string }).period_end]),
    ).toEqual([['financials_available', '2025-03-31']]);

    const again = await importFiling(FILING, SECOND);
    expect(again).toMatchObject({
      status: 'imported',
      result: { status: 'imported', baseline: false, changes: 0 },
    });
    expect(
      await em().count(RegisterChangeEntity, { companyNumber: COMPANY, field: 'accounts_figures' }),
    ).toBe(1);
    expect(await em().count(AccountsYearEntity, { companyNumber: COMPANY })).toBe(2);
  });

  it('a PDF-only filing is no_inline_xbrl: no content fetched, nothing written', async () => {
    const before = await written();
    const outcome = await importFiling({
      transactionId: 'MzE4NTU1NTUwNGFkaXF6a2N4',
      documentMetadataUrl: metadataLink(PDF_DOC),
      madeUpDate: '2016-11-30',
    });
    expect(outcome).toEqual({ status: 'no_inline_xbrl', documentId: PDF_DOC, formats: ['application/pdf'] });
    expect(standIn.requests.map((r) => r.path)).toEqual([`/document/${PDF_DOC}`]);
    expect(await written()).toEqual(before);
  });

  it('a filing without a document link is no_document, without a request', async () => {
    await expect(importFiling({ ...FILING, documentMetadataUrl: null })).resolves.toEqual({
      status: 'no_document',
    });
    expect(standIn.requests).toHaveLength(0);
  });

  it('a link that is not a Document API metadata link is refused without a request', async () => {
    const outcome = await importFiling({
      ...FILING,
      documentMetadataUrl: 'https://example.com/not/a/document',
    });
    expect(outcome).toMatchObject({
      status: 'refused',
      documentId: null,
      error: { code: 'invalid_argument' },
    });
    expect(standIn.requests).toHaveLength(0);
  });

  it('a company the register does not hold is unknown_company, without a request', async () => {
    await expect(importFiling(FILING, FIRST, client(), 'SC999999')).resolves.toEqual({
      status: 'unknown_company',
    });
    expect(standIn.requests).toHaveLength(0);
    await expect(importFiling(FILING, FIRST, client(), 'not a number')).resolves.toMatchObject({
      status: 'refused',
      error: { code: 'invalid_company_number' },
    });
  });

  it('a document the Document API does not hold is not_found, asked once', async () => {
    const missing = 'doesNotExist00000000000000000001';
    await expect(importFiling({ ...FILING, documentMetadataUrl: metadataLink(missing) })).resolves.toEqual({
      status: 'not_found',
      documentId: missing,
    });
    expect(standIn.requests.map((r) => [r.path, r.status])).toEqual([[`/document/${missing}`, 404]]);
  });

  it('retries 5xx from the API and from the document store', async () => {
    standIn.failNext([{ kind: 'status', status: 503 }], `/document/${IXBRL_DOC}`);
    standIn.failNext([{ kind: 'status', status: 502 }], `/document/${IXBRL_DOC}/content`);
    standIn.failNext([{ kind: 'status', status: 500 }], '/_s3/');
    await expect(importFiling(FILING, SECOND)).resolves.toMatchObject({ status: 'imported' });
    expect(standIn.requests.map((r) => [r.path, r.status])).toEqual([
      [`/document/${IXBRL_DOC}`, 503],
      [`/document/${IXBRL_DOC}`, 200],
      [`/document/${IXBRL_DOC}/content`, 502],
      [`/document/${IXBRL_DOC}/content`, 302],
      [`/_s3/${IXBRL_DOC}.xhtml`, 500],
      // A store failure is retried from the API: a fresh signed URL each time.
      [`/document/${IXBRL_DOC}/content`, 302],
      [`/_s3/${IXBRL_DOC}.xhtml`, 200],
    ]);
  });

  it('retries a download that hangs, and gives up with a typed error after its attempts', async () => {
    standIn.failNext([{ kind: 'hang' }], '/_s3/');
    const documents = client({ contentTimeoutMs: 300 });
    await expect(documents.content(IXBRL_DOC, XHTML)).resolves.toMatchObject({ status: 'found' });
    expect(standIn.requestsTo('/_s3/').map((r) => r.status)).toEqual(['hang', 200]);

    standIn.failNext(
      Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 500 })),
      '/document/',
    );
    const error = await client({ maxAttempts: 3 })
      .metadata(IXBRL_DOC)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CompaniesHouseError);
    expect(error).toMatchObject({ kind: 'unavailable', details: { attempts: 3 } });
  });

  it('honours a 429 from the Document API by waiting and asking again', async () => {
    standIn.failNext([{ kind: 'rate_limited', retryAfterSeconds: 0 }], '/document/');
    await expect(client().metadata(IXBRL_DOC)).resolves.toMatchObject({ status: 'found' });
    expect(standIn.requests.map((r) => r.status)).toEqual([429, 200]);
    standIn.failNext([{ kind: 'rate_limited', retryAfterSeconds: 120 }], '/document/');
    await expect(client().metadata(IXBRL_DOC)).rejects.toMatchObject({
      kind: 'rate_limited',
      details: { retryAfterMs: 120_000 },
    });
  });

  it('never sends the key to the document store, which would refuse it', async () => {
    const documents = client();
    const pdf = await documents.content(PDF_DOC, 'application/pdf');
    if (pdf.status !== 'found') throw new Error(`expected the PDF, got ${pdf.status}`);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.contentType).toBe('application/pdf');
    const stored = standIn.requestsTo('/_s3/');
    expect(stored).toHaveLength(1);
    expect(stored.every((r) => !r.authorization && r.key === null)).toBe(true);

    // The store really refuses a request that carries the key (so the check above means something), and one
    // whose signature was not issued by the API.
    const redirect = await fetch(`${standIn.url}/document/${PDF_DOC}/content`, {
      headers: { authorization: `Basic ${Buffer.from(`${KEY}:`).toString('base64')}` },
      redirect: 'manual',
    });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location')!;
    const withKey = await fetch(location, {
      headers: { authorization: `Basic ${Buffer.from(`${KEY}:`).toString('base64')}` },
    });
    expect(withKey.status).toBe(400);
    expect(await withKey.text()).toContain('<Code>InvalidArgument</Code>');
    const forged = await fetch(location.replace(/X-Amz-Signature=[0-9a-f]+/, 'X-Amz-Signature=00'));
    expect(forged.status).toBe(403);
    expect((await fetch(location)).status).toBe(200);
  });

  it('a format the document lacks is not_available (406)', async () => {
    await expect(client().content(PDF_DOC, XHTML)).resolves.toEqual({ status: 'not_available' });
    expect(standIn.requests.map((r) => [r.path, r.status])).toEqual([[`/document/${PDF_DOC}/content`, 406]]);
  });

  it('a wrong key is a typed 401, not retried, and not swallowed by the import', async () => {
    await expect(importFiling(FILING, SECOND, client({}, 'not-a-key'))).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    expect(standIn.requests).toHaveLength(1);
  });

  it('a body that is not inline XBRL is refused by the importer, and nothing is written', async () => {
    const before = await written();
    const outcome = await importFiling(
      { ...FILING, documentMetadataUrl: metadataLink(NOT_IXBRL_DOC) },
      SECOND,
    );
    expect(outcome).toMatchObject({
      status: 'refused',
      documentId: NOT_IXBRL_DOC,
      error: {
        code: 'invalid_argument',
        message: expect.stringContaining('not an inline XBRL accounts document'),
      },
    });
    expect(await written()).toEqual(before);
  });

  it('a document of another company is refused, by its metadata or by its own statement, and nothing is written', async () => {
    const before = await written();
    const byMetadata = await importFiling({
      ...FILING,
      documentMetadataUrl: metadataLink(OTHER_METADATA_DOC),
    });
    expect(byMetadata).toMatchObject({
      status: 'refused',
      error: { code: 'invalid_argument', details: { document_company_number: '12345678' } },
    });
    // Refused on the metadata alone: the content was never fetched.
    expect(standIn.requests.map((r) => r.path)).toEqual([`/document/${OTHER_METADATA_DOC}`]);

    const byDocument = await importFiling({
      ...FILING,
      documentMetadataUrl: metadataLink(OTHER_COMPANY_DOC),
    });
    expect(byDocument).toMatchObject({
      status: 'refused',
      error: { code: 'invalid_argument', message: expect.stringContaining('states company number 12345678') },
    });
    expect(await em().count(AccountsYearEntity, { companyNumber: '12345678' })).toBe(0);
    expect(await written()).toEqual(before);
  });

  it('a document for another year than the filing is refused, and nothing is written', async () => {
    const before = await written();
    const outcome = await importFiling({ ...FILING, madeUpDate: '2024-11-30' }, SECOND);
    expect(outcome).toMatchObject({
      status: 'refused',
      error: { code: 'invalid_argument', message: expect.stringContaining('made up to 2024-11-30') },
    });
    expect(await written()).toEqual(before);
  });

  it('refuses a document larger than the size limit without reading it all', async () => {
    const before = await written();
    const outcome = await importFiling(FILING, SECOND, client({ maxContentBytes: 1_000 }));
    expect(outcome).toMatchObject({
      status: 'refused',
      error: { code: 'invalid_argument', message: expect.stringContaining('larger than 1000 bytes') },
    });
    expect(await written()).toEqual(before);
    await expect(client({ maxContentBytes: 1_000 }).content(IXBRL_DOC, XHTML)).rejects.toMatchObject({
      kind: 'bad_response',
      message: expect.stringContaining('declared'),
    });

    // A body sent without a Content-Length is counted as it arrives.
    const undeclared: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!new URL(response.url || String(input)).pathname.startsWith('/_s3/')) return response;
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      return new Response(response.body, { status: response.status, headers });
    };
    await expect(
      client({ maxContentBytes: 1_000, fetch: undeclared }).content(IXBRL_DOC, XHTML),
    ).rejects.toMatchObject({ kind: 'bad_response', message: expect.stringContaining('sent') });
    await expect(client({ fetch: undeclared }).content(IXBRL_DOC, XHTML)).resolves.toMatchObject({
      status: 'found',
    });
  });

  it('refuses metadata that is not in the Document API’s shape', async () => {
    const id = 'badMetadata000000000000000000001';
    mkdirSync(join(fixturesDir, id));
    writeFileSync(
      join(fixturesDir, id, 'metadata.json'),
      JSON.stringify({ company_number: COMPANY, pages: 3 }),
    );
    await expect(client().metadata(id)).rejects.toMatchObject({
      kind: 'bad_response',
      message: expect.stringContaining('resources'),
    });
    await expect(client().metadata('not/an id')).rejects.toMatchObject({ kind: 'refused' });
  });

  it('knows whether anyone monitors a company', async () => {
    expect(await isMonitored(em(), COMPANY)).toBe(false);
    const { account } = await createAccount(
      em(),
      { email: 'documents@example.com', plan: 'free' },
      new Date(),
    );
    await addToWatchlist(em(), { accountId: account.id, companyNumber: COMPANY }, new Date());
    expect(await isMonitored(em(), COMPANY)).toBe(true);
    expect(await isMonitored(em(), 'SC412345')).toBe(false);
  });
});

function readFixture(path: string): string {
  return readFileSync(join(projectRoot, path), 'utf8');
}
