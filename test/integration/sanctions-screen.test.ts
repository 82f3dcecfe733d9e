import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { z } from 'zod';
import { setPlan } from '../../src/domain/accounts/accounts';
import { importDemoSanctionsList } from '../../src/demo/demo-sanctions-list';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importCompanyDetailsDir } from '../../src/ingest/companies-house/resources/import-company-details';
import type { screenSanctions } from '../../src/operations/screen-sanctions';
import { CSV_COLUMN, csvRow, SAMPLE_COMPANIES_CSV } from '../support/company-csv-rows';
import { callToolChecked, connectMcp, toolError } from '../support/mcp-client';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

/*
 * screen_sanctions on a company written in Companies House's formats (register CSV, officers, PSCs) and a list
 * in the UK Sanctions List's published layout (the demo generator with chosen collisions), both taken in by the
 * real importers, then screened over REST and MCP.
 */

type Screen = z.infer<typeof screenSanctions.output>;

const NUMBER = '08112233';
const COMPANY = 'NORDVIND TRADING LTD';
const AS_OF = new Date('2026-11-01T00:00:00Z');

const officer = (
  id: string,
  name: string,
  role: string,
  birth: { month: number; year: number } | null,
  resignedOn?: string,
) => ({
  name,
  officer_role: role,
  appointed_on: '2019-01-01',
  ...(resignedOn ? { resigned_on: resignedOn } : {}),
  ...(birth ? { date_of_birth: birth, nationality: 'Russian', country_of_residence: 'England' } : {}),
  address: { address_line_1: '1 Quay Street', locality: 'Hull', postal_code: 'HU1 1AA' },
  links: {
    self: `/company/${NUMBER}/appointments/${id}`,
    officer: { appointments: `/officers/${id}-person/appointments` },
  },
});

function storeCompany(dir: string): { register: string; details: string } {
  const register = join(dir, 'register.csv');
  writeFileSync(
    register,
    `${readFileSync(SAMPLE_COMPANIES_CSV, 'utf8').split('\n')[0]}\n` +
      `${csvRow({ [CSV_COLUMN.NAME]: COMPANY, [CSV_COLUMN.NUMBER]: NUMBER })}\n` +
      `${csvRow({ [CSV_COLUMN.NAME]: 'QUIET MEADOW BAKERY LTD', [CSV_COLUMN.NUMBER]: '08112244' })}\n`,
  );
  const details = join(dir, 'details');
  const company = join(details, 'companies', NUMBER);
  mkdirSync(company, { recursive: true });
  writeFileSync(
    join(company, 'officers.json'),
    JSON.stringify({
      kind: 'officer-list',
      items: [
        officer('petrov', 'PETROV, Ivan Sergeevich', 'director', { month: 3, year: 1971 }),
        officer('smith', 'SMITH, John', 'director', { month: 5, year: 1990 }),
        {
          ...officer('albion', 'ALBION HOLDINGS LIMITED', 'corporate-director', null),
          identification: {
            identification_type: 'uk-limited-company',
            registration_number: '04567890',
            place_registered: 'Companies House',
            legal_authority: 'Companies Act 2006',
          },
        },
        officer('volkov', 'VOLKOV, Oleg', 'director', { month: 7, year: 1965 }, '2024-01-31'),
      ],
    }),
  );
  writeFileSync(
    join(company, 'persons-with-significant-control.json'),
    JSON.stringify({
      kind: 'persons-with-significant-control#list',
      items: [
        {
          kind: 'individual-person-with-significant-control',
          name: 'Mr Richard Barnes',
          name_elements: { title: 'Mr', forename: 'Richard', surname: 'BARNES' },
          date_of_birth: { month: 9, year: 1958 },
          nationality: 'British',
          natures_of_control: ['ownership-of-shares-75-to-100-percent'],
          notified_on: '2019-01-01',
          links: { self: `/company/${NUMBER}/persons-with-significant-control/individual/barnes-1` },
        },
        {
          kind: 'corporate-entity-person-with-significant-control',
          name: 'KAMA HOLDING OOO',
          identification: {
            legal_form: 'Limited liability company',
            legal_authority: 'Civil Code of the Russian Federation',
            place_registered: 'Unified State Register of Legal Entities',
            registration_number: '1027700132195',
            country_registered: 'Russian Federation',
          },
          natures_of_control: ['ownership-of-shares-25-to-50-percent'],
          notified_on: '2019-01-01',
          links: { self: `/company/${NUMBER}/persons-with-significant-control/corporate-entity/kama-1` },
        },
        {
          kind: 'super-secure-person-with-significant-control',
          description: 'super-secure-persons-with-significant-control',
          notified_on: '2020-01-01',
          links: { self: `/company/${NUMBER}/persons-with-significant-control/super-secure/ss-1` },
        },
      ],
    }),
  );
  return { register, details };
}

describe('screen_sanctions', () => {
  let app: TestApp;
  let key: string;
  let client: Client;
  let dir: string;
  let ids: string[];

  const screen = (path: string, apiKey = key) =>
    request<Screen & ErrorBody>(app, 'GET', path, { key: apiKey });

  beforeAll(async () => {
    app = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'cds-screen-'));
    const files = storeCompany(dir);
    const em = app.services.orm.em.fork();
    await importCompaniesCsv(em, files.register, { asOf: AS_OF });
    const details = await importCompanyDetailsDir(em, files.details, { source: 'import', detectedAt: AS_OF });
    expect(details.problems).toEqual([]);
    const list = await importDemoSanctionsList(em, {
      designations: 60,
      seed: 3,
      asOf: AS_OF,
      collisions: [
        { kind: 'person', forenames: 'Ivan Sergeevich', surname: 'PETROV', birth: { year: 1971, month: 3 } },
        { kind: 'person', forenames: 'John', surname: 'SMITH', birth: { year: 1962, month: 5 } },
        { kind: 'person', forenames: 'Oleg', surname: 'VOLKOV', birth: { year: 1965, month: 7 } },
        { kind: 'person', forenames: 'Richard', surname: 'BARNES', birth: null, script: 'cyrillic' },
        { kind: 'entity', name: 'NORDVIND TRADING LLC' },
        {
          kind: 'registered_entity',
          name: 'BALTIC GRAIN TERMINAL LLC',
          registrationNumbers: 'Company No. 4567890',
        },
        {
          kind: 'registered_entity',
          name: 'SEVERNY KAMA AO',
          registrationNumbers: '(1) INN: 7707083893 (2) OGRN: 1027700132195',
        },
        {
          kind: 'registered_entity',
          name: 'ALBION HOLDINGS LIMITED',
          registrationNumbers: 'Company number 09999999',
        },
      ],
    });
    expect(list.status).toBe('imported');
    ids = list.collisionIds;
    const user = await signUp(app);
    await setPlan(app.services.orm.em.fork(), user.account_id, 'starter');
    key = user.api_key;
    client = await connectMcp(app, key);
  });
  afterAll(async () => {
    await client?.close();
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const [PETROV, SMITH, VOLKOV, BARNES, NORDVIND, BALTIC, SEVERNY, ALBION] = [0, 1, 2, 3, 4, 5, 6, 7];
  const matchOf = (body: Screen, index: number) =>
    body.potential_matches.filter((match) => match.designation.unique_id === ids[index]);
  const contribution = (match: Screen['potential_matches'][number], feature: string) =>
    match.explanation.contributions.find((c) => c.feature === feature);

  it('finds the officer who shares a designated person’s name and month and year of birth, explained', async () => {
    const response = await screen(`/company/${NUMBER}/sanctions-screen`);
    expect(response.status).toBe(200);
    const body = response.body;
    const [petrov] = matchOf(body, PETROV);
    expect(petrov).toMatchObject({
      subject: { role: 'officer', kind: 'person', name: 'PETROV, Ivan Sergeevich' },
      designation: { unique_id: ids[PETROV], type: 'individual', birth_dates: [{ year: 1971, month: 3 }] },
    });
    expect(petrov!.score).toBeGreaterThanOrEqual(petrov!.threshold);
    expect(contribution(petrov!, 'date_of_birth')!.value).toBeGreaterThan(0);
    // The contributions are the score, so a reviewer can check it by hand.
    const sum = petrov!.explanation.contributions.reduce((total, c) => total + c.value, 0);
    expect(sum).toBeCloseTo(petrov!.score, 3);
    expect(petrov!.explanation.name!.pairs.map((pair) => pair.subject).sort()).toEqual(
      ['IVAN', 'PETROV', 'SERGEEVICH'].sort(),
    );
  });

  it('weighs a different year of birth against a namesake', async () => {
    const body = (await screen(`/company/${NUMBER}/sanctions-screen`)).body;
    const petrov = matchOf(body, PETROV)[0]!;
    for (const smith of matchOf(body, SMITH)) {
      expect(contribution(smith, 'date_of_birth')!.value).toBeLessThan(0);
      expect(smith.score).toBeLessThan(petrov.score);
    }
  });

  it('matches the company against an entity across legal forms, and an owner through a Cyrillic alias', async () => {
    const body = (await screen(`/company/${NUMBER}/sanctions-screen`)).body;
    expect(matchOf(body, NORDVIND)).toEqual([
      expect.objectContaining({ subject: { role: 'company', kind: 'entity', name: COMPANY } }),
    ]);
    const [barnes] = matchOf(body, BARNES);
    expect(barnes).toMatchObject({ subject: { role: 'psc', kind: 'person', name: 'Mr Richard Barnes' } });
    expect(barnes!.explanation.name!.listed.kind).toBe('non_latin');
    // People are never set against entities, nor the company against people.
    for (const match of body.potential_matches)
      expect(match.designation.type === 'individual').toBe(match.subject.kind === 'person');
  });

  it('matches a corporate officer and a corporate PSC by the registration numbers the list publishes', async () => {
    const body = (await screen(`/company/${NUMBER}/sanctions-screen`)).body;
    const sum = (match: Screen['potential_matches'][number]) =>
      Math.round(match.explanation.contributions.reduce((total, c) => total + c.value, 0) * 10_000) / 10_000;
    const [baltic] = matchOf(body, BALTIC);
    expect(baltic).toMatchObject({ subject: { role: 'officer', name: 'ALBION HOLDINGS LIMITED' }, score: 1 });
    expect(contribution(baltic!, 'identifier')).toMatchObject({ rule: 'identifier_match' });
    expect(contribution(baltic!, 'identifier')!.evidence).toContain('"Company No. 4567890"');
    const [severny] = matchOf(body, SEVERNY);
    expect(severny).toMatchObject({ subject: { role: 'psc', name: 'KAMA HOLDING OOO' }, score: 1 });
    expect(contribution(severny!, 'identifier')!.evidence).toContain('OGRN 1027700132195');
    // The same name with another UK company number: still for review, the difference weighing against it.
    const [albion] = matchOf(body, ALBION);
    expect(albion).toMatchObject({ subject: { role: 'officer', name: 'ALBION HOLDINGS LIMITED' } });
    expect(contribution(albion!, 'identifier')).toMatchObject({ rule: 'identifier_differs' });
    expect(contribution(albion!, 'identifier')!.value).toBeLessThan(0);
    for (const match of [baltic!, severny!, albion!]) expect(match.score).toBe(sum(match));
    // Found by number alone: the company's own name shares no word with these designations.
    expect(
      matchOf(body, BALTIC)
        .concat(matchOf(body, SEVERNY))
        .map((m) => m.subject.role),
    ).toEqual(['officer', 'psc']);
  });

  it('says what was screened, against which list, and what could not be', async () => {
    const body = (await screen(`/company/${NUMBER}/sanctions-screen`)).body;
    expect(body.lists).toEqual([
      expect.objectContaining({
        list: 'uk',
        name: 'UK Sanctions List',
        version_id: 1,
        published_on: '2026-11-01',
      }),
    ]);
    expect(body.lists_not_screened.map((l) => [l.list, l.reason])).toEqual([
      ['ofac', 'not_held'],
      ['eu', 'not_held'],
      ['un', 'not_held'],
    ]);
    expect(body.screened.map((s) => [s.role, s.kind, s.name])).toEqual([
      ['company', 'entity', COMPANY],
      // The template row of the register file carries two previous names.
      ['previous_name', 'entity', 'ACORN LEAF SOLUTIONS LTD'],
      ['previous_name', 'entity', 'ACORN IT SERVICES LTD'],
      ['officer', 'entity', 'ALBION HOLDINGS LIMITED'],
      ['officer', 'person', 'PETROV, Ivan Sergeevich'],
      ['officer', 'person', 'SMITH, John'],
      ['psc', 'person', 'Mr Richard Barnes'],
      ['psc', 'entity', 'KAMA HOLDING OOO'],
    ]);
    expect(body.not_screened).toEqual([expect.objectContaining({ role: 'psc' })]);
    expect(body.disclaimer).toContain('not a finding that anyone is sanctioned');
    expect(body.summary).toContain(`${body.potential_matches.length} potential match`);
    // The resigned officer is left out unless asked for.
    expect(matchOf(body, VOLKOV)).toEqual([]);
    const withResigned = (await screen(`/company/${NUMBER}/sanctions-screen?include_resigned=true`)).body;
    expect(matchOf(withResigned, VOLKOV)).toEqual([
      expect.objectContaining({ subject: expect.objectContaining({ name: 'VOLKOV, Oleg' }) }),
    ]);
    expect(withResigned.method.include_resigned).toBe(true);
  });

  it('answers "no match" for a company with no namesake on the list, naming what it checked', async () => {
    const body = (await screen('/company/08112244/sanctions-screen')).body;
    expect(body.potential_matches).toEqual([]);
    expect(body.screened.map((s) => [s.role, s.name, s.potential_matches])).toEqual([
      ['company', 'QUIET MEADOW BAKERY LTD', 0],
      ['previous_name', 'ACORN LEAF SOLUTIONS LTD', 0],
      ['previous_name', 'ACORN IT SERVICES LTD', 0],
    ]);
    expect(body.summary).toMatch(/^0 potential matches for review among 3 names screened/);
  });

  it('answers the same over MCP, valid against the tool’s output schema', async () => {
    const rest = (await screen(`/company/${NUMBER}/sanctions-screen`)).body;
    const mcp = await callToolChecked(client, 'screen_sanctions', { company_number: NUMBER });
    expect({ ...mcp, screened_at: null }).toEqual({ ...rest, screened_at: null });
  });

  it('refuses bad input, an unknown company, and a Free key (charging nothing)', async () => {
    expect((await screen('/company/not-a-number!/sanctions-screen')).body.error.code).toBe(
      'invalid_company_number',
    );
    const bad = await screen(`/company/${NUMBER}/sanctions-screen?include_resigned=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_argument');
    const unknown = await screen('/company/01010101/sanctions-screen');
    expect(unknown.status).toBe(404);
    const free = await signUp(app);
    const refused = await screen(`/company/${NUMBER}/sanctions-screen`, free.api_key);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('plan_required');
    const freeClient = await connectMcp(app, free.api_key);
    try {
      const result = await freeClient.callTool({
        name: 'screen_sanctions',
        arguments: { company_number: NUMBER },
      });
      expect(toolError(result).code).toBe('plan_required');
    } finally {
      await freeClient.close();
    }
    const charged = await app.services.orm.em
      .fork()
      .getConnection()
      .execute('select key from rate_limits where key like ?', [`%${free.account_id}%`]);
    expect(charged).toEqual([]);
  });
});

describe('screen_sanctions with no list loaded', () => {
  let app: TestApp;
  afterAll(() => app?.stop());

  it('screens nothing and says so, rather than answering "no match"', async () => {
    app = await startTestApp();
    const dir = mkdtempSync(join(tmpdir(), 'cds-screen-'));
    try {
      const files = storeCompany(dir);
      await importCompaniesCsv(app.services.orm.em.fork(), files.register, { asOf: AS_OF });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const user = await signUp(app);
    await setPlan(app.services.orm.em.fork(), user.account_id, 'starter');
    const body = (
      await request<Screen>(app, 'GET', `/company/${NUMBER}/sanctions-screen`, { key: user.api_key })
    ).body;
    expect(body.lists).toEqual([]);
    expect(body.lists_not_screened).toHaveLength(4);
    expect(body.potential_matches).toEqual([]);
    expect(body.summary).toContain('No sanctions list is held or chosen');
    expect(body.screened.every((subject) => subject.candidates_compared === 0)).toBe(true);
  });
});
