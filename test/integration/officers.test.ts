import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import {
  DisqualificationEntity,
  DisqualifiedOfficerEntity,
} from '../../src/db/entities/disqualified-officer';
import { importDisqualifiedOfficerJson } from '../../src/ingest/companies-house/resources/disqualified-officer-json';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { z } from 'zod';
import { CompanyResourceImportEntity } from '../../src/db/entities/company-resource-import';
import { OfficerAppointmentEntity } from '../../src/db/entities/officer-appointment';
import { RegisterChangeEntity } from '../../src/db/entities/register-change';
import { setPlan } from '../../src/domain/accounts/accounts';
import { ServiceError } from '../../src/domain/errors';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import {
  importOfficersFile,
  importOfficersJson,
} from '../../src/ingest/companies-house/resources/officers-json';
import type { getOfficerAppointments } from '../../src/operations/get-officer-appointments';
import type { getOfficers } from '../../src/operations/get-officers';
import { callToolChecked, connectMcp, toolError } from '../support/mcp-client';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

type OfficersPage = z.infer<typeof getOfficers.output>;
type AppointmentsFound = z.infer<typeof getOfficerAppointments.output>;

const UPGRADE_URL = 'https://example.com/upgrade';
const register = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
const officersFile = (name: string) => join(projectRoot, 'test/fixtures/officers', name);
const BASELINE_AT = new Date('2026-11-22T08:00:00.000Z');
const LATER_AT = new Date('2026-11-23T08:00:00.000Z');

// The people of the fixtures: two namesakes called John Smith, each at two companies.
const JOHN_1970 = 'jK8mQ2sT5vX1yZ4aB7cD0eF3gH6';
const JOHN_1985 = 'pL9nR3tU6wY2zA5bC8dE1fG4hI7';

function argumentOf(error: ErrorBody['error']): unknown {
  const problems = error.details.problems as { argument: string }[] | undefined;
  return problems ? problems[0]?.argument : error.details.argument;
}

describe('officers: get_officers and get_officer_appointments', () => {
  let app: TestApp;
  let key: string;
  let client: Client;

  const em = () => app.services.orm.em.fork();
  const officers = (query: string, apiKey = key) =>
    request<OfficersPage & ErrorBody>(app, 'GET', `/company/${query}`, { key: apiKey });
  const appointments = (query: string, apiKey = key) =>
    request<AppointmentsFound & ErrorBody>(app, 'GET', `/officers/appointments?${query}`, { key: apiKey });
  const officerChanges = async () =>
    (await em().find(RegisterChangeEntity, { field: 'officers' }, { orderBy: { sequence: 'asc' } })).map(
      (c) => ({
        companyNumber: c.companyNumber,
        change: c.change,
        alertType: c.alertType,
        source: c.source,
        detectedAt: c.detectedAt.toISOString(),
        oldValue: JSON.parse(c.oldValue ?? 'null') as unknown,
        newValue: JSON.parse(c.newValue ?? 'null') as unknown,
      }),
    );

  beforeAll(async () => {
    app = await startTestApp({ UPGRADE_URL });
    await importCompaniesCsv(em(), register, { asOf: new Date('2026-11-22T00:00:00Z') });
    const starter = await signUp(app);
    await setPlan(em(), starter.account_id, 'starter');
    key = starter.api_key;
    client = await connectMcp(app, key, { name: 'officers-test' });
  });
  afterAll(async () => {
    await client?.close();
    await app?.stop();
  });

  it('imports each company’s officer list as its baseline, recording no changes', async () => {
    const context = { detectedAt: BASELINE_AT, source: 'import' as const };
    for (const [number, file] of [
      ['09876543', '09876543-officers.json'],
      ['01234567', '01234567-officers.json'],
      ['OC398765', 'OC398765-officers.json'],
    ] as const) {
      expect(await importOfficersFile(em(), number, officersFile(file), context)).toEqual({
        status: 'imported',
        baseline: true,
        changes: 0,
      });
    }
    expect(await em().count(OfficerAppointmentEntity, {})).toBe(9);
    expect(await officerChanges()).toEqual([]);
  });

  it('reads a company’s officers, then one officer’s other appointments with namesakes told apart (MCP)', async () => {
    const page = (await callToolChecked(client, 'get_officers', {
      company_number: '09876543',
    })) as OfficersPage;
    expect(page).toMatchObject({
      company_number: '09876543',
      active_count: 2,
      resigned_count: 2,
      total: 4,
      limit: 35,
      offset: 0,
      next_offset: null,
    });
    // Active first, newest appointment first; then resigned, latest resignation first.
    expect(page.items.map((o) => [o.name, o.officer_role, o.is_active])).toEqual([
      ['ACORN SECRETARIES LIMITED', 'corporate-secretary', true],
      ['SMITH, John', 'director', true],
      ["O'BRIEN, Siobhán Mary, Dr", 'secretary', false],
      ['JONES, Amy', 'director', false],
    ]);
    const john = page.items[1]!;
    expect(john).toEqual({
      officer_id: JOHN_1970,
      appointment_id: 'aPpT0mQ7rS9vX2yZ4',
      name: 'SMITH, John',
      officer_role: 'director',
      appointed_on: '2019-03-04',
      resigned_on: null,
      is_active: true,
      date_of_birth: { month: 5, year: 1970 },
      nationality: 'British',
      country_of_residence: 'United Kingdom',
      occupation: 'Management Consultant',
      address: {
        care_of: null,
        po_box: null,
        premises: 'Flat 4',
        address_line_1: '27 Old Street',
        address_line_2: null,
        locality: 'London',
        region: null,
        postal_code: 'EC1V 9HL',
        country: 'United Kingdom',
      },
      identity_verification: null,
    });

    // By name: both John Smiths come back, each appointment saying whose it is.
    const found = (await callToolChecked(client, 'get_officer_appointments', {
      name: 'John Smith',
    })) as AppointmentsFound;
    expect(found.name_words).toEqual(['JOHN', 'SMITH']);
    expect(found.people).toEqual([
      {
        officer_id: JOHN_1970,
        name: 'SMITH, John',
        date_of_birth: { month: 5, year: 1970 },
        appointment_count: 2,
        active_appointment_count: 2,
        disqualifications: [],
      },
      {
        officer_id: JOHN_1985,
        name: 'SMITH, John',
        date_of_birth: { month: 11, year: 1985 },
        appointment_count: 2,
        active_appointment_count: 1,
        disqualifications: [],
      },
    ]);
    expect(found).toMatchObject({ total_people: 2, total_appointments: 4, truncated: false });
    expect(
      found.companies.map((c) => [
        c.company_number,
        c.company_name,
        c.company_status,
        c.appointments.map((a) => [a.officer_id, a.officer_role, a.date_of_birth?.year, a.is_active]),
      ]),
    ).toEqual([
      [
        '01234567',
        'NORTHERN LOOM PLC',
        'active',
        [
          [JOHN_1985, 'director', 1985, true],
          [JOHN_1970, 'director', 1970, true],
        ],
      ],
      ['09876543', 'ACORN LEAF CONSULTING LTD', 'active', [[JOHN_1970, 'director', 1970, true]]],
      ['OC398765', 'BRIGHT HARBOUR LLP', 'active', [[JOHN_1985, 'llp-designated-member', 1985, false]]],
    ]);

    // The officer from get_officers: one person, grouped under both companies with the same officer_id.
    const one = (await callToolChecked(client, 'get_officer_appointments', {
      name: john.name,
      officer_id: john.officer_id,
    })) as AppointmentsFound;
    expect(one.people.map((p) => p.officer_id)).toEqual([JOHN_1970]);
    expect(one.companies.map((c) => [c.company_number, c.appointments.map((a) => a.officer_id)])).toEqual([
      ['01234567', [JOHN_1970]],
      ['09876543', [JOHN_1970]],
    ]);
    expect(one.companies[0]!.appointments[0]).toEqual({
      officer_id: JOHN_1970,
      appointment_id: 'nLsM1tHa00000002',
      name: 'SMITH, John',
      officer_role: 'director',
      appointed_on: '2021-06-01',
      resigned_on: null,
      is_active: true,
      date_of_birth: { month: 5, year: 1970 },
    });

    // The namesake, told apart by birth month and year.
    const namesake = (await callToolChecked(client, 'get_officer_appointments', {
      name: 'SMITH, John',
      birth_year: 1985,
      birth_month: 11,
    })) as AppointmentsFound;
    expect(namesake.people.map((p) => p.officer_id)).toEqual([JOHN_1985]);
    expect(namesake.companies.map((c) => c.company_number)).toEqual(['01234567', 'OC398765']);
  });

  it('shows the disqualifications linked to a person: by officer id, not to the namesake born another year (REST)', async () => {
    const disqualified = JSON.parse(
      readFileSync(
        join(
          projectRoot,
          'test/fixtures/companies-house-api/disqualified-officers/natural',
          `${JOHN_1970}.json`,
        ),
        'utf8',
      ),
    ) as unknown;
    await importDisqualifiedOfficerJson(em(), disqualified, { source: 'test', origin: 'file' });
    try {
      const found = await appointments('name=John%20Smith');
      expect(found.status).toBe(200);
      const [john1970, john1985] = found.body.people;
      expect(john1985!.disqualifications).toEqual([]);
      expect(john1970!.disqualifications).toEqual([
        {
          basis: 'officer_id',
          matched_fields: ['officer_id'],
          disqualified_officer: expect.objectContaining({
            officer_id: JOHN_1970,
            kind: 'natural',
            name: 'SMITH, John',
            date_of_birth: { month: 5, year: 1970 },
            disqualifications: [
              expect.objectContaining({
                disqualification_type: 'undertaking',
                disqualified_from: '2025-02-10',
                disqualified_until: '2031-02-09',
                reason: expect.objectContaining({
                  act: 'company-directors-disqualification-act-1986',
                  section: '7',
                }),
                company_names: ['SMITH HAULAGE LIMITED', 'NORTHERN FREIGHT SERVICES LTD'],
                status: expect.stringMatching(/^(current|past)$/),
              }),
            ],
          }),
        },
      ]);
    } finally {
      await em().nativeDelete(DisqualificationEntity, { officerId: JOHN_1970 });
      await em().nativeDelete(DisqualifiedOfficerEntity, { officerId: JOHN_1970 });
    }
  });

  it('finds the same people however the name is written', async () => {
    const people = async (name: string) =>
      (await appointments(`name=${encodeURIComponent(name)}`)).body.people.map((p) => p.officer_id);
    const expected = [JOHN_1970, JOHN_1985];
    for (const name of [
      'John Smith',
      'SMITH, John',
      'smith john',
      'Mr John SMITH',
      ' john,  smith. ',
      'Smith',
    ])
      expect({ name, people: await people(name) }).toEqual({ name, people: expected });
    expect(await people('Anna Smith-Jones')).toEqual(['aNnAsMiThJoNeS000001']);
    expect(await people('Dr Siobhan OBrien')).toEqual(['sIoBhAnObRiEn00000042']);
    expect(await people("siobhán o'brien")).toEqual(['sIoBhAnObRiEn00000042']);
    expect(await people('Acorn Secretaries Ltd')).toEqual(['cOrPaCoRnSeC0000001']);
    expect(await people('Jane Smith')).toEqual([]);
    expect(await people('Johnny Smith')).toEqual([]);
  });

  it('filters to active appointments and caps the result with truncated', async () => {
    const active = (await appointments('name=John%20Smith&active_only=true')).body;
    expect(active.total_appointments).toBe(3);
    expect(active.companies.flatMap((c) => c.appointments).every((a) => a.is_active)).toBe(true);
    expect(active.people.find((p) => p.officer_id === JOHN_1985)?.appointment_count).toBe(1);

    const capped = (await appointments('name=John%20Smith&limit=1')).body;
    expect(capped).toMatchObject({ total_people: 2, total_appointments: 4, truncated: true });
    expect(capped.people).toHaveLength(1);
    expect(capped.companies.flatMap((c) => c.appointments)).toHaveLength(1);

    expect(
      (await appointments('name=John%20Smith&birth_year=1970')).body.people.map((p) => p.officer_id),
    ).toEqual([JOHN_1970]);
    expect((await appointments('name=John%20Smith&birth_year=1970&birth_month=11')).body).toMatchObject({
      people: [],
      companies: [],
      total_appointments: 0,
      truncated: false,
    });
  });

  it('answers get_officers over REST with a status filter and pages', async () => {
    const all = await officers('9876543/officers');
    expect(all.status).toBe(200);
    expect(all.body.company_number).toBe('09876543');
    expect(
      (await callToolChecked(client, 'get_officers', { company_number: '09876543' })) as unknown,
    ).toEqual(all.body);

    const resigned = (await officers('09876543/officers?status=resigned')).body;
    expect(resigned).toMatchObject({ active_count: 2, resigned_count: 2, total: 2 });
    expect(resigned.items.map((o) => o.resigned_on)).toEqual(['2023-06-30', '2018-12-31']);
    const active = (await officers('09876543/officers?status=active')).body;
    expect(active.items.map((o) => o.appointed_on)).toEqual(['2023-07-01', '2019-03-04']);

    const first = (await officers('09876543/officers?limit=3')).body;
    expect(first).toMatchObject({ total: 4, limit: 3, offset: 0, next_offset: 3 });
    const second = (await officers('09876543/officers?limit=3&offset=3')).body;
    expect(second).toMatchObject({ offset: 3, next_offset: null });
    expect([...first.items, ...second.items]).toEqual(all.body.items);

    const llp = (await officers('oc398765/officers')).body;
    expect(llp.items.map((o) => o.officer_role)).toEqual(['llp-member', 'llp-designated-member']);
  });

  it('answers details_not_held for officers never imported, an empty list for none, and 404 for an unknown company', async () => {
    // On the register, its officers never imported: the store cannot say it has none.
    const notHeld = await officers('11223344/officers');
    expect(notHeld.status).toBe(404);
    expect(notHeld.body.error).toMatchObject({ code: 'details_not_held', details: { resource: 'officers' } });
    // Companies House's list of none, imported: now an empty list, meaning none.
    await importOfficersJson(
      em(),
      '08123456',
      { kind: 'officer-list', items: [], total_results: 0 },
      {
        detectedAt: BASELINE_AT,
        source: 'import',
      },
    );
    const none = await officers('08123456/officers');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({
      company_number: '08123456',
      active_count: 0,
      resigned_count: 0,
      total: 0,
      limit: 35,
      offset: 0,
      next_offset: null,
      items: [],
    });
    const unknown = await officers('00000001/officers');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'not_found', details: { company_number: '00000001' } });
    const result = await client.callTool({ name: 'get_officers', arguments: { company_number: '00000001' } });
    expect(result.isError).toBe(true);
    expect(toolError(result).code).toBe('not_found');
  });

  it('refuses bad input over REST, each with its code and argument', async () => {
    const cases: [string, string, string, string][] = [
      ['get_officers', '/company/XX12/officers', 'invalid_company_number', 'company_number'],
      ['get_officers', '/company/09876543/officers?status=gone', 'invalid_argument', 'status'],
      ['get_officers', '/company/09876543/officers?limit=0', 'invalid_argument', 'limit'],
      ['get_officers', '/company/09876543/officers?limit=101', 'invalid_argument', 'limit'],
      ['get_officers', '/company/09876543/officers?offset=-1', 'invalid_argument', 'offset'],
      ['get_officers', '/company/09876543/officers?colour=red', 'invalid_argument', '(body)'],
      ['get_officer_appointments', '/officers/appointments', 'invalid_argument', 'name'],
      ['get_officer_appointments', '/officers/appointments?name=J', 'invalid_argument', 'name'],
      ['get_officer_appointments', '/officers/appointments?name=%20.-%20', 'invalid_argument', 'name'],
      [
        'get_officer_appointments',
        '/officers/appointments?name=Smith&birth_month=5',
        'invalid_argument',
        'birth_month',
      ],
      [
        'get_officer_appointments',
        '/officers/appointments?name=Smith&birth_year=1970&birth_month=13',
        'invalid_argument',
        'birth_month',
      ],
      [
        'get_officer_appointments',
        '/officers/appointments?name=Smith&birth_year=abc',
        'invalid_argument',
        'birth_year',
      ],
      ['get_officer_appointments', '/officers/appointments?name=Smith&limit=0', 'invalid_argument', 'limit'],
      [
        'get_officer_appointments',
        '/officers/appointments?name=Smith&limit=501',
        'invalid_argument',
        'limit',
      ],
      [
        'get_officer_appointments',
        '/officers/appointments?name=Smith&officer_id=a%2Fb',
        'invalid_argument',
        'officer_id',
      ],
      [
        'get_officer_appointments',
        '/officers/appointments?name=Smith&active_only=yes',
        'invalid_argument',
        'active_only',
      ],
    ];
    for (const [tool, path, code, argument] of cases) {
      const response = await request<ErrorBody>(app, 'GET', path, { key });
      expect({ tool, path, status: response.status }).toEqual({ tool, path, status: 400 });
      expect({ path, code: response.body.error.code }).toEqual({ path, code });
      expect({ path, argument: argumentOf(response.body.error) }).toEqual({ path, argument });
    }
  });

  it('refuses bad tool arguments with isError results carrying the same codes', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['get_officers', { company_number: 'not-a-number' }, 'invalid_company_number'],
      ['get_officers', { company_number: '09876543', status: 'former' }, 'invalid_argument'],
      ['get_officer_appointments', { name: 'J' }, 'invalid_argument'],
      ['get_officer_appointments', { name: 'John Smith', birth_month: 5 }, 'invalid_argument'],
      ['get_officer_appointments', { name: 'John Smith', limit: 1000 }, 'invalid_argument'],
    ];
    for (const [name, args, code] of cases) {
      const result = await client.callTool({ name, arguments: args });
      expect({ name, args, isError: result.isError }).toEqual({ name, args, isError: true });
      expect({ name, args, code: toolError(result).code }).toEqual({ name, args, code });
    }
  });

  it('lists both as read-only Starter tools', async () => {
    const { tools } = await client.listTools();
    for (const name of ['get_officers', 'get_officer_appointments']) {
      const tool = tools.find((t) => t.name === name)!;
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(tool.description).toMatch(/Lowest plan: starter\. Costs 1 request\.$/);
    }
  });

  it('refuses a Free key (403 plan_required over REST, isError over MCP)', async () => {
    const free = await signUp(app);
    const rest = [
      await officers('09876543/officers', free.api_key),
      await appointments('name=John%20Smith', free.api_key),
    ];
    for (const response of rest) {
      expect(response.status).toBe(403);
      expect(response.body.error).toMatchObject({
        code: 'plan_required',
        details: { required_plan: 'starter', current_plan: 'free', upgrade_url: UPGRADE_URL },
      });
    }
    const freeClient = await connectMcp(app, free.api_key, { name: 'officers-free' });
    try {
      for (const [name, args] of [
        ['get_officers', { company_number: '09876543' }],
        ['get_officer_appointments', { name: 'John Smith' }],
      ] as const) {
        const result = await freeClient.callTool({ name, arguments: args });
        expect(result.isError).toBe(true);
        expect(toolError(result).code).toBe('plan_required');
      }
    } finally {
      await freeClient.close();
    }
  });

  it('refuses a bad officer list and writes nothing for that company', async () => {
    const context = { detectedAt: LATER_AT, source: 'import' as const };
    const before = (await officers('09876543/officers')).body;
    await expect(
      importOfficersFile(em(), '09876543', officersFile('09876543-officers-bad-links.json'), context),
    ).rejects.toMatchObject({
      code: 'invalid_argument',
      message: expect.stringContaining('09876543-officers-bad-links.json: items[1].links.officer'),
    });
    const dir = mkdtempSync(join(tmpdir(), 'officers-'));
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"items": [');
    await expect(importOfficersFile(em(), '09876543', broken, context)).rejects.toBeInstanceOf(ServiceError);
    await expect(
      importOfficersJson(em(), '09876543', { items: [], total_results: 12 }, context),
    ).rejects.toMatchObject({ code: 'invalid_argument', details: { field: 'total_results' } });
    expect((await officers('09876543/officers')).body).toEqual(before);

    // A company never imported stays without officers and without a baseline.
    const belfast = { items: [{ name: 'MURPHY, Sean', officer_role: 'director', links: { self: 'x' } }] };
    await expect(importOfficersJson(em(), 'NI612345', belfast, context)).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    expect(await em().count(OfficerAppointmentEntity, { companyNumber: 'NI612345' })).toBe(0);
    expect(await em().count(CompanyResourceImportEntity, { companyNumber: 'NI612345' })).toBe(0);

    // An unknown company: nothing is written.
    expect(
      await importOfficersFile(em(), '00000001', officersFile('09876543-officers.json'), context).catch(
        (error: unknown) => error,
      ),
    ).toMatchObject({ code: 'invalid_argument' });
    expect(await importOfficersJson(em(), '00000001', { items: [] }, context)).toEqual({
      status: 'unknown_company',
    });
    expect(await em().count(CompanyResourceImportEntity, { companyNumber: '00000001' })).toBe(0);
    expect(await officerChanges()).toEqual([]);
  });

  it('records an import’s appointments, resignations, changes and removals in the change feed', async () => {
    const context = { detectedAt: LATER_AT, source: 'import' as const };
    expect(
      await importOfficersFile(em(), '09876543', officersFile('09876543-officers-update.json'), context),
    ).toEqual({ status: 'imported', baseline: false, changes: 4 });
    const common = {
      companyNumber: '09876543',
      change: 'updated',
      alertType: 'officer_change',
      source: 'import',
      detectedAt: LATER_AT.toISOString(),
    };
    expect(await officerChanges()).toEqual([
      {
        ...common,
        oldValue: null,
        newValue: {
          action: 'appointed',
          officer_id: 'pRiYaPaTeL0000000009',
          appointment_id: 'pAtElPrIyA0000009',
          name: 'PATEL, Priya',
          role: 'director',
          date: '2026-11-01',
          description: 'Priya PATEL appointed as director on 2026-11-01',
        },
      },
      {
        ...common,
        oldValue: {
          officer_id: 'cOrPaCoRnSeC0000001',
          appointment_id: 'aCsEcR3tAr1eS0001',
          name: 'ACORN SECRETARIES LIMITED',
          officer_role: 'corporate-secretary',
          appointed_on: '2023-07-01',
          resigned_on: null,
        },
        newValue: {
          action: 'changed',
          officer_id: 'cOrPaCoRnSeC0000001',
          appointment_id: 'aCsEcR3tAr1eS0001',
          name: 'ACORN SECRETARIES LIMITED',
          role: 'corporate-secretary',
          date: null,
          description: 'ACORN SECRETARIES LIMITED (corporate secretary): address changed',
        },
      },
      {
        ...common,
        oldValue: {
          officer_id: JOHN_1970,
          appointment_id: 'aPpT0mQ7rS9vX2yZ4',
          name: 'SMITH, John',
          officer_role: 'director',
          appointed_on: '2019-03-04',
          resigned_on: null,
        },
        newValue: {
          action: 'resigned',
          officer_id: JOHN_1970,
          appointment_id: 'aPpT0mQ7rS9vX2yZ4',
          name: 'SMITH, John',
          role: 'director',
          date: '2026-11-01',
          description: 'John SMITH resigned as director on 2026-11-01',
        },
      },
      {
        ...common,
        oldValue: {
          officer_id: 'aMyJoNeS0000000000007',
          appointment_id: 'jOnEsAmY000000007',
          name: 'JONES, Amy',
          officer_role: 'director',
          appointed_on: '2015-02-01',
          resigned_on: '2018-12-31',
        },
        newValue: {
          action: 'removed',
          officer_id: 'aMyJoNeS0000000000007',
          appointment_id: 'jOnEsAmY000000007',
          name: 'JONES, Amy',
          role: 'director',
          date: null,
          description: 'Amy JONES (director) is no longer on the officer list',
        },
      },
    ]);
    const now = (await officers('09876543/officers')).body;
    expect(now).toMatchObject({ active_count: 2, resigned_count: 2, total: 4 });
    expect(now.items.map((o) => o.name)).toEqual([
      'PATEL, Priya',
      'ACORN SECRETARIES LIMITED',
      'SMITH, John',
      "O'BRIEN, Siobhán Mary, Dr",
    ]);
    expect(now.items[1]!.address).toMatchObject({ premises: '1', address_line_1: 'City Road' });
    const john = (await appointments(`name=John%20Smith&officer_id=${JOHN_1970}&active_only=true`)).body;
    expect(john.companies.map((c) => c.company_number)).toEqual(['01234567']);

    // The same list again changes nothing.
    expect(
      await importOfficersFile(em(), '09876543', officersFile('09876543-officers-update.json'), {
        detectedAt: new Date('2026-11-24T08:00:00.000Z'),
        source: 'import',
      }),
    ).toEqual({ status: 'imported', baseline: false, changes: 0 });
    expect(await officerChanges()).toHaveLength(4);
  });
});
