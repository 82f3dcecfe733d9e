import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { OfficerAppointmentEntity } from '../../src/db/entities/officer-appointment';
import { setPlan } from '../../src/domain/accounts/accounts';
import { demoSanctionsCollisions } from '../../src/demo/demo-sanctions-collisions';
import { demoOfacNamesake } from '../../src/demo/lists/demo-list-namesakes';
import { callToolChecked, connectMcp } from '../support/mcp-client';
import { seededDemoDatabase, type DemoDatabase } from '../support/demo-database';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

/*
 * The "Done when" of the health score, screener, sanctions and KYB work, as an agent would go about it on the
 * embedded default: the store seeded as `npm start` seeds it (200 demo companies with their details, postcodes,
 * health scores and the demo UK Sanctions List), a Starter key, and nothing but MCP tool calls, each answer
 * checked against the tool's listed output schema.
 */

jest.setTimeout(180_000);

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('a compliance agent on the demo register', () => {
  let app: TestApp;
  let agent: Client;
  let demo: DemoDatabase;
  const call = (name: string, args: Record<string, unknown>) =>
    callToolChecked(agent, name, args) as Promise<Row>;

  beforeAll(async () => {
    demo = await seededDemoDatabase();
    expect(demo.log.companies).toBe(200);
    app = await startTestApp({}, { database: demo.db });
    const user = await signUp(app);
    await setPlan(app.services.orm.em.fork(), user.account_id, 'starter');
    agent = await connectMcp(app, user.api_key);
  });
  afterAll(async () => {
    await agent?.close();
    await app?.stop();
  });

  it('gets the health of a company behind with its accounts and in net liabilities, with the evidence', async () => {
    const found = await call('screen_companies', {
      status: 'active',
      accounts_overdue: true,
      net_assets_max: -1,
    });
    expect(found.items.length).toBeGreaterThan(0);
    const company = found.items[0];
    const health = await call('get_health_score', { company_number: company.company_number });
    expect(health.score).toEqual(expect.any(Number));
    expect(health.grade).toMatch(/^[A-E]$/);
    const signal = (code: string) => health.signals.find((s: Row) => s.code === code);

    const overdue = signal('accounts_overdue');
    expect(overdue).toBeDefined();
    const dueDate = company.filings.accounts_next_due;
    expect(JSON.stringify(overdue.evidence)).toContain(dueDate);

    const liabilities = signal('net_liabilities');
    const [figure] = liabilities.evidence.accounts_figures;
    expect(figure).toMatchObject({
      measure: 'net_assets',
      value: company.latest_accounts.figures.net_assets,
    });
    // The agent can check the figure against the filed accounts.
    const history = await call('get_financial_history', { company_number: company.company_number });
    const year = history.years.find((y: Row) => y.period_end === figure.period_end);
    expect(year.figures.net_assets).toBe(figure.value);
    expect(figure.value).toBeLessThan(0);
    // Every point the score lost is a fired rule's, and the calculation says so.
    const lost = health.signals.reduce((sum: number, s: Row) => sum - s.effect, 0);
    expect(lost).toBeGreaterThan(0);
    expect(health.score).toBeLessThanOrEqual(100 - lost >= 0 ? 100 - lost : 0);
  });

  it('screens for growing software companies in the North West over £1m, and can check each one', async () => {
    const found = await call('screen_companies', {
      sic_division: '62',
      region: 'North West',
      turnover_min: 1_000_000,
      turnover_growth_min: 0.01,
    });
    expect(found.items.length).toBeGreaterThan(0);
    for (const company of found.items) {
      expect(company.place.region.code).toBe('TLD');
      expect(company.sic_codes.some((code: string) => code.startsWith('62'))).toBe(true);
      const history = await call('get_financial_history', { company_number: company.company_number });
      const latest = history.years.find((y: Row) => y.period_end === company.growth.to_period_end);
      const previous = history.years.find((y: Row) => y.period_end === company.growth.from_period_end);
      expect(latest.figures.turnover).toBeGreaterThanOrEqual(1_000_000);
      expect(latest.figures.turnover).toBeGreaterThan(previous.figures.turnover);
    }
  });

  it('sees health grades on its lists', async () => {
    const list = await call('create_list', { name: 'Suppliers', kind: 'suppliers' });
    const screened = await call('screen_companies', { status: 'active', limit: 10 });
    await call('add_companies_to_list', {
      list_id: list.id,
      company_numbers: screened.items.map((c: Row) => c.company_number),
    });
    const { lists } = await call('get_lists', {});
    const suppliers = lists.find((l: Row) => l.id === list.id);
    const grades = suppliers.health_grades;
    const counted = Object.values(grades as Record<string, number>).reduce((sum, n) => sum + n, 0);
    expect(counted).toBe(suppliers.company_count);
    expect(grades.unscored).toBeLessThan(suppliers.company_count);
  });

  it('screens a company whose officer shares a designated person’s name and birth month and year', async () => {
    const [collision] = await demoSanctionsCollisions(app.services.orm.em.fork());
    if (collision?.kind !== 'person' || collision.birth === null)
      throw new Error('no person collision seeded');
    const officer = await app.services.orm.em.fork().findOneOrFail(OfficerAppointmentEntity, {
      name: `${collision.surname}, ${collision.forenames}`,
      birthYear: collision.birth.year,
      birthMonth: collision.birth.month,
    });
    const screen = await call('screen_sanctions', { company_number: officer.companyNumber });
    const match = screen.potential_matches.find((m: Row) => m.subject.name === officer.name);
    expect(match).toBeDefined();
    expect(match.designation.birth_dates).toContainEqual(
      expect.objectContaining({ year: collision.birth.year, month: collision.birth.month }),
    );
    const dob = match.explanation.contributions.find((c: Row) => c.feature === 'date_of_birth');
    expect(dob.value).toBeGreaterThan(0);
    expect(screen.disclaimer).toContain('not a finding');

    const kyb = await call('run_kyb_check', {
      client_reference: 'onboarding-sanctions',
      stated_company_name: screen.company_name,
      company_number: officer.companyNumber,
    });
    expect(kyb.reasons.map((r: Row) => r.code)).toContain('sanctions_potential_match');
    expect(['refer', 'fail']).toContain(kyb.outcome);
  });

  it('finds a director’s namesake on the OFAC list only, naming OFAC, its programme and the version; KYB records every list version', async () => {
    const namesake = await demoOfacNamesake(app.services.orm.em.fork());
    if (namesake === null) throw new Error('no OFAC-only namesake seeded');
    const screen = await call('screen_sanctions', { company_number: namesake.companyNumber });
    expect(screen.lists.map((l: Row) => l.list)).toEqual(['uk', 'ofac', 'eu', 'un']);
    expect(screen.lists_not_screened).toEqual([]);
    const ofac = screen.lists.find((l: Row) => l.list === 'ofac');
    expect(screen.potential_matches).toHaveLength(1);
    const [match] = screen.potential_matches;
    expect(match.subject).toMatchObject({ role: 'officer', name: namesake.officerName });
    expect(match.designation).toMatchObject({ list: 'ofac', unique_id: namesake.uniqueIds.ofac });
    expect(match.listings).toEqual([
      expect.objectContaining({
        list: 'ofac',
        list_name: 'OFAC Specially Designated Nationals List',
        list_version_id: ofac.version_id,
        regimes: expect.arrayContaining(['RUSSIA-EO14024']) as unknown,
      }),
    ]);
    expect(screen.summary).toContain('OFAC Specially Designated Nationals List');

    const kyb = await call('run_kyb_check', {
      client_reference: 'onboarding-ofac',
      stated_company_name: screen.company_name,
      company_number: namesake.companyNumber,
    });
    expect(kyb.inputs.sanctions_list_versions).toEqual(
      screen.lists.map((l: Row) => ({
        list: l.list,
        id: String(l.version_id),
        published_on: l.published_on,
      })),
    );
    const reason = kyb.reasons.find((r: Row) => r.code === 'sanctions_potential_match');
    expect(reason.evidence.matches[0].designation).toMatchObject({
      list: 'ofac',
      unique_id: namesake.uniqueIds.ofac,
    });
  });

  it('runs a KYB check with a slightly wrong name and gets refer with the similarity; both checks are listed', async () => {
    const { items } = await call('screen_companies', { status: 'active', sort: 'company_number', limit: 50 });
    const company = items.find(
      (c: Row) => /^[A-Z ]+ LTD$/.test(c.company_name) && c.company_name.length > 16,
    );
    // One letter dropped from the registered name: what a customer typing it in might send.
    const stated = company.company_name.replace(/([A-Z])([A-Z]) /, '$1 ');
    expect(stated).not.toBe(company.company_name);
    const kyb = await call('run_kyb_check', {
      client_reference: 'onboarding-typo',
      stated_company_name: stated,
      company_number: company.company_number,
    });
    const name = kyb.reasons.find((r: Row) => r.code === 'name_close_match');
    expect(name.outcome).toBe('refer');
    expect(name.evidence.similarity).toBeGreaterThanOrEqual(0.85);
    expect(name.evidence.similarity).toBeLessThan(1);
    expect(['refer', 'fail']).toContain(kyb.outcome);
    expect(kyb.reasons.every((r: Row) => r.outcome !== 'fail')).toBe(kyb.outcome === 'refer');

    const listed = await call('list_kyb_checks', {});
    expect(listed.items.map((c: Row) => c.client_reference)).toEqual([
      'onboarding-typo',
      'onboarding-ofac',
      'onboarding-sanctions',
    ]);
  });

  /*
   * Issue 39's "Done when": run_kyb_check over MCP on each company the start-up log names for a KYB example, as a
   * new user reads the log of `npm start` and asks about them, each answer with its evidence.
   */
  describe('the KYB examples the start-up log names', () => {
    const logged = (field: string) => demo.log[field] as string[];
    const check = async (companyNumber: string, reference: string) => {
      const company = await call('get_company', { company_number: companyNumber });
      const kyb = await call('run_kyb_check', {
        client_reference: reference,
        stated_company_name: company.company_name,
        company_number: companyNumber,
      });
      // A pass or not, every result says what it did not look at.
      expect(kyb.checks_not_performed.map((c: Row) => c.check)).toEqual(
        expect.arrayContaining(['pep_screening', 'adverse_media', 'county_court_judgments']),
      );
      return kyb;
    };
    const reason = (kyb: Row, code: string) => kyb.reasons.find((r: Row) => r.code === code);

    it('a director overdue for identity verification: refer, with the due date', async () => {
      const kyb = await check(logged('identity_verification_overdue')[0]!.slice(0, 8), 'example-idv');
      const overdue = reason(kyb, 'identity_verification_overdue');
      expect(overdue.outcome).toBe('refer');
      expect(JSON.stringify(overdue.evidence)).toMatch(
        /"appointment_verification_statement_due_on":"\d{4}-\d{2}-\d{2}"/,
      );
    });

    it('a serving disqualified director: fail, with the order and the appointment', async () => {
      const kyb = await check(logged('disqualified_directors')[0]!.slice(0, 8), 'example-disqualified');
      expect(kyb.outcome).toBe('fail');
      expect(reason(kyb, 'disqualified_director').evidence).toMatchObject({
        directors: [{ basis: 'officer_id', disqualifications: [{ status: 'current' }] }],
      });
    });

    it('a company owned through two companies: traced to a natural person, the chain on the PSC tool', async () => {
      const companyNumber = /\((\S{8})\)/.exec(logged('ownership_two_level_chain')[0]!)![1]!;
      const kyb = await check(companyNumber, 'example-chain');
      const control = kyb.checks_performed.find((c: Row) => c.check === 'control');
      expect(control).toMatchObject({ outcome: 'pass', reason_codes: [] });
      expect(control.detail).toMatch(/Ultimate owners: .+over 25 %: yes/);
      const pscs = await call('get_persons_with_significant_control', { company_number: companyNumber });
      expect(pscs.ownership.natural_person_reached).toBe(true);
      expect(
        pscs.ownership.chains.some(
          (chain: Row) => chain.end === 'natural_person' && chain.links.length === 3,
        ),
      ).toBe(true);
    });

    it('a listed company: exempt, not referred for want of a PSC', async () => {
      const kyb = await check(logged('psc_exempt_listed_company')[0]!.slice(0, 8), 'example-listed');
      expect(reason(kyb, 'psc_exempt_listed_company')).toMatchObject({ outcome: 'pass' });
      expect(reason(kyb, 'no_psc_identified')).toBeUndefined();
    });

    it('a PO box registered office and an address shared by many companies: refer, with the address', async () => {
      const poBox = await check(logged('registered_office_po_box')[0]!.slice(0, 8), 'example-po-box');
      expect(reason(poBox, 'registered_office_po_box')).toMatchObject({
        outcome: 'refer',
        evidence: { kind: 'po_box' },
      });
      const shared = await check(logged('registered_office_shared')[0]!.slice(-8), 'example-shared');
      expect(reason(shared, 'registered_office_shared').evidence.active_companies).toBeGreaterThan(50);
    });
  });
});
