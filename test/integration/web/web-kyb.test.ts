import { accountForApiKey, setPlan } from '../../../src/domain/accounts/accounts';
import { KybCheckEntity } from '../../../src/db/entities/kyb-check';
import { KYB_DISCLAIMER } from '../../../src/domain/kyb/kyb-result';
import { seededDemoDatabase } from '../../support/demo-database';
import { pdfText } from '../../support/pdf-text';
import { request, startTestApp, type TestApp } from '../../support/test-app';
import { WebClient, csrfTokenIn, signInThroughPages, signUpThroughPages } from '../../support/web-client';

/*
 * The KYB pages on the demo register: a check run from the company page's link through run_kyb_check (one
 * check for a form sent twice), found again under /app/kyb by its filters, its whole record shown and
 * downloaded as PDF (read back with PDF.js) and JSON; bad input, another account's check, a missing CSRF token
 * and a Free account's forced POST each refused with nothing stored.
 */

jest.setTimeout(90_000);

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('web app: KYB checks', () => {
  let app: TestApp;
  let analyst: { client: WebClient; key: string; accountId: string };
  let other: { client: WebClient; key: string; accountId: string };
  let free: { client: WebClient; key: string; accountId: string };
  let company: { number: string; name: string };

  const signedIn = async (plan: 'free' | 'starter') => {
    const client = new WebClient(app.url);
    const { key } = await signUpThroughPages(client);
    const em = app.services.orm.em.fork();
    const accountId = (await accountForApiKey(em, key))!.account.id;
    await setPlan(em, accountId, plan);
    await signInThroughPages(client, key);
    return { client, key, accountId };
  };
  const storedChecks = (accountId: string) => app.services.orm.em.fork().count(KybCheckEntity, { accountId });
  /** The check form as the page gives it (its CSRF token and idempotency key), with the fields filled in. */
  const filledForm = async (client: WebClient, path: string, fields: Record<string, string>) => {
    const page = await client.get(path);
    const key = /<input type="hidden" name="idempotency_key" value="([^"]+)"/.exec(page.html);
    return { csrf: csrfTokenIn(page.html), idempotency_key: key![1]!, ...fields };
  };
  const download = async (client: WebClient, path: string) => {
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${app.url}${path}`, { headers: { Cookie: cookie } });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    app = await startTestApp({}, { database: (await seededDemoDatabase()).db });
    analyst = await signedIn('starter');
    other = await signedIn('starter');
    free = await signedIn('free');
    const found = await analyst.client.get('/app/companies?q=GATE&status=active');
    const row = /<th scope="row"><a href="\/app\/companies\/([^"]+)">([^<]+)<\/a>/.exec(found.html)!;
    company = { number: row[1]!, name: row[2]!.replace(/&amp;/g, '&') };
  });
  afterAll(async () => {
    await app?.stop();
  });

  let checkPath: string;

  it('runs a check from the company page’s link: a slightly wrong name is referred, with its reasons', async () => {
    const companyPage = await analyst.client.get(`/app/companies/${company.number}`);
    const link = /<a href="(\/app\/kyb\/new\?[^"]+)" id="run-kyb">/
      .exec(companyPage.html)![1]!
      .replace(/&amp;/g, '&');
    const formPage = await analyst.client.get(link);
    expect(formPage.html).toContain(`value="${company.number}"`);
    // One letter of the registered name left out: close, not the same.
    const wrongName = company.name.replace(/([A-Z])([A-Z])/, '$1');
    const fields = await filledForm(analyst.client, link, {
      client_reference: 'CASE-WEB-1',
      stated_company_name: wrongName,
      company_number: company.number,
    });
    const answer = await analyst.client.post('/app/kyb/new', fields);
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(/^\/app\/kyb\/kyb_/);
    checkPath = answer.location!;
    const record = await analyst.client.get(checkPath);
    expect(record.status).toBe(200);
    expect(record.html).toContain('data-outcome="refer"');
    expect(record.html).toContain('id="reason-name_close_match"');
    expect(record.html).toContain('id="checks-not-performed"');
    expect(record.html).toContain('pep_screening');
    expect(record.html).toContain('Sanctions list versions');
    expect(record.html).toContain(`<a href="/app/companies/${company.number}">`);
    expect(record.html).toContain('id="kyb-disclaimer"');

    // The same form sent again (a double click) is the same check, not a second one.
    const again = await analyst.client.post('/app/kyb/new', fields);
    expect([again.status, again.location]).toEqual([303, checkPath]);
    expect(await storedChecks(analyst.accountId)).toBe(1);
  });

  it('downloads the record as a PDF holding the outcome, the reason codes and the disclaimer', async () => {
    const api = await request<Row>(app, 'GET', `/kyb/checks/${checkPath.split('/').pop()}`, {
      key: analyst.key,
    });
    const { response, bytes } = await download(analyst.client, `${checkPath}/record.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kyb-check-kyb_[\w-]+\.pdf"$/,
    );
    const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('Outcome: Refer (refer)');
    for (const reason of api.body.reasons as Row[])
      expect(text).toContain(`${reason.code} (${reason.outcome})`);
    expect(text).toContain('CASE-WEB-1');
    expect(text).toContain(KYB_DISCLAIMER.replace(/\s+/g, ' ').slice(0, 80));
    expect(text).toMatch(/Made \d{1,2} \w{3} \d{4}, \d\d:\d\d:\d\d UTC/);
  });

  it('downloads the record as JSON: the API’s check, dated', async () => {
    const api = await request<Row>(app, 'GET', `/kyb/checks/${checkPath.split('/').pop()}`, {
      key: analyst.key,
    });
    const { response, bytes } = await download(analyst.client, `${checkPath}/record.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/\.json"$/);
    const { downloaded_at, ...record } = JSON.parse(Buffer.from(bytes).toString('utf8')) as Row;
    expect(downloaded_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(record).toEqual(api.body);
  });

  it('lists the check under /app/kyb, found by its client reference, company, outcome and day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = await analyst.client.get('/app/kyb');
    expect(all.html).toContain(`<a href="${checkPath}">`);
    for (const query of [
      'client_reference=CASE-WEB-1',
      `company_number=${company.number}`,
      'outcome=refer',
      `created_from=${today}&created_to=${today}`,
    ]) {
      const page = await analyst.client.get(`/app/kyb?${query}`);
      expect([query, page.status, page.html.includes(`<a href="${checkPath}">`)]).toEqual([query, 200, true]);
    }
    for (const query of ['client_reference=CASE-OTHER', 'outcome=pass', 'created_to=2000-01-01']) {
      const page = await analyst.client.get(`/app/kyb?${query}`);
      expect([query, page.html.includes('id="no-checks"')]).toEqual([query, true]);
    }
  });

  it('shows a refused filter next to its field', async () => {
    const page = await analyst.client.get('/app/kyb?created_from=yesterday');
    expect(page.status).toBe(400);
    expect(page.html).toContain('id="filter-created-from-error"');
    expect(page.html).toContain('value="yesterday"');
    const order = await analyst.client.get('/app/kyb?created_from=2026-02-02&created_to=2026-01-01');
    expect(order.status).toBe(400);
    expect(order.html).toContain('id="filter-created-to-error"');
  });

  it('refuses bad form values next to their fields, keeping what was typed, and stores nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ client_reference: '', stated_company_name: 'ACME' }, 'kyb-client-reference-error'],
      [{ client_reference: 'C', stated_company_name: '  ' }, 'kyb-stated-name-error'],
      [
        { client_reference: 'C', stated_company_name: 'ACME', company_number: 'NOT A NUMBER!' },
        'kyb-company-number-error',
      ],
      [
        { client_reference: 'C', stated_company_name: 'ACME', stated_postcode: 'NOWHERE' },
        'kyb-stated-postcode-error',
      ],
      [
        { client_reference: 'C', stated_company_name: 'ACME', stated_address_line_1: '1 High Street' },
        'kyb-stated-postcode-error',
      ],
    ];
    for (const [fields, errorId] of cases) {
      const refused = await analyst.client.post(
        '/app/kyb/new',
        await filledForm(analyst.client, '/app/kyb/new', fields),
      );
      expect([errorId, refused.status, refused.html.includes(`id="${errorId}"`)]).toEqual([
        errorId,
        400,
        true,
      ]);
      if (fields.company_number) expect(refused.html).toContain('value="NOT A NUMBER!"');
    }
    expect(await storedChecks(analyst.accountId)).toBe(1);
  });

  it('refuses a post without the page’s CSRF token, storing nothing', async () => {
    const forged = await analyst.client.post('/app/kyb/new', {
      client_reference: 'CASE-FORGED',
      stated_company_name: company.name,
      company_number: company.number,
    });
    expect(forged.status).toBe(403);
    expect(forged.html).toContain('csrf_refused');
    expect(await storedChecks(analyst.accountId)).toBe(1);
  });

  it('answers 404 for another account’s check and for an id that is no check', async () => {
    for (const path of [checkPath, `${checkPath}/record.pdf`, `${checkPath}/record.json`]) {
      expect((await other.client.get(path)).status).toBe(404);
    }
    expect((await analyst.client.get('/app/kyb/kyb_nothing')).status).toBe(404);
    expect((await analyst.client.get(`/app/kyb/${'x'.repeat(200)}`)).status).toBe(400);
    expect((await other.client.get('/app/kyb')).html).not.toContain(checkPath);
  });

  it('shows Free what a KYB check is and the upgrade link; a forced POST is refused with nothing stored', async () => {
    const list = await free.client.get('/app/kyb');
    expect(list.status).toBe(200);
    expect(list.html).toContain('A KYB check compares what your customer told you');
    expect(list.html).toContain('Upgrade to starter');
    const form = await free.client.get('/app/kyb/new');
    expect(form.status).toBe(200);
    expect(form.html).toContain('Upgrade to starter');
    expect(form.html).not.toContain('id="kyb-form"');
    const forced = await free.client.post('/app/kyb/new', {
      csrf: csrfTokenIn(form.html),
      client_reference: 'CASE-FREE',
      stated_company_name: company.name,
      company_number: company.number,
    });
    expect(forced.status).toBe(403);
    expect(forced.html).toContain('plan');
    expect(await storedChecks(free.accountId)).toBe(0);
  });
});
