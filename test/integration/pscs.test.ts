import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { z } from 'zod';
import { PersonWithSignificantControlEntity } from '../../src/db/entities/person-with-significant-control';
import { RegisterChangeEntity } from '../../src/db/entities/register-change';
import { setPlan } from '../../src/domain/accounts/accounts';
import { ServiceError } from '../../src/domain/errors';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importPscSnapshot } from '../../src/ingest/companies-house/resources/psc-snapshot';
import { importPscsJson } from '../../src/ingest/companies-house/resources/pscs-json';
import type { getPersonsWithSignificantControl } from '../../src/operations/get-persons-with-significant-control';
import { callToolChecked, connectMcp, toolError } from '../support/mcp-client';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

type Register = z.infer<typeof getPersonsWithSignificantControl.output>;

const fixtures = join(projectRoot, 'test/fixtures/pscs');
const UPGRADE_URL = 'https://example.com/upgrade';
const FIRST = { source: 'import' as const, detectedAt: new Date('2026-11-01T06:00:00.000Z') };
const SECOND = { source: 'import' as const, detectedAt: new Date('2026-11-15T06:00:00.000Z') };
const TOOL = 'get_persons_with_significant_control';
/** The trace of a company with no active owner: no chains (test/integration/ownership-trace.test.ts has them). */
const untraced = (company_number: string) => ({
  company_number,
  psc_exemption: null,
  max_depth: 10,
  chains: [],
  ultimate_owners: [],
  natural_person_reached: false,
  stops: [],
});

describe('persons with significant control', () => {
  let app: TestApp;
  let key: string;
  let client: Client;
  let base: number;

  const em = () => app.services.orm.em.fork();
  const pscs = (number: string, query = '', apiKey = key) =>
    request<Register & ErrorBody>(app, 'GET', `/company/${number}/persons-with-significant-control${query}`, {
      key: apiKey,
    });
  const pscChanges = () =>
    em().find(
      RegisterChangeEntity,
      { field: 'persons_with_significant_control', sequence: { $gt: base } },
      { orderBy: { sequence: 'asc' } },
    );
  const rowsOf = (companyNumber: string) => em().find(PersonWithSignificantControlEntity, { companyNumber });

  beforeAll(async () => {
    app = await startTestApp({ UPGRADE_URL });
    await importCompaniesCsv(
      em(),
      join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv'),
      {
        asOf: new Date('2026-10-31T00:00:00Z'),
      },
    );
    const rows: { last: number | string | null }[] = await em()
      .getConnection()
      .execute('select max(sequence) as last from register_changes');
    base = Number(rows[0]?.last ?? 0);
    const starter = await signUp(app);
    await setPlan(em(), starter.account_id, 'starter');
    key = starter.api_key;
    client = await connectMcp(app, key);
  });
  afterAll(async () => {
    await client?.close();
    await app?.stop();
  });

  it('imports a snapshot: a totals line, a malformed line and an unknown company, as a baseline', async () => {
    const result = await importPscSnapshot(em(), join(fixtures, 'psc-snapshot-2026-11-01.txt'), FIRST);
    expect(result).toEqual({
      companies: 4,
      items: 4,
      statements: 1,
      unknownCompanies: 1,
      skippedLines: 5,
      problems: [
        {
          line: 5,
          message: expect.stringMatching(
            /^company 11223344: not JSON \(.+\); none of the company’s lines are imported$/,
          ) as string,
        },
      ],
    });
    // The malformed line refuses its whole company, even its good line; the unknown company writes nothing.
    expect(await rowsOf('11223344')).toEqual([]);
    expect(await rowsOf('99999999')).toEqual([]);
    expect((await rowsOf('09876543')).map((row) => row.pscId).sort()).toEqual(['oldham-1', 'qrh-corp-1']);
    // A first import is the baseline: no changes.
    expect(await pscChanges()).toEqual([]);
  });

  it('follows an ownership chain through two MCP calls', async () => {
    const first = (await callToolChecked(client, TOOL, { company_number: '9876543' })) as Register;
    expect(first.company_number).toBe('09876543');
    const owner = first.items.find((item) => item.is_active)!;
    expect(owner).toEqual({
      psc_id: 'qrh-corp-1',
      kind: 'corporate-entity-person-with-significant-control',
      category: 'corporate_entity',
      name: 'QUIET RIVER HOLDINGS LIMITED',
      date_of_birth: null,
      nationality: null,
      country_of_residence: null,
      address: {
        premises: '1',
        address_line_1: '71-75 Shelton Street',
        address_line_2: null,
        locality: 'London',
        region: null,
        postal_code: 'WC2H 9JQ',
        country: 'England',
        care_of: null,
        po_box: null,
      },
      identification: {
        legal_form: 'Private Limited Company',
        legal_authority: 'Companies Act 2006',
        place_registered: 'Register Of Companies For England And Wales',
        registration_number: '12345678',
        country_registered: 'England',
      },
      natures_of_control: [
        {
          code: 'ownership-of-shares-75-to-100-percent',
          description: 'holds 75% or more of the shares in the company',
        },
        {
          code: 'voting-rights-75-to-100-percent',
          description: 'holds 75% or more of the voting rights in the company',
        },
      ],
      notified_on: '2020-01-01',
      ceased_on: null,
      is_active: true,
      identity_verification: null,
      registered_company_number: '12345678',
    });
    // One call traces the same chain: through the corporate owner to the person who owns it.
    expect(first.ownership.ultimate_owners).toEqual([
      {
        name: 'Ms Priya Sharma',
        date_of_birth: { month: 7, year: 1975 },
        indirect_share: { lower: 56.25, upper: 100 },
        over_25_percent: 'yes',
        chains: [0],
      },
    ]);
    expect(first.ownership.chains[0]!.links.map((link) => [link.company_number, link.owner_name])).toEqual([
      ['09876543', 'QUIET RIVER HOLDINGS LIMITED'],
      ['12345678', 'Ms Priya Sharma'],
    ]);
    const second = (await callToolChecked(client, TOOL, {
      company_number: owner.registered_company_number!,
    })) as Register;
    expect(
      second.items.map((item) => [
        item.name,
        item.category,
        item.date_of_birth,
        item.registered_company_number,
      ]),
    ).toEqual([['Ms Priya Sharma', 'individual', { month: 7, year: 1975 }, null]]);
    expect(second.items[0]!.natures_of_control.map((n) => n.description)).toEqual([
      'holds 75% or more of the shares in the company',
      'holds 75% or more of the voting rights in the company',
      'has the right to appoint or remove a majority of the directors of the company',
    ]);
    const [text] = (await client.callTool({ name: TOOL, arguments: { company_number: '12345678' } }))
      .content as {
      text: string;
    }[];
    expect(JSON.parse(text!.text)).toEqual(second);
  });

  it('answers over REST, active first, with ceased PSCs and a status filter', async () => {
    const all = await pscs('09876543');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({
      company_number: '09876543',
      active_count: 1,
      ceased_count: 1,
      statements: [],
    });
    expect(all.body.items.map((item) => [item.psc_id, item.is_active, item.ceased_on])).toEqual([
      ['qrh-corp-1', true, null],
      ['oldham-1', false, '2019-12-31'],
    ]);
    expect(all.body.items[1]).toMatchObject({
      name: 'Mr Alan Oldham',
      nationality: 'British',
      country_of_residence: 'England',
      identification: null,
      registered_company_number: null,
    });
    const active = await pscs('09876543', '?status=active');
    expect(active.body.items.map((item) => item.psc_id)).toEqual(['qrh-corp-1']);
    // Counts cover every person whatever the filter.
    expect(active.body).toMatchObject({ active_count: 1, ceased_count: 1 });
    expect((await pscs('09876543', '?status=ceased')).body.items.map((item) => item.psc_id)).toEqual([
      'oldham-1',
    ]);
  });

  it('returns statements in words, and keeps an unknown nature of control', async () => {
    const loom = await pscs('01234567');
    expect(loom.body).toEqual({
      company_number: '01234567',
      active_count: 0,
      ceased_count: 0,
      items: [],
      statements: [
        {
          statement: 'no-individual-or-entity-with-signficant-control',
          description:
            'the company knows or has reason to believe that no person or legal entity has significant control over it',
          notified_on: '2018-03-01',
          ceased_on: null,
          is_active: true,
        },
      ],
      ownership: untraced('01234567'),
    });
    const llp = await pscs('OC398765');
    expect(llp.body.items[0]!.natures_of_control).toEqual([
      {
        code: 'right-to-share-surplus-assets-50-to-75-percent-limited-liability-partnership',
        description:
          'has the right to more than 50% but less than 75% of the surplus assets of the LLP on a winding up',
      },
      {
        code: 'right-to-appoint-and-remove-members-limited-liability-partnership',
        description: 'has the right to appoint or remove a majority of the members of the LLP',
      },
      {
        code: 'voting-rights-over-the-moon-limited-liability-partnership',
        description:
          'voting rights over the moon limited liability partnership (a nature of control this service has no description for)',
      },
    ]);
  });

  it('answers details_not_held for PSCs never imported, empty lists for none, 404 for an unknown company', async () => {
    const notHeld = await pscs('02345678');
    expect(notHeld.status).toBe(404);
    expect(notHeld.body.error).toMatchObject({
      code: 'details_not_held',
      details: { resource: 'persons_with_significant_control' },
    });
    const none = { kind: 'persons-with-significant-control#list', items: [], total_results: 0 };
    await importPscsJson(em(), '08123456', none, FIRST);
    expect((await pscs('08123456')).body).toEqual({
      company_number: '08123456',
      active_count: 0,
      ceased_count: 0,
      items: [],
      statements: [],
      ownership: untraced('08123456'),
    });
    const missing = await pscs('99999999');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'not_found', details: { company_number: '99999999' } });
    const result = await client.callTool({ name: TOOL, arguments: { company_number: '99999999' } });
    expect(result.isError).toBe(true);
    expect(toolError(result).code).toBe('not_found');
  });

  it('refuses bad input over REST and MCP', async () => {
    const cases: [string, string, string, string][] = [
      ['XX12', '', 'invalid_company_number', 'company_number'],
      ['09876543', '?status=former', 'invalid_argument', 'status'],
      ['09876543', '?colour=red', 'invalid_argument', '(body)'],
    ];
    for (const [number, query, code, argument] of cases) {
      const response = await pscs(number, query);
      expect({ number, query, status: response.status, code: response.body.error.code }).toEqual({
        number,
        query,
        status: 400,
        code,
      });
      const problems = response.body.error.details.problems as { argument: string }[] | undefined;
      expect(problems ? problems[0]?.argument : response.body.error.details.argument).toBe(argument);
    }
    for (const [args, code] of [
      [{ company_number: 'not-a-number' }, 'invalid_company_number'],
      [{ company_number: '09876543', status: 'former' }, 'invalid_argument'],
      [{}, 'invalid_argument'],
    ] as const) {
      const result = await client.callTool({ name: TOOL, arguments: args });
      expect(result.isError).toBe(true);
      if (code === 'invalid_company_number') expect(toolError(result).code).toBe(code);
      else
        expect((result.content as { text: string }[])[0]!.text).toMatch(/invalid_argument|MCP error -32602/);
    }
  });

  it('needs the Starter plan', async () => {
    const free = await signUp(app);
    const response = await pscs('09876543', '', free.api_key);
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({
      code: 'plan_required',
      details: { required_plan: 'starter', upgrade_url: UPGRADE_URL },
    });
    const freeClient = await connectMcp(app, free.api_key);
    const result = await freeClient.callTool({ name: TOOL, arguments: { company_number: '09876543' } });
    await freeClient.close();
    expect(result.isError).toBe(true);
    expect(toolError(result).code).toBe('plan_required');
  });

  it('imports the API list: a bad item refuses the body, statements leave people alone', async () => {
    const read = async (name: string) => JSON.parse(await readFile(join(fixtures, name), 'utf8')) as unknown;
    const refused = importPscsJson(em(), 'SC412345', await read('SC412345-bad-item.json'), FIRST);
    await expect(refused).rejects.toThrow(ServiceError);
    await expect(refused).rejects.toMatchObject({
      code: 'invalid_argument',
      message: expect.stringContaining('items[0].natures_of_control[1]') as string,
    });
    expect(await rowsOf('SC412345')).toEqual([]);

    expect(
      await importPscsJson(
        em(),
        'SC412345',
        await read('SC412345-persons-with-significant-control.json'),
        FIRST,
      ),
    ).toEqual({
      status: 'imported',
      baseline: true,
      changes: 0,
    });
    expect(await importPscsJson(em(), 'SC412345', await read('SC412345-statements.json'), SECOND)).toEqual({
      status: 'imported',
      baseline: false,
      changes: 1,
    });
    const body = (await pscs('SC412345')).body;
    expect(body.items.map((item) => item.name)).toEqual(['Mr Hamish Wood']);
    expect(body.statements).toEqual([
      {
        statement: 'psc-has-failed-to-confirm-changed-details',
        description:
          'Mr Hamish Wood has not complied with the company’s notice to confirm changed details (section 790E)',
        notified_on: '2026-11-12',
        ceased_on: null,
        is_active: true,
      },
    ]);
    const changes = await pscChanges();
    expect(changes.map((c) => [c.companyNumber, c.alertType, JSON.parse(c.newValue!).action])).toEqual([
      ['SC412345', 'psc_change', 'notified'],
    ]);
    await em().nativeDelete(RegisterChangeEntity, { sequence: { $gt: base } });
    expect(await importPscsJson(em(), 'SC999999', { items: [] }, FIRST)).toEqual({
      status: 'unknown_company',
    });
  });

  it('records notified and ceased changes from a second snapshot', async () => {
    const result = await importPscSnapshot(em(), join(fixtures, 'psc-snapshot-2026-11-15.txt'), SECOND);
    expect(result).toEqual({
      companies: 5,
      items: 7,
      statements: 1,
      unknownCompanies: 0,
      skippedLines: 2,
      problems: [
        {
          line: 8,
          message: expect.stringMatching(
            /^company 09876543 appears again \(its lines began at line 1\)/,
          ) as string,
        },
      ],
    });
    const changes = await pscChanges();
    expect(
      changes.map((change) => ({
        company: change.companyNumber,
        field: change.field,
        alert: change.alertType,
        source: change.source,
        at: change.detectedAt.toISOString(),
        value: JSON.parse(change.newValue!) as Record<string, unknown>,
      })),
    ).toEqual([
      {
        company: '12345678',
        field: 'persons_with_significant_control',
        alert: 'psc_change',
        source: 'import',
        at: SECOND.detectedAt.toISOString(),
        value: {
          action: 'ceased',
          psc_id: 'sharma-1',
          name: 'Ms Priya Sharma',
          kind: 'individual-person-with-significant-control',
          natures_of_control: [
            'ownership-of-shares-75-to-100-percent',
            'voting-rights-75-to-100-percent',
            'right-to-appoint-and-remove-directors',
          ],
          date: '2026-11-10',
          description: 'Ms Priya Sharma ceased to be a person with significant control on 2026-11-10',
        },
      },
      expect.objectContaining({
        company: '01234567',
        value: expect.objectContaining({
          action: 'ceased',
          psc_id: 'nl-stmt-1',
          date: '2026-11-05',
          description:
            'statement withdrawn on 2026-11-05: the company knows or has reason to believe that no person or legal entity has significant control over it',
        }) as unknown,
      }),
      expect.objectContaining({
        company: '01234567',
        value: expect.objectContaining({
          action: 'notified',
          psc_id: 'sos-1',
          description:
            'THE SECRETARY OF STATE FOR LOOMS notified as a person with significant control (has the right to exercise, or exercises, significant influence or control over the company) on 2026-11-05',
        }) as unknown,
      }),
      expect.objectContaining({
        company: '09876543',
        value: expect.objectContaining({
          action: 'notified',
          psc_id: 'newman-1',
          date: '2026-11-01',
          description:
            'Mr Tom Newman notified as a person with significant control (holds more than 25% but not more than 50% of the shares in the company, as a trustee of a trust) on 2026-11-01',
        }) as unknown,
      }),
    ]);
    // The scattered company's set is whole; the company refused last time is now in, as its baseline.
    expect((await rowsOf('09876543')).map((row) => row.pscId).sort()).toEqual([
      'newman-1',
      'oldham-1',
      'qrh-corp-1',
    ]);
    expect((await pscs('11223344')).body.items.map((item) => item.psc_id)).toEqual(['kite-1']);
    const b = (await pscs('12345678')).body;
    expect(b).toMatchObject({ active_count: 0, ceased_count: 1 });
    const legal = (await pscs('01234567', '?status=active')).body;
    expect(legal.items.map((item) => [item.category, item.identification?.legal_form])).toEqual([
      ['legal_entity', 'Government Department'],
    ]);
    expect(legal.statements).toEqual([]);
  });

  it('refuses a snapshot file that is not there', async () => {
    await expect(importPscSnapshot(em(), join(fixtures, 'no-such-file.txt'), SECOND)).rejects.toMatchObject({
      code: 'invalid_argument',
    });
  });
});
