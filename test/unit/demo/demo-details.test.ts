import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { MEASURE_NAMES } from '../../../src/domain/financials/accounts-measures';
import { mapAccountsMeasures } from '../../../src/ingest/companies-house/accounts/ixbrl-measures';
import { parseIxbrlDocument } from '../../../src/ingest/companies-house/accounts/ixbrl-document';
import { parseCompaniesCsv } from '../../../src/ingest/companies-house/companies-csv';
import { planDemoAccounts } from '../../../src/demo/details/demo-accounts-plan';
import {
  writeDemoCompanyDetails,
  type DemoDetailsCompany,
  type DemoDetailsSummary,
} from '../../../src/demo/details/demo-company-details';
import { writeDemoRegisterCsv } from '../../../src/demo/demo-register';

const asOf = new Date('2025-06-01T00:00:00Z');
const asOfDay = Math.floor(asOf.getTime() / 86_400_000);
const SEED = 11;

/** Companies as the lead reads them from the imported demo register: generated, then parsed by the CSV reader. */
async function registerCompanies(count: number, seed: number): Promise<DemoDetailsCompany[]> {
  const pipe = new PassThrough();
  const writing = writeDemoRegisterCsv(pipe, { companies: count, seed, asOf });
  const companies: DemoDetailsCompany[] = [];
  for await (const entry of parseCompaniesCsv(pipe, { asOf })) {
    if (!('profile' in entry)) continue;
    const p = entry.profile;
    companies.push({
      company_number: p.company_number,
      company_name: p.company_name,
      company_status: p.company_status,
      type: p.type,
      date_of_creation: p.date_of_creation,
      date_of_cessation: p.date_of_cessation,
      last_accounts_made_up_to: p.accounts.last_accounts.made_up_to,
      sic_codes: p.sic_codes,
      charge_counts: p.charge_counts,
    });
  }
  await writing;
  return companies;
}

/** Every file under dir, path → bytes. */
async function snapshot(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const walk = async (sub: string) => {
    for (const entry of await readdir(join(dir, sub), { withFileTypes: true })) {
      const path = join(sub, entry.name);
      if (entry.isDirectory()) await walk(path);
      else files.set(path, await readFile(join(dir, path)));
    }
  };
  await walk('');
  return files;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('writeDemoCompanyDetails', () => {
  let companies: DemoDetailsCompany[];
  let dir: string;
  let summary: DemoDetailsSummary;
  let files: Map<string, Buffer>;
  const json = (path: string): Json => JSON.parse(files.get(path)!.toString('utf8')) as Json;
  const perCompany = (name: string) =>
    companies
      .filter((c) => files.has(join('companies', c.company_number, name)))
      .map((c) => ({ company: c, body: json(join('companies', c.company_number, name)) }));

  beforeAll(async () => {
    companies = await registerCompanies(200, 5);
    dir = await mkdtemp(join(tmpdir(), 'demo-details-'));
    summary = await writeDemoCompanyDetails(dir, companies, { seed: SEED, asOf });
    files = await snapshot(dir);
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the same bytes for the same inputs, and different ones for another seed', async () => {
    const again = await mkdtemp(join(tmpdir(), 'demo-details-'));
    const other = await mkdtemp(join(tmpdir(), 'demo-details-'));
    try {
      // Input order does not matter: companies are written in number order.
      expect(await writeDemoCompanyDetails(again, [...companies].reverse(), { seed: SEED, asOf })).toEqual(
        summary,
      );
      const second = await snapshot(again);
      expect([...second.keys()].sort()).toEqual([...files.keys()].sort());
      for (const [path, bytes] of files)
        expect({ path, same: bytes.equals(second.get(path)!) }).toEqual({ path, same: true });

      await writeDemoCompanyDetails(other, companies, { seed: SEED + 1, asOf });
      const changed = await snapshot(other);
      const officers = join('companies', companies[0]!.company_number, 'officers.json');
      expect(changed.get(officers)!.equals(files.get(officers)!)).toBe(false);
    } finally {
      await rm(again, { recursive: true, force: true });
      await rm(other, { recursive: true, force: true });
    }
  });

  it('writes officers and a filing history for every company, and says how much it wrote', () => {
    expect(summary.companies).toBe(200);
    expect(perCompany('officers.json')).toHaveLength(200);
    expect(perCompany('filing-history.json')).toHaveLength(200);
    expect(summary.officer_files).toBe(200);
    expect(summary.appointments).toBe(
      perCompany('officers.json').reduce((n, { body }) => n + body.items.length, 0),
    );
    expect(summary.filings).toBe(
      perCompany('filing-history.json').reduce((n, { body }) => n + body.items.length, 0),
    );
    expect(summary.accounts_documents).toBe([...files.keys()].filter((p) => p.startsWith('accounts')).length);
    expect(summary.accounts_documents).toBeGreaterThan(300);
  });

  it('lists officers as GET /company/{n}/officers does', () => {
    const roles = new Set<string>();
    for (const { company, body } of perCompany('officers.json')) {
      expect(body.kind).toBe('officer-list');
      expect(body.total_results).toBe(body.items.length);
      const resigned = body.items.filter((o: Json) => o.resigned_on !== undefined).length;
      expect([body.active_count, body.resigned_count]).toEqual([body.items.length - resigned, resigned]);
      for (const officer of body.items as Json[]) {
        roles.add(officer.officer_role);
        expect(officer.links.self).toMatch(
          new RegExp(`^/company/${company.company_number}/appointments/[\\w-]{27}$`),
        );
        expect(officer.links.officer.appointments).toMatch(/^\/officers\/[\w-]{27}\/appointments$/);
        expect(officer.appointed_on >= company.date_of_creation!).toBe(true);
        if (officer.resigned_on !== undefined) expect(officer.resigned_on > officer.appointed_on).toBe(true);
        expect(Object.keys(officer.address)).toEqual([
          'premises',
          'address_line_1',
          'locality',
          'postal_code',
          'country',
        ]);
        if (officer.officer_role === 'corporate-director') {
          expect(companies.map((c) => c.company_number)).toContain(
            officer.identification.registration_number,
          );
        } else {
          expect(officer.name).toMatch(/^[A-Z]+, [A-Z][a-z]+( [A-Z][a-z]+)?$/);
        }
        if (officer.officer_role === 'director' || officer.officer_role.startsWith('llp-')) {
          expect(officer.date_of_birth).toEqual({ month: expect.any(Number), year: expect.any(Number) });
          expect(typeof officer.nationality).toBe('string');
        }
        if (company.type === 'llp') expect(officer.officer_role).toMatch(/^llp-(designated-)?member$/);
      }
    }
    expect([...roles].sort()).toEqual(
      ['corporate-director', 'director', 'llp-designated-member', 'llp-member', 'secretary'].sort(),
    );
  });

  it('shares officers between companies and keeps namesakes apart', () => {
    const byOfficer = new Map<string, { company: string; name: string; birth: string }[]>();
    for (const { company, body } of perCompany('officers.json')) {
      for (const officer of body.items as Json[]) {
        if (!officer.date_of_birth) continue;
        const id = officer.links.officer.appointments as string;
        byOfficer.set(id, [
          ...(byOfficer.get(id) ?? []),
          {
            company: company.company_number,
            name: officer.name,
            birth: JSON.stringify(officer.date_of_birth),
          },
        ]);
      }
    }
    const shared = [...byOfficer.values()].filter((a) => new Set(a.map((x) => x.company)).size >= 2);
    expect(shared.length).toBeGreaterThanOrEqual(5);
    for (const appointments of shared) {
      expect(new Set(appointments.map((a) => `${a.name}|${a.birth}`)).size).toBe(1);
    }
    expect(shared.some((a) => new Set(a.map((x) => x.company)).size >= 3)).toBe(true);

    // Namesakes: one name, different officer ids and births, at different companies.
    const byName = new Map<string, { id: string; company: string; birth: string }[]>();
    for (const [id, appointments] of byOfficer) {
      const first = appointments[0]!;
      byName.set(first.name, [
        ...(byName.get(first.name) ?? []),
        { id, company: first.company, birth: first.birth },
      ]);
    }
    const namesakes = [...byName.values()].filter(
      (people) => people.length >= 2 && new Set(people.map((p) => p.birth)).size === people.length,
    );
    expect(namesakes.length).toBeGreaterThanOrEqual(5);
    for (const people of namesakes) expect(new Set(people.map((p) => p.company)).size).toBeGreaterThan(1);
  });

  it('files the forms behind appointments, resignations, charges and accounts', () => {
    const categories = new Set<string>();
    let resignedChecked = 0;
    for (const { company, body } of perCompany('filing-history.json')) {
      expect(body.filing_history_status).toBe('filing-history-available');
      expect(body.total_count).toBe(body.items.length);
      const items = body.items as Json[];
      const dates = items.map((f) => f.date as string);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(new Set(items.map((f) => f.transaction_id)).size).toBe(items.length);
      for (const filing of items) {
        categories.add(filing.category);
        expect(filing.links.self).toBe(
          `/company/${company.company_number}/filing-history/${filing.transaction_id}`,
        );
        expect(filing.links.document_metadata).toMatch(/^https:\/\/document-api\./);
        expect(typeof filing.description).toBe('string');
        expect(typeof filing.description_values).toBe('object');
        expect(filing.barcode).toMatch(/^[A-Z0-9]{8}$/);
        expect(filing.date >= company.date_of_creation! && filing.date <= '2025-06-01').toBe(true);
      }
      const has = (type: RegExp, values: Json) =>
        items.some(
          (f) => type.test(f.type) && Object.entries(values).every(([k, v]) => f.description_values[k] === v),
        );

      const officers = json(join('companies', company.company_number, 'officers.json')).items as Json[];
      for (const officer of officers) {
        if (officer.resigned_on !== undefined) {
          expect(
            has(/^(TM0[12]|LLTM01)$/, { officer_name: officer.name, termination_date: officer.resigned_on }),
          ).toBe(true);
          resignedChecked++;
        }
        if (officer.appointed_on > company.date_of_creation!) {
          expect(
            has(/^(AP0[123]|LLAP01)$/, {
              officer_name: officer.name,
              appointment_date: officer.appointed_on,
            }),
          ).toBe(true);
        }
      }
      if (company.last_accounts_made_up_to !== null && company.type !== 'limited-partnership') {
        expect(has(/^AA$/, { made_up_date: company.last_accounts_made_up_to })).toBe(true);
      }
      expect(items.filter((f) => /^M[RG]01$/.test(f.type))).toHaveLength(company.charge_counts.total);
    }
    expect(resignedChecked).toBeGreaterThan(20);
    for (const category of [
      'incorporation',
      'accounts',
      'confirmation-statement',
      'address',
      'officers',
      'mortgage',
      'capital',
      'resolution',
      'persons-with-significant-control',
    ]) {
      expect(categories).toContain(category);
    }
  });

  it("writes charges for every company, with the register's counts (the empty list for none)", () => {
    const withCharges = companies.filter((c) => c.charge_counts.total > 0);
    expect(withCharges.length).toBeGreaterThan(5);
    expect(perCompany('charges.json').map((x) => x.company)).toEqual(companies);
    for (const { company, body } of perCompany('charges.json')) {
      if (company.charge_counts.total === 0) {
        expect(body).toEqual({ items: [], total_count: 0 });
        continue;
      }
      const counts = company.charge_counts;
      const items = body.items as Json[];
      const status = (s: string) => items.filter((c) => c.status === s).length;
      expect([body.total_count, body.unfiltered_count, items.length]).toEqual([
        counts.total,
        counts.total,
        counts.total,
      ]);
      expect([body.satisfied_count, status('fully-satisfied')]).toEqual([counts.satisfied, counts.satisfied]);
      expect([body.part_satisfied_count, status('part-satisfied')]).toEqual([
        counts.part_satisfied,
        counts.part_satisfied,
      ]);
      expect(status('outstanding')).toBe(counts.outstanding);
      const filings = json(join('companies', company.company_number, 'filing-history.json')).items as Json[];
      for (const charge of items) {
        expect(charge.classification.type).toBe('charge-description');
        expect(charge.links.self).toMatch(
          new RegExp(`^/company/${company.company_number}/charges/[\\w-]{27}$`),
        );
        expect(charge.persons_entitled).toEqual([{ name: expect.any(String) }]);
        expect(charge.satisfied_on !== undefined).toBe(charge.status === 'fully-satisfied');
        if (charge.charge_code !== undefined)
          expect(charge.charge_code).toBe(
            `${company.company_number}${String(charge.charge_number).padStart(4, '0')}`,
          );
        const created = filings.find((f) => f.links.self === charge.transactions[0].links.filing);
        expect(created?.description).toBe(
          'mortgage-create-with-deed-with-charge-number-charge-creation-date',
        );
        expect(created?.description_values.charge_creation_date).toBe(charge.created_on);
      }
    }
  });

  it('writes an insolvency case exactly for the companies in an insolvency status, none for the rest', () => {
    const insolvent = companies.filter((c) =>
      [
        'liquidation',
        'administration',
        'receivership',
        'voluntary-arrangement',
        'insolvency-proceedings',
      ].includes(c.company_status),
    );
    expect(insolvent.length).toBeGreaterThan(0);
    expect(perCompany('insolvency.json').map((x) => x.company)).toEqual(companies);
    for (const { company, body } of perCompany('insolvency.json')) {
      if (!insolvent.includes(company)) {
        expect(body).toEqual({ cases: [] });
        continue;
      }
      expect(body.cases).toHaveLength(1);
      const [kase] = body.cases as Json[];
      expect(kase!.number).toBe('1');
      expect(kase!.dates.length).toBeGreaterThan(0);
      for (const date of kase!.dates as Json[]) expect(date.date >= company.date_of_creation!).toBe(true);
      expect(kase!.practitioners).toEqual([
        expect.objectContaining({
          name: expect.any(String),
          role: expect.any(String),
          appointed_on: expect.any(String),
        }),
        expect.objectContaining({ address: expect.objectContaining({ postal_code: expect.any(String) }) }),
      ]);
      if (company.company_status === 'liquidation') expect(kase!.type).toMatch(/liquidation$/);
    }
  });

  it('writes the PSC snapshot in company number order with a totals line, and a chain through demo companies', () => {
    const lines = files
      .get('psc-snapshot.txt')!
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
    const totals = lines.pop()!;
    expect(totals).toEqual({
      data: {
        kind: 'totals#persons-of-significant-control-snapshot',
        persons_of_significant_control_count: lines.filter((l) => !l.data.statement).length,
        statements_count: lines.filter((l) => l.data.statement).length,
        exemptions_count: 0,
      },
    });
    expect(summary.psc_lines).toBe(lines.length);
    const numbers = lines.map((l) => l.company_number as string);
    expect([...numbers].sort()).toEqual(numbers);
    const known = new Map(companies.map((c) => [c.company_number, c]));
    const kinds = new Set<string>();
    for (const { company_number, data } of lines) {
      kinds.add(data.kind);
      expect(known.has(company_number)).toBe(true);
      expect(data.notified_on >= '2016-04-06').toBe(true);
      if (data.ceased_on !== undefined) expect(data.ceased_on > data.notified_on).toBe(true);
      const segment = {
        'individual-person-with-significant-control': 'persons-with-significant-control/individual/',
        'corporate-entity-person-with-significant-control':
          'persons-with-significant-control/corporate-entity/',
        'legal-person-person-with-significant-control': 'persons-with-significant-control/legal-person/',
        'persons-with-significant-control-statement': 'persons-with-significant-control-statements/',
      }[data.kind as string];
      expect(data.links.self).toMatch(new RegExp(`^/company/${company_number}/${segment}[\\w-]{27}$`));
      if (data.kind === 'persons-with-significant-control-statement')
        expect(typeof data.statement).toBe('string');
      else expect(data.natures_of_control.length).toBeGreaterThan(0);
      if (data.kind === 'individual-person-with-significant-control') {
        expect(data.name).toBe(
          [
            data.name_elements.title,
            data.name_elements.forename,
            data.name_elements.middle_name,
            data.name_elements.surname,
          ]
            .filter(Boolean)
            .join(' '),
        );
        expect(data.date_of_birth).toEqual({ month: expect.any(Number), year: expect.any(Number) });
      }
    }
    expect(kinds).toContain('persons-with-significant-control-statement');
    expect(lines.some((l) => l.data.ceased_on !== undefined)).toBe(true);
    // A company with no line (a partnership, one dissolved before the PSC regime) gets the API's empty list, so
    // its PSCs are held as none rather than not held.
    const inSnapshot = new Set(numbers);
    const withoutLines = companies.filter((c) => !inSnapshot.has(c.company_number));
    expect(withoutLines.length).toBeGreaterThan(0);
    expect(perCompany('persons-with-significant-control.json').map((x) => x.company)).toEqual(withoutLines);
    for (const { body } of perCompany('persons-with-significant-control.json'))
      expect(body).toEqual({ kind: 'persons-with-significant-control#list', items: [], total_results: 0 });

    const corporates = lines.filter(
      (l) => l.data.kind === 'corporate-entity-person-with-significant-control',
    );
    expect(corporates.length).toBeGreaterThan(0);
    const controllersOf = (number: string) =>
      lines.filter((l) => l.company_number === number && l.data.ceased_on === undefined);
    const heights: number[] = [];
    for (const { data } of corporates) {
      let parent = data.identification.registration_number as string;
      expect(known.get(parent)?.company_name).toBe(data.name);
      // The parent is controlled in turn by an individual (who also sits on the child's board), or, for one
      // chain, by another demo company that is.
      let height = 1;
      const corporate = (number: string) =>
        controllersOf(number).find((l) => l.data.kind === 'corporate-entity-person-with-significant-control');
      for (let above = corporate(parent); above !== undefined; above = corporate(parent)) {
        parent = above.data.identification.registration_number as string;
        height++;
      }
      expect(controllersOf(parent).map((l) => l.data.kind)).toContain(
        'individual-person-with-significant-control',
      );
      heights.push(height);
    }
    expect(Math.max(...heights)).toBe(2);
    // One listed plc files its PSC exemption and names no PSC.
    const exempt = perCompany('exemptions.json');
    expect(exempt).toHaveLength(1);
    expect(exempt[0]!.body).toMatchObject({
      exemptions: {
        psc_exempt_as_trading_on_uk_regulated_market: { items: [{ exempt_from: expect.any(String) }] },
      },
    });
    expect(exempt[0]!.company.type).toBe('plc');
    expect(inSnapshot.has(exempt[0]!.company.company_number)).toBe(false);
  });

  it('writes accounts that read back to exactly the planned figures, with true comparatives', () => {
    const accounts = [...files.keys()].filter((p) => p.startsWith('accounts'));
    const byCompany = new Map<string, Map<string, ReturnType<typeof mapAccountsMeasures>>>();
    const styles = new Set<string>();
    for (const company of companies) {
      const plan = planDemoAccounts(company, SEED, asOfDay);
      if (company.type === 'limited-partnership' || !plan) {
        expect(accounts.filter((p) => p.includes(`_${company.company_number}_`))).toEqual([]);
        continue;
      }
      styles.add(plan.style);
      expect(plan.documents.length).toBeGreaterThan(0);
      expect(plan.documents[0]!.balance_sheet_date).toBe(company.last_accounts_made_up_to);
      const read = new Map<string, ReturnType<typeof mapAccountsMeasures>>();
      for (const document of plan.documents) {
        const path = accounts.find((p) =>
          p.endsWith(`_${company.company_number}_${document.balance_sheet_date.replaceAll('-', '')}.html`),
        );
        expect(path).toMatch(/^accounts\/Prod223_\d+_[A-Z0-9]{8}_\d{8}\.html$/);
        const parsed = parseIxbrlDocument(files.get(path!)!.toString('utf8'));
        expect(parsed.problems).toEqual([]);
        const filed = mapAccountsMeasures(parsed);
        expect(filed.problems).toEqual([]);
        expect([filed.company_number, filed.entity_name, filed.balance_sheet_date]).toEqual([
          company.company_number,
          company.company_name,
          document.balance_sheet_date,
        ]);
        const expected = [...document.current, ...document.prior].map((year, i) => ({
          period_end: year.period_end,
          basis: year.basis,
          origin: i < document.current.length ? 'filed' : 'comparative',
          measures: Object.fromEntries(MEASURE_NAMES.map((name) => [name, year.measures[name] ?? null])),
        }));
        expect(
          filed.years.map((y) => ({
            period_end: y.period_end,
            basis: y.basis,
            origin: y.origin,
            measures: Object.fromEntries(MEASURE_NAMES.map((name) => [name, y.measures[name].value])),
          })),
        ).toEqual(expected);
        const current = filed.years.find((y) => y.origin === 'filed' && y.basis === 'company')!;
        if (
          plan.style === 'frs105-micro' ||
          plan.style === 'dormant' ||
          plan.style === 'uk-gaap-abbreviated'
        ) {
          expect(current.profit_and_loss_filed).toBe(false);
        }
        if (plan.style === 'frs102-small') expect(current.profit_and_loss_filed).toBe(true);
        if (plan.style === 'group')
          expect(filed.years.find((y) => y.basis === 'group')?.profit_and_loss_filed).toBe(true);
        read.set(document.balance_sheet_date, filed);
      }
      byCompany.set(company.company_number, read);

      // Each document's comparatives are the year before exactly as its own document filed it.
      for (const [, filed] of read) {
        for (const comparative of filed.years.filter((y) => y.origin === 'comparative')) {
          const own = read
            .get(comparative.period_end)
            ?.years.find((y) => y.origin === 'filed' && y.basis === comparative.basis);
          if (!own) continue;
          for (const name of MEASURE_NAMES)
            expect(comparative.measures[name].value).toBe(own.measures[name].value);
        }
      }
    }
    expect([...styles].sort()).toEqual(
      ['dormant', 'frs102-full', 'frs102-small', 'frs105-micro', 'group', 'uk-gaap-abbreviated'].filter((s) =>
        styles.has(s),
      ),
    );
    expect(styles).toContain('frs102-small');
    expect(styles).toContain('frs105-micro');
    expect(styles).toContain('group');

    // Some companies lost money two years running, with falling cash and net liabilities; some grew.
    let struggling = 0;
    let growing = 0;
    for (const read of byCompany.values()) {
      const years = [...read.values()][0]!.years.filter((y) => y.basis === 'company');
      const [now, before] = years;
      if (!now || !before || now.measures.profit_loss.value === null || now.measures.cash.value === null)
        continue;
      if (
        now.measures.profit_loss.value < 0 &&
        before.measures.profit_loss.value! < 0 &&
        now.measures.cash.value < before.measures.cash.value! &&
        now.measures.net_assets.value! < 0
      )
        struggling++;
      if (
        now.measures.turnover.value !== null &&
        now.measures.turnover.value > before.measures.turnover.value! * 1.1 &&
        now.measures.profit_loss.value > 0
      )
        growing++;
    }
    expect(struggling).toBeGreaterThan(0);
    expect(growing).toBeGreaterThan(0);
  });

  it('writes balance sheets that add up', () => {
    for (const company of companies) {
      const plan = planDemoAccounts(company, SEED, asOfDay);
      for (const document of plan?.documents ?? []) {
        for (const year of [...document.current, ...document.prior]) {
          const m = year.measures;
          if (
            m.current_assets !== undefined &&
            m.creditors_within_one_year !== undefined &&
            year.extra.fixed_assets !== undefined
          ) {
            expect(year.extra.fixed_assets + m.current_assets - m.creditors_within_one_year).toBe(
              m.total_assets_less_current_liabilities,
            );
          }
          if (m.cash !== undefined) expect(m.cash <= m.current_assets!).toBe(true);
          if (m.turnover !== undefined)
            expect(m.turnover - year.extra.cost_of_sales! - year.extra.administrative_expenses!).toBe(
              m.operating_profit,
            );
        }
      }
    }
  });

  it('refuses input it cannot write', async () => {
    const company = companies[0]!;
    await expect(
      writeDemoCompanyDetails(dir, [{ ...company, company_number: '../etc' }], { asOf }),
    ).rejects.toThrow(RangeError);
    await expect(writeDemoCompanyDetails(dir, [company], { asOf: new Date('nope') })).rejects.toThrow(
      RangeError,
    );
    await expect(writeDemoCompanyDetails(dir, [company], { asOf, seed: 1.5 })).rejects.toThrow(RangeError);
  });
});
