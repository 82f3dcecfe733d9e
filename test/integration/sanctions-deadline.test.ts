import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setPlan } from '../../src/domain/accounts/accounts';
import { importDemoSanctionsList } from '../../src/demo/demo-sanctions-list';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importCompanyDetailsDir } from '../../src/ingest/companies-house/resources/import-company-details';
import { CSV_COLUMN, csvRow, SAMPLE_COMPANIES_CSV } from '../support/company-csv-rows';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

/*
 * A screen that runs past SANCTIONS_SCREEN_DEADLINE_MS is stopped with 503 deadline_exceeded, through
 * screen_sanctions and run_kyb_check alike, and its charge is given back; with time enough the same calls answer
 * and are charged. The deadline here is 1 ms: a screen reads the store and yields to the event loop before each
 * of its names, so it never finishes that soon.
 */

const NUMBER = '08112233';
const AS_OF = new Date('2026-11-01T00:00:00Z');

function storeCompany(dir: string): { register: string; details: string } {
  const register = join(dir, 'register.csv');
  writeFileSync(
    register,
    `${readFileSync(SAMPLE_COMPANIES_CSV, 'utf8').split('\n')[0]}\n` +
      `${csvRow({ [CSV_COLUMN.NAME]: 'NORDVIND TRADING LTD', [CSV_COLUMN.NUMBER]: NUMBER })}\n`,
  );
  const company = join(dir, 'details', 'companies', NUMBER);
  mkdirSync(company, { recursive: true });
  const officer = (id: string, name: string) => ({
    name,
    officer_role: 'director',
    appointed_on: '2019-01-01',
    date_of_birth: { month: 3, year: 1971 },
    nationality: 'Russian',
    address: { address_line_1: '1 Quay Street', locality: 'Hull', postal_code: 'HU1 1AA' },
    links: {
      self: `/company/${NUMBER}/appointments/${id}`,
      officer: { appointments: `/officers/${id}-person/appointments` },
    },
  });
  writeFileSync(
    join(company, 'officers.json'),
    JSON.stringify({
      kind: 'officer-list',
      items: [officer('petrov', 'PETROV, Ivan Sergeevich'), officer('smith', 'SMITH, John')],
    }),
  );
  return { register, details: join(dir, 'details') };
}

describe('the screening deadline', () => {
  let app: TestApp;
  let dir: string;

  beforeAll(async () => {
    app = await startTestApp({ SANCTIONS_SCREEN_DEADLINE_MS: '1' });
    dir = mkdtempSync(join(tmpdir(), 'cds-deadline-'));
    const files = storeCompany(dir);
    const em = app.services.orm.em.fork();
    await importCompaniesCsv(em, files.register, { asOf: AS_OF });
    expect(
      (await importCompanyDetailsDir(em, files.details, { source: 'import', detectedAt: AS_OF })).problems,
    ).toEqual([]);
    const list = await importDemoSanctionsList(em, {
      designations: 60,
      seed: 3,
      asOf: AS_OF,
      collisions: [
        { kind: 'person', forenames: 'Ivan Sergeevich', surname: 'PETROV', birth: { year: 1971, month: 3 } },
      ],
    });
    expect(list.status).toBe('imported');
  });
  afterAll(async () => {
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function starterKey(): Promise<{ key: string; accountId: string }> {
    const user = await signUp(app);
    await setPlan(app.services.orm.em.fork(), user.account_id, 'starter');
    return { key: user.api_key, accountId: user.account_id };
  }

  /** The account's request counters (minute and day windows). */
  async function quotaPoints(accountId: string): Promise<number[]> {
    const rows: { points: number | string }[] = await app.services.orm.em
      .fork()
      .getConnection()
      .execute('select points from rate_limits where key like ?', [`requests_per_%${accountId}%`]);
    return rows.map((row) => Number(row.points));
  }

  const screen = (key: string) =>
    request<ErrorBody>(app, 'GET', `/company/${NUMBER}/sanctions-screen`, { key });
  const kybCheck = (key: string) =>
    request<ErrorBody & { outcome?: string }>(app, 'POST', '/kyb/checks', {
      key,
      body: {
        client_reference: 'deadline',
        stated_company_name: 'NORDVIND TRADING LTD',
        company_number: NUMBER,
      },
    });

  it('stops a screen past its deadline with 503 deadline_exceeded, uncharged; with time enough it answers, charged', async () => {
    const { key, accountId } = await starterKey();
    const stopped = await screen(key);
    expect(stopped.status).toBe(503);
    expect(stopped.body.error).toMatchObject({ code: 'deadline_exceeded', details: { deadline_ms: 1 } });
    expect(stopped.body.error.message).toContain('not charged');
    expect(await quotaPoints(accountId)).toEqual([0, 0]);

    app.services.config.SANCTIONS_SCREEN_DEADLINE_MS = 60_000;
    try {
      const answered = await screen(key);
      expect(answered.status).toBe(200);
      expect(await quotaPoints(accountId)).toEqual([1, 1]);
    } finally {
      app.services.config.SANCTIONS_SCREEN_DEADLINE_MS = 1;
    }
  });

  it('stops a KYB check the same way, uncharged and not stored', async () => {
    const { key, accountId } = await starterKey();
    const stopped = await kybCheck(key);
    expect(stopped.status).toBe(503);
    expect(stopped.body.error.code).toBe('deadline_exceeded');
    expect(await quotaPoints(accountId)).toEqual([0, 0]);
    const listed = await request<{ items: unknown[] }>(app, 'GET', '/kyb/checks', { key });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([]);
    expect(await quotaPoints(accountId)).toEqual([1, 1]);
  });
});
