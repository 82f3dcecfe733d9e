import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { setPlan } from '../../src/domain/accounts/accounts';
import { DEMO_SEEDING_TIMEOUT_MS } from '../support/demo-seeding';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importCompanyDetailsDir } from '../../src/ingest/companies-house/resources/import-company-details';
import { simulateChange } from '../../src/demo/simulator/simulate-changes';
import { companyDetailsFolder } from '../support/company-details-folder';
import { callToolChecked, connectMcp } from '../support/mcp-client';
import { projectRoot } from '../support/paths';
import { seededDemoDatabase } from '../support/demo-database';
import { signUp, startTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase, openMigrated } from '../support/test-database';

/*
 * Issue 6's "done when", as an agent sees it on the demo data the embedded default seeds: a company's officers,
 * one officer's other appointments with namesakes told apart, its PSCs (following an ownership chain), its
 * filings by category, and three years of accounts with ratios and signals traced to their figures. Every call
 * goes through a real MCP client and its result is checked against the tool's listed output schema.
 */

const asOf = new Date('2026-11-22T00:00:00Z');
type Row = Record<string, unknown>;

describe('company details on the demo data, as an agent reads them', () => {
  let app: TestApp;
  let client: Client;
  const sql = async <T = Row>(query: string): Promise<T[]> =>
    (await app.services.orm.em.getConnection().execute(query)) as T[];
  const call = (name: string, args: Row) => callToolChecked(client, name, args);

  beforeAll(async () => {
    // The seeding refuses any problem in the demo details (a warning fails it: test/support/demo-database.ts).
    app = await startTestApp({}, { database: (await seededDemoDatabase()).db });
    // One run is one baseline: three years of accounts of a company announce nothing.
    const [changes] = await sql<{ n: number | string }>('select count(*) as n from register_changes');
    expect(Number(changes!.n)).toBe(0);
    const caller = await signUp(app);
    await setPlan(app.services.orm.em.fork(), caller.account_id, 'starter');
    client = await connectMcp(app, caller.api_key, { name: 'company-details-test' });
  }, DEMO_SEEDING_TIMEOUT_MS);
  afterAll(async () => {
    await client?.close();
    await app?.stop();
  });

  it('reads officers, then one officer’s appointments with a namesake kept apart', async () => {
    const [namesake] = await sql<{ name: string; company_number: string }>(
      'select name, min(company_number) as company_number from officer_appointments ' +
        'group by name having count(distinct officer_id) > 1 order by name',
    );
    expect(namesake).toBeDefined();
    const officers = (await call('get_officers', { company_number: namesake!.company_number })) as {
      items: { name: string; officer_id: string; date_of_birth: { month: number; year: number } | null }[];
    };
    const officer = officers.items.find((item) => item.name === namesake!.name)!;
    expect(officer).toBeDefined();

    const found = (await call('get_officer_appointments', { name: officer.name })) as {
      people: { officer_id: string; name: string; date_of_birth: { month: number; year: number } | null }[];
      companies: { company_number: string; appointments: { officer_id: string; name: string }[] }[];
    };
    const sameName = found.people.filter((person) => person.name === officer.name);
    expect(sameName.length).toBeGreaterThan(1);
    expect(new Set(sameName.map((person) => person.officer_id)).size).toBe(sameName.length);
    expect(new Set(sameName.map((person) => JSON.stringify(person.date_of_birth))).size).toBe(
      sameName.length,
    );
    expect(sameName.map((person) => person.officer_id)).toContain(officer.officer_id);
    // Each appointment names its person, and that person is among those listed.
    const people = new Set(found.people.map((person) => person.officer_id));
    for (const company of found.companies)
      for (const appointment of company.appointments) expect(people.has(appointment.officer_id)).toBe(true);
    const ownCompany = found.companies.find((c) => c.company_number === namesake!.company_number);
    expect(ownCompany?.appointments.map((a) => a.officer_id)).toContain(officer.officer_id);
  });

  it('follows an ownership chain through the PSCs of two companies', async () => {
    const companies = new Set(
      (await sql<{ company_number: string }>('select company_number from companies')).map(
        (c) => c.company_number,
      ),
    );
    const corporate = await sql<{ company_number: string; identification: string }>(
      'select company_number, identification from persons_with_significant_control ' +
        "where kind = 'corporate-entity-person-with-significant-control' and ceased_on is null " +
        'order by company_number',
    );
    const chain = corporate
      .map((row) => ({
        company_number: row.company_number,
        registration_number: (JSON.parse(row.identification) as { registration_number?: string })
          .registration_number,
      }))
      .find((row) => row.registration_number !== undefined && companies.has(row.registration_number));
    expect(chain).toBeDefined();
    const owned = (await call('get_persons_with_significant_control', {
      company_number: chain!.company_number,
    })) as {
      items: { registered_company_number: string | null; natures_of_control: { description: string }[] }[];
    };
    const parent = owned.items.find((item) => item.registered_company_number !== null)!;
    expect(parent.registered_company_number).toBe(chain!.registration_number);
    expect(parent.natures_of_control.length).toBeGreaterThan(0);
    for (const nature of parent.natures_of_control) expect(nature.description.length).toBeGreaterThan(10);
    const owner = (await call('get_persons_with_significant_control', {
      company_number: parent.registered_company_number,
    })) as { items: { category: string }[]; statements: unknown[] };
    expect(owner.items.length + owner.statements.length).toBeGreaterThan(0);
  });

  it('lists filings by category, newest first', async () => {
    const [company] = await sql<{ company_number: string }>(
      "select company_number from filings where category = 'accounts' group by company_number " +
        'having count(*) >= 3 order by company_number',
    );
    const all = (await call('get_filing_history', {
      company_number: company!.company_number,
      limit: 100,
    })) as {
      items: { category: string; date: string }[];
    };
    expect(new Set(all.items.map((item) => item.category)).size).toBeGreaterThan(1);
    const accounts = (await call('get_filing_history', {
      company_number: company!.company_number,
      category: 'accounts',
    })) as { items: { category: string; date: string; description: string }[]; total_count: number };
    expect(accounts.total_count).toBe(all.items.filter((item) => item.category === 'accounts').length);
    expect(accounts.items.every((item) => item.category === 'accounts')).toBe(true);
    const dates = accounts.items.map((item) => item.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('gives three years of accounts with ratios and signals traced to their figures', async () => {
    // A loss-making company, so signals fire; three filed years of it.
    const years = await sql<{ company_number: string; measures: string }>(
      "select company_number, measures from accounts_years where origin = 'filed' and basis = 'company' " +
        'order by company_number',
    );
    const losses = new Map<string, { filed: number; losses: number }>();
    for (const year of years) {
      const seen = losses.get(year.company_number) ?? { filed: 0, losses: 0 };
      const profit = (JSON.parse(year.measures) as { profit_loss?: { value: number | null } }).profit_loss;
      losses.set(year.company_number, {
        filed: seen.filed + 1,
        losses: seen.losses + ((profit?.value ?? 0) < 0 ? 1 : 0),
      });
    }
    const company = [...losses].find(([, seen]) => seen.filed >= 3 && seen.losses >= 2)?.[0];
    expect(company).toBeDefined();
    const accounts = (await call('get_accounts', { company_number: company })) as {
      years: { period_end: string; origin: string; basis: string }[];
    };
    const filed = accounts.years.filter((year) => year.origin === 'filed');
    expect(filed.length).toBeGreaterThanOrEqual(3);
    const ends = accounts.years.map((year) => year.period_end);
    expect(ends).toEqual([...ends].sort().reverse());

    const history = (await call('get_financial_history', { company_number: company })) as {
      years: {
        period_end: string;
        figures: Record<string, number | null>;
        ratios: Record<string, { value: number | null; inputs: Record<string, number | null> }>;
      }[];
      signals: {
        code: string;
        period_ends: string[];
        figures: { period_end: string; measure: string; value: number }[];
      }[];
    };
    expect(history.years.length).toBeGreaterThanOrEqual(3);
    const byEnd = new Map(history.years.map((year) => [year.period_end, year]));
    for (const year of history.years) {
      const ratio = year.ratios.current_ratio!;
      const { current_assets: assets, creditors_within_one_year: creditors } = year.figures;
      expect(ratio.inputs).toEqual({ current_assets: assets, creditors_within_one_year: creditors });
      if (assets != null && creditors) expect(ratio.value).toBeCloseTo(assets / creditors, 4);
    }
    expect(history.signals.map((signal) => signal.code)).toContain('loss_making_years_in_a_row');
    for (const signal of history.signals) {
      expect(signal.figures.length).toBeGreaterThan(0);
      for (const figure of signal.figures) {
        expect(signal.period_ends).toContain(figure.period_end);
        expect(byEnd.get(figure.period_end)?.figures[figure.measure]).toBe(figure.value);
      }
    }
  });

  it('simulated officer changes and filings edit the held details through their importers', async () => {
    const [company] = await sql<{ company_number: string }>(
      'select company_number from officer_appointments where resigned_on is null ' +
        'group by company_number having count(*) >= 2 order by company_number',
    );
    const number = company!.company_number;
    type Officers = { active_count: number; resigned_count: number };
    const before = (await call('get_officers', { company_number: number })) as Officers;
    const now = new Date();
    const simulated = await simulateChange(app.services.orm.em.fork(), number, 'officer_change', {
      now,
      seed: 3,
    });
    expect(simulated.changes.map((c) => [c.field, c.alert_type])).toEqual([['officers', 'officer_change']]);
    const after = (await call('get_officers', { company_number: number })) as Officers;
    // Either one officer resigned or one was appointed: the register the tool reads changed with the feed.
    expect([
      { active_count: before.active_count - 1, resigned_count: before.resigned_count + 1 },
      { active_count: before.active_count + 1, resigned_count: before.resigned_count },
    ]).toContainEqual({ active_count: after.active_count, resigned_count: after.resigned_count });

    type History = { total_count: number; items: { date: string; description: string }[] };
    const filings = (await call('get_filing_history', { company_number: number })) as History;
    const filed = await simulateChange(app.services.orm.em.fork(), number, 'new_filing', { now, seed: 4 });
    expect(filed.changes.map((c) => [c.field, c.alert_type])).toEqual([['filing_history', 'new_filing']]);
    const later = (await call('get_filing_history', { company_number: number })) as History;
    expect(later.total_count).toBe(filings.total_count + 1);
    expect(later.items[0]?.date).toBe(now.toISOString().slice(0, 10));
  });
});

describe('importing a company details folder', () => {
  it('imports every part, reports a bad file without stopping, and records nothing on a repeat', async () => {
    const db = await createTestDatabase();
    const orm = await openMigrated(db);
    const folder = companyDetailsFolder({
      'companies/NI612345/charges.json': 'charges/charges-bad-status.json',
      'companies/99999999/insolvency.json': 'insolvency/NI612345-insolvency.json',
    });
    try {
      await importCompaniesCsv(
        orm.em.fork(),
        join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv'),
        {
          asOf,
        },
      );
      const first = await importCompanyDetailsDir(orm.em.fork(), folder, {
        source: 'import',
        detectedAt: asOf,
      });
      expect(first.problems).toEqual([
        expect.objectContaining({
          file: join(folder, 'companies/NI612345/charges.json'),
          code: 'invalid_argument',
        }),
      ]);
      expect(first.unknownCompanies).toBe(1);
      // 7 company files and 4 accounts documents, all baselines.
      expect(first).toMatchObject({ imported: 11, baselines: 11, changes: 0 });
      expect(first.pscSnapshot?.companies).toBeGreaterThan(0);
      const charges = await orm.em
        .getConnection()
        .execute<{ n: number | string }[]>(
          "select count(*) as n from charges where company_number = 'NI612345'",
        );
      expect(Number(charges[0]!.n)).toBe(0);

      const again = await importCompanyDetailsDir(orm.em.fork(), folder, {
        source: 'import',
        detectedAt: new Date(asOf.getTime() + 86_400_000),
      });
      expect(again).toMatchObject({ imported: 11, baselines: 0, changes: 0 });
      await expect(
        importCompanyDetailsDir(orm.em.fork(), join(folder, 'nowhere'), {
          source: 'import',
          detectedAt: asOf,
        }),
      ).rejects.toMatchObject({ code: 'invalid_argument' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await orm.close();
      await db.drop();
    }
  });
});
