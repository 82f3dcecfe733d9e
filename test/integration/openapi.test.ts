import { join } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { setPlan } from '../../src/domain/accounts/accounts';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importOfficersJson } from '../../src/ingest/companies-house/resources/officers-json';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type JsonResponse, type TestApp } from '../support/test-app';

// Real answers of the running service against GET /openapi.json: each status it sends is one the document lists
// for that operation, and each body matches the schema documented for that status. A small, fixed version of
// what scripts/fuzz-api.sh does with schemathesis, for the errors a fuzzer rarely reaches (409, 413, 429).

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
const BODY_LIMIT_BYTES = 4096;

type Responses = Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
type OpenApi = {
  paths: Record<string, Record<string, { operationId: string; responses: Responses }>>;
  components: Record<string, unknown>;
};

describe('the OpenAPI document against the answers the service gives', () => {
  let app: TestApp;
  let free: string;
  let starter: string;
  let openapi: OpenApi;
  let ajv: Ajv2020;
  const validators = new Map<string, ValidateFunction>();

  beforeAll(async () => {
    app = await startTestApp({ BODY_LIMIT_BYTES: String(BODY_LIMIT_BYTES) });
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
    free = (await signUp(app)).api_key;
    const account = await signUp(app);
    await setPlan(app.services.orm.em.fork(), account.account_id, 'starter');
    starter = account.api_key;
    openapi = (await request<OpenApi>(app, 'GET', '/openapi.json')).body;
    ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema({ $id: 'openapi', components: openapi.components });
  });
  afterAll(() => app?.stop());

  /** The operation's documented answer for the response's status, and whether the body matches its schema. */
  function expectDocumented(operationId: string, response: JsonResponse<unknown>) {
    const found = Object.entries(openapi.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.operationId === operationId)
        .map(([method]) => ({ path, method })),
    );
    expect(found).toHaveLength(1);
    const { path, method } = found[0]!;
    const documented = openapi.paths[path]![method]!.responses;
    expect(Object.keys(documented)).toContain(String(response.status));
    const key = `${operationId} ${response.status}`;
    if (!validators.has(key)) {
      const answer = documented[String(response.status)]!;
      const schema = answer.$ref
        ? { $ref: `openapi${answer.$ref}/content/application~1json/schema` }
        : answer.content!['application/json']!.schema;
      validators.set(key, ajv.compile(schema as object));
    }
    const validate = validators.get(key)!;
    expect({ valid: validate(response.body), errors: validate.errors ?? null }).toEqual({
      valid: true,
      errors: null,
    });
  }

  it.each([
    ['a company', '/company/01234567', 200],
    ['a number typed loosely', '/company/%20sc412345%20', 200],
    ['a malformed number (invalid_company_number)', '/company/XX12', 400],
    ['an over-long number (invalid_argument)', `/company/${'1'.repeat(21)}`, 400],
    ['an unknown company', '/company/99999999', 404],
  ])('get_company: %s', async (_what, path, status) => {
    const response = await request(app, 'GET', path, { key: free });
    expect(response.status).toBe(status);
    expectDocumented('get_company', response);
  });

  it('no key: 401; a plan too low: 403; details not held: 404', async () => {
    const unauthenticated = await request(app, 'GET', '/company/01234567');
    expect(unauthenticated.status).toBe(401);
    expectDocumented('get_company', unauthenticated);
    const lowPlan = await request(app, 'GET', '/company/01234567/officers', { key: free });
    expect(lowPlan.status).toBe(403);
    expectDocumented('get_officers', lowPlan);
    // On the register from the bulk file alone: its officers are not held.
    const notHeld = await request(app, 'GET', '/company/01234567/officers', { key: starter });
    expect([notHeld.status, notHeld.body]).toMatchObject([404, { error: { code: 'details_not_held' } }]);
    expectDocumented('get_officers', notHeld);
    await importOfficersJson(
      app.services.orm.em.fork(),
      '01234567',
      { kind: 'officer-list', items: [], total_results: 0 },
      { detectedAt: new Date('2026-11-22T00:00:00Z'), source: 'import' },
    );
    const allowed = await request(app, 'GET', '/company/01234567/officers', { key: starter });
    expect(allowed.status).toBe(200);
    expectDocumented('get_officers', allowed);
  });

  it('lists: 201, then 409 for the same name, 422 for a refused webhook address, 404 for another list', async () => {
    const body = { name: `Clients ${Date.now()}`, kind: 'clients' };
    const created = await request<{ id: number }>(app, 'POST', '/lists', { key: starter, body });
    expect(created.status).toBe(201);
    expectDocumented('create_list', created);
    const again = await request(app, 'POST', '/lists', {
      key: starter,
      body: { ...body, name: body.name.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expectDocumented('create_list', again);
    const refused = await request(app, 'PATCH', `/lists/${created.body.id}`, {
      key: starter,
      body: { webhook_url: 'http://127.0.0.1:9/hook' },
    });
    expect(refused.status).toBe(422);
    expectDocumented('update_list', refused);
    const elsewhere = await request(app, 'PATCH', `/lists/${created.body.id}`, {
      key: free,
      body: { alert_webhook: false },
    });
    expect(elsewhere.status).toBe(404);
    expectDocumented('update_list', elsewhere);
    const added = await request(app, 'POST', '/lists/companies', {
      key: starter,
      body: { list_id: created.body.id, company_numbers: ['1234567', ' sc412345 '] },
    });
    expect(added.status).toBe(200);
    expectDocumented('add_companies_to_list', added);
    const read = await request(app, 'GET', `/lists/${created.body.id}/companies`, { key: starter });
    expect(read.status).toBe(200);
    expectDocumented('get_list_companies', read);
  });

  it('watchlist and test webhook: 422 for an address the rules refuse', async () => {
    const watched = await request(app, 'POST', '/watchlist', {
      key: starter,
      body: { company_number: '01234567', webhook_url: 'https://10.0.0.1/hook' },
    });
    expect(watched.status).toBe(422);
    expectDocumented('add_to_watchlist', watched);
    const test = await request(app, 'POST', '/watchlist/webhooks/test', {
      key: starter,
      body: { url: 'not a url' },
    });
    expect(test.status).toBe(422);
    expectDocumented('send_test_webhook', test);
  });

  it('bodies: 400 for broken JSON, 415 for another media type, 413 over the limit', async () => {
    const broken = await request(app, 'POST', '/lists', { key: starter, rawBody: '{"name":' });
    expect(broken.status).toBe(400);
    expectDocumented('create_list', broken);
    const text = await request(app, 'POST', '/lists', {
      key: starter,
      rawBody: 'name=x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expectDocumented('create_list', text);
    const large = await request(app, 'POST', '/lists', {
      key: starter,
      body: { name: 'x'.repeat(BODY_LIMIT_BYTES), kind: 'clients' },
    });
    expect(large.status).toBe(413);
    expectDocumented('create_list', large);
  });

  it('the quota: 429 with Retry-After, documented', async () => {
    const key = (await signUp(app)).api_key;
    let last: JsonResponse<unknown> | undefined;
    // Free: 30 requests a minute.
    for (let i = 0; i < 31; i++) last = await request(app, 'GET', '/lists', { key });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expectDocumented('get_lists', last!);
  });

  it('sign-up and the webhook secret answer as documented', async () => {
    const signedUp = await request(app, 'POST', '/signup', {
      body: { email: `doc-${Date.now()}@example.com` },
    });
    expect(signedUp.status).toBe(201);
    expectDocumented('signup', signedUp);
    const invalid = await request(app, 'POST', '/signup', { body: { email: 'not an email' } });
    expect(invalid.status).toBe(400);
    expectDocumented('signup', invalid);
    const secret = await request(app, 'GET', '/watchlist/webhook-secret', { key: free });
    expect(secret.status).toBe(200);
    expectDocumented('get_webhook_secret', secret);
  });
});
