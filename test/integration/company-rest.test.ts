import { join } from 'node:path';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type TestApp } from '../support/test-app';

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');

describe('companies over REST: GET /company/{company_number} and GET /companies', () => {
  let app: TestApp;
  let key: string;
  beforeAll(async () => {
    app = await startTestApp({ UPGRADE_URL: 'https://example.com/upgrade' });
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
    key = (await signUp(app)).api_key;
  });
  afterAll(() => app?.stop());

  it('reads a company by number, leading zeros optional and case ignored', async () => {
    const exact = await request(app, 'GET', '/company/01234567', { key });
    expect(exact.status).toBe(200);
    expect(exact.body).toMatchObject({
      company_number: '01234567',
      company_name: 'NORTHERN LOOM PLC',
      type: 'plc',
    });
    const typed = await request(app, 'GET', '/company/sc412345', { key });
    expect(typed.body).toMatchObject({ company_number: 'SC412345' });
    const short = await request(app, 'GET', '/company/1234567', { key });
    expect(short.body).toMatchObject({ company_number: '01234567' });
  });

  it.each([
    ['a malformed number', '/company/XX12', 400, 'invalid_company_number'],
    ['a number too long', '/company/123456789', 400, 'invalid_company_number'],
    ['an unknown number', '/company/99999999', 404, 'not_found'],
  ])('answers %s with %i %s', async (_name, path, status, code) => {
    const response = await request(app, 'GET', path, { key });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ error: { code } });
  });

  it('needs a key', async () => {
    expect((await request(app, 'GET', '/company/01234567')).status).toBe(401);
  });

  it('searches by name, number and filters, exact name first', async () => {
    const byName = await request<{ items: { company_number: string }[] }>(
      app,
      'GET',
      `/companies?q=${encodeURIComponent('northern loom public limited company')}`,
      { key },
    );
    expect(byName.status).toBe(200);
    expect(byName.body.items[0]?.company_number).toBe('01234567');
    const byNumber = await request<{ items: { company_number: string }[] }>(
      app,
      'GET',
      '/companies?q=SC412345',
      { key },
    );
    expect(byNumber.body.items[0]?.company_number).toBe('SC412345');
    const byTown = await request<{ items: { registered_office_address: { locality: string } }[] }>(
      app,
      'GET',
      '/companies?town=leeds',
      { key },
    );
    expect(byTown.body.items.length).toBeGreaterThan(0);
    expect(byTown.body.items.every((c) => c.registered_office_address.locality === 'LEEDS')).toBe(true);
  });

  it.each([
    ['no criteria', '/companies', 'q'],
    ['an unknown status', '/companies?status=sleeping', 'status'],
    ['a bad SIC code', '/companies?sic_code=abc', 'sic_code'],
    ['a limit out of range', '/companies?q=loom&limit=500', 'limit'],
    ['a negative offset', '/companies?q=loom&offset=-1', 'offset'],
    ['an unknown parameter', '/companies?q=loom&colour=red', '(body)'],
  ])('refuses %s with 400 naming the argument', async (_name, path, argument) => {
    const response = await request(app, 'GET', path, { key });
    expect(response.status).toBe(400);
    const problems = (response.body.error as { details: { problems: { argument: string }[] } }).details
      .problems;
    expect(problems.map((p) => p.argument)).toContain(argument);
  });

  it('gives Free the first page only: 403 plan_required with the upgrade link past it', async () => {
    const response = await request(app, 'GET', '/companies?status=active&offset=10', { key });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      error: { code: 'plan_required', details: { upgrade_url: 'https://example.com/upgrade' } },
    });
  });

  it('describes both operations in the OpenAPI document', async () => {
    const doc = await request<{ paths: Record<string, Record<string, { operationId: string }>> }>(
      app,
      'GET',
      '/openapi.json',
    );
    expect(doc.status).toBe(200);
    expect(doc.body.paths['/company/{company_number}']?.get?.operationId).toBe('get_company');
    expect(doc.body.paths['/companies']?.get?.operationId).toBe('search_companies');
    expect(doc.body.paths['/watchlist/webhook-secret/rotate']?.post?.operationId).toBe(
      'rotate_webhook_secret',
    );
  });
});
