import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { z } from 'zod';
import { CompanyEntity } from '../../src/db/entities/company';
import { setPlan } from '../../src/domain/accounts/accounts';
import type { ChangeDraft } from '../../src/domain/changes/company-changes';
import { appendChanges } from '../../src/domain/changes/register-change-log';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import type { getChanges } from '../../src/operations/get-changes';
import { connectMcp, toolError } from '../support/mcp-client';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

type ChangesPage = z.infer<typeof getChanges.output>;
type Change = ChangesPage['changes'][number];

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
const UPGRADE_URL = 'https://example.com/upgrade';
const FIRST_BATCH_AT = new Date('2026-11-22T08:15:30.123Z');
const SECOND_BATCH_AT = new Date('2026-11-22T09:00:00.000Z');

const charges = (total: number) => ({ total, outstanding: 1, part_satisfied: 0, satisfied: 4 });

/** Each draft with what the feed must say of it beyond the draft itself. */
const changes: { draft: ChangeDraft; name: string | null; severity: Change['severity']; at: Date }[] = [
  {
    draft: {
      companyNumber: '09876543',
      change: 'updated',
      field: 'company_name',
      alertType: 'name_change',
      oldValue: 'ACORN LEAF CONSULTING LTD',
      newValue: 'ACORN LEAF ADVISORY LTD',
    },
    // The name the register holds now, not the one the change announces.
    name: 'ACORN LEAF CONSULTING LTD',
    severity: 'info',
    at: FIRST_BATCH_AT,
  },
  {
    draft: {
      companyNumber: '11223344',
      change: 'dissolved',
      field: 'company_status',
      alertType: 'status_change',
      oldValue: { status: 'liquidation', detail: null, date_of_cessation: null },
      newValue: { status: 'dissolved', detail: null, date_of_cessation: '2026-11-20' },
    },
    name: 'RED KITE ROOFING LTD',
    severity: 'critical',
    at: FIRST_BATCH_AT,
  },
  {
    draft: {
      companyNumber: '16000001',
      change: 'added',
      field: 'company',
      alertType: null,
      oldValue: null,
      newValue: { company_name: 'NEWLY FORMED LTD', company_status: 'active' },
    },
    // Not (yet) on the register this test imported.
    name: null,
    severity: null,
    at: FIRST_BATCH_AT,
  },
  {
    draft: {
      companyNumber: '12345678',
      change: 'updated',
      field: 'registered_office_address',
      alertType: 'address_change',
      oldValue: { address_line_1: '71-75 SHELTON STREET', locality: 'LONDON', postal_code: 'WC2H 9JQ' },
      newValue: { address_line_1: '1 CITY ROAD', locality: 'LONDON', postal_code: 'EC1V 2AB' },
    },
    name: 'QUIET RIVER HOLDINGS LIMITED',
    severity: 'info',
    at: FIRST_BATCH_AT,
  },
  {
    draft: {
      companyNumber: '01234567',
      change: 'updated',
      field: 'charges',
      alertType: 'charge_registered',
      oldValue: charges(5),
      newValue: charges(6),
    },
    name: 'NORTHERN LOOM PLC',
    severity: 'warning',
    at: FIRST_BATCH_AT,
  },
  {
    draft: {
      companyNumber: '09876543',
      change: 'updated',
      field: 'sic_codes',
      alertType: 'sic_change',
      oldValue: ['70229', '62020'],
      newValue: ['70229', '62020', '62090'],
    },
    name: 'ACORN LEAF CONSULTING LTD',
    severity: 'info',
    at: FIRST_BATCH_AT,
  },
  {
    draft: {
      companyNumber: 'SC412345',
      change: 'updated',
      field: 'company_type',
      alertType: null,
      oldValue: 'ltd',
      newValue: 'plc',
    },
    name: 'HIGHLAND TIMBER SUPPLIES LIMITED',
    severity: null,
    at: FIRST_BATCH_AT,
  },
  {
    draft: {
      companyNumber: '09876543',
      change: 'updated',
      field: 'company_status',
      alertType: 'gazette_notice',
      oldValue: { status: 'active', detail: null },
      newValue: { status: 'active', detail: 'active-proposal-to-strike-off' },
    },
    name: 'ACORN LEAF CONSULTING LTD',
    severity: 'critical',
    at: FIRST_BATCH_AT,
  },
  {
    draft: {
      companyNumber: 'NI612345',
      change: 'updated',
      field: 'last_accounts',
      alertType: 'accounts_filed',
      oldValue: { made_up_to: '2024-06-30', type: 'unaudited-abridged' },
      newValue: { made_up_to: '2025-06-30', type: 'unaudited-abridged' },
    },
    name: 'BELFAST BAKEHOUSE LIMITED',
    severity: 'info',
    at: SECOND_BATCH_AT,
  },
  {
    draft: {
      companyNumber: '02345678',
      change: 'dissolved',
      field: 'company_status',
      alertType: 'status_change',
      oldValue: { status: 'active', detail: 'active-proposal-to-strike-off', date_of_cessation: null },
      newValue: { status: 'dissolved', detail: null, date_of_cessation: '2026-11-21' },
    },
    name: "ST. MARY'S COURT (MANAGEMENT) LIMITED",
    severity: 'critical',
    at: SECOND_BATCH_AT,
  },
  {
    draft: {
      companyNumber: '08123456',
      change: 'updated',
      field: 'confirmation_statement',
      alertType: 'confirmation_statement_filed',
      oldValue: { made_up_to: '2025-07-10' },
      newValue: { made_up_to: '2026-07-10' },
    },
    name: 'THE "BLUE DOOR" GALLERY LIMITED',
    severity: 'info',
    at: SECOND_BATCH_AT,
  },
];

/** The argument an error names: zod problems name it in details.problems, domain checks in details.argument. */
function argumentOf(error: ErrorBody['error']): unknown {
  const problems = error.details.problems as { argument: string }[] | undefined;
  return problems ? problems[0]?.argument : error.details.argument;
}

describe('get_changes: the register change feed', () => {
  let app: TestApp;
  let key: string;
  let base: number;
  let client: Client;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);

  const feed = (query = '', apiKey = key) =>
    request<ChangesPage & ErrorBody>(app, 'GET', `/changes${query}`, { key: apiKey });
  const sequences = async (query: string) => (await feed(query)).body.changes.map((c) => c.sequence);
  /** Sequences of the changes at these positions in `changes`. */
  const at = (...positions: number[]) => positions.map((i) => base + i + 1);

  async function append(drafts: readonly ChangeDraft[], detectedAt: Date): Promise<void> {
    await app.services.orm.em
      .fork()
      .transactional((em) => appendChanges(em, drafts, 'simulator', detectedAt));
  }

  async function quotaPoints(accountId: string): Promise<number[]> {
    const rows: { points: number | string }[] = await app.services.orm.em
      .fork()
      .getConnection()
      .execute('select points from rate_limits where key like ?', [`%${accountId}%`]);
    return rows.map((row) => Number(row.points));
  }

  beforeAll(async () => {
    app = await startTestApp({ UPGRADE_URL });
    await importCompaniesCsv(app.services.orm.em.fork(), fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
    // Two companies in outward code EC1V: the filter's outward, sector and full forms then differ.
    await app.services.orm.em
      .fork()
      .nativeUpdate(
        CompanyEntity,
        { companyNumber: '12345678' },
        { postalCode: 'EC1V 2AB', postcodeCompact: 'EC1V2AB', postcodeOutward: 'EC1V' },
      );
    const rows: { last: number | string | null }[] = await app.services.orm.em
      .fork()
      .getConnection()
      .execute('select max(sequence) as last from register_changes');
    base = Number(rows[0]?.last ?? 0);
    const first = changes.filter((c) => c.at === FIRST_BATCH_AT).map((c) => c.draft);
    const second = changes.filter((c) => c.at === SECOND_BATCH_AT).map((c) => c.draft);
    await append(first, FIRST_BATCH_AT);
    await append(second, SECOND_BATCH_AT);
    const starter = await signUp(app);
    await setPlan(app.services.orm.em.fork(), starter.account_id, 'starter');
    key = starter.api_key;
    client = await connectMcp(app, key);
  });
  afterAll(async () => {
    await client?.close();
    await app?.stop();
  });

  it('reads every change from the start, oldest first, every field as stored', async () => {
    const response = await feed(`?after=${base}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      changes: changes.map(({ draft, name, severity, at: detectedAt }, i): Change => ({
        sequence: base + i + 1,
        company_number: draft.companyNumber,
        company_name: name,
        change: draft.change,
        field: draft.field,
        alert_type: draft.alertType,
        severity,
        old_value: draft.oldValue,
        new_value: draft.newValue,
        detected_at: detectedAt.toISOString(),
      })),
      next_after: base + changes.length,
      has_more: false,
    });
    // One item spelled out, so the mapping above is not the only statement of the shape.
    expect(response.body.changes[1]).toEqual({
      sequence: base + 2,
      company_number: '11223344',
      company_name: 'RED KITE ROOFING LTD',
      change: 'dissolved',
      field: 'company_status',
      alert_type: 'status_change',
      severity: 'critical',
      old_value: { status: 'liquidation', detail: null, date_of_cessation: null },
      new_value: { status: 'dissolved', detail: null, date_of_cessation: '2026-11-20' },
      detected_at: '2026-11-22T08:15:30.123Z',
    });
    // after defaults to 0, the start of the feed.
    expect((await feed()).body).toEqual((await feed('?after=0')).body);
  });

  it('pages by sequence: each page continues where the last ended, with no change twice or missed', async () => {
    const seen: number[] = [];
    let after = base;
    const pages: ChangesPage[] = [];
    for (;;) {
      const page = (await feed(`?after=${after}&limit=4`)).body;
      pages.push(page);
      seen.push(...page.changes.map((c) => c.sequence));
      expect(page.next_after).toBe(page.changes.at(-1)?.sequence ?? after);
      after = page.next_after;
      if (!page.has_more) break;
    }
    expect(pages.map((p) => p.changes.length)).toEqual([4, 4, 3]);
    expect(seen).toEqual(at(...changes.keys()));
    // A page past the end is empty and keeps the cursor where it was.
    expect((await feed(`?after=${after}&limit=4`)).body).toEqual({
      changes: [],
      next_after: after,
      has_more: false,
    });
    // A limit that ends exactly at the last change says there is no more.
    const exact = (await feed(`?after=${base}&limit=${changes.length}`)).body;
    expect(exact.has_more).toBe(false);
    expect((await feed(`?after=${base}&limit=${changes.length - 1}`)).body.has_more).toBe(true);
  });

  it('pages a filtered feed too', async () => {
    const first = (await feed(`?company_number=09876543&limit=2&after=${base}`)).body;
    expect(first.changes.map((c) => c.sequence)).toEqual(at(0, 5));
    expect(first).toMatchObject({ next_after: base + 6, has_more: true });
    const second = (await feed(`?company_number=09876543&limit=2&after=${first.next_after}`)).body;
    expect(second.changes.map((c) => c.sequence)).toEqual(at(7));
    expect(second).toMatchObject({ next_after: base + 8, has_more: false });
  });

  it('filters by SIC code (the company’s codes on the register now)', async () => {
    expect(await sequences(`?after=${base}&sic_code=62020`)).toEqual(at(0, 5, 7));
    expect(await sequences(`?after=${base}&sic_code=43910`)).toEqual(at(1));
    expect(await sequences(`?after=${base}&sic_code=99999`)).toEqual(at(3));
    expect(await sequences(`?after=${base}&sic_code=01110`)).toEqual([]);
  });

  it('filters by postcode as search_companies does: full, sector or outward code', async () => {
    expect(await sequences(`?after=${base}&postcode=EC1V%209HL`)).toEqual(at(0, 5, 7));
    expect(await sequences(`?after=${base}&postcode=ec1v9hl`)).toEqual(at(0, 5, 7));
    expect(await sequences(`?after=${base}&postcode=EC1V%209`)).toEqual(at(0, 5, 7));
    expect(await sequences(`?after=${base}&postcode=EC1V`)).toEqual(at(0, 3, 5, 7));
    expect(await sequences(`?after=${base}&postcode=ec4n`)).toEqual(at(1));
    // EC1 is its own outward code, not a prefix of EC1V.
    expect(await sequences(`?after=${base}&postcode=EC1`)).toEqual([]);
  });

  it('filters by change kind and company number, and combines filters', async () => {
    expect(await sequences(`?after=${base}&change=dissolved`)).toEqual(at(1, 9));
    expect(await sequences(`?after=${base}&change=added`)).toEqual(at(2));
    expect(await sequences(`?after=${base}&change=updated`)).toEqual(at(0, 3, 4, 5, 6, 7, 8, 10));
    expect(await sequences(`?after=${base}&company_number=9876543`)).toEqual(at(0, 5, 7));
    expect(await sequences(`?after=${base}&company_number=sc412345`)).toEqual(at(6));
    expect(await sequences(`?after=${base + 1}&company_number=09876543`)).toEqual(at(5, 7));
    expect(await sequences(`?after=${base}&change=updated&postcode=EC1V`)).toEqual(at(0, 3, 5, 7));
    expect(await sequences(`?after=${base}&sic_code=62020&change=dissolved`)).toEqual([]);
    expect(await sequences(`?after=${base}&change=dissolved&postcode=YO1%207HH`)).toEqual(at(9));
  });

  it('refuses bad input over REST, each with its code and argument', async () => {
    const cases: [string, string, string][] = [
      ['after=-1', 'invalid_argument', 'after'],
      ['after=abc', 'invalid_argument', 'after'],
      ['after=1.5', 'invalid_argument', 'after'],
      ['limit=0', 'invalid_argument', 'limit'],
      ['limit=201', 'invalid_argument', 'limit'],
      ['sic_code=12', 'invalid_argument', 'sic_code'],
      ['sic_code=abcde', 'invalid_argument', 'sic_code'],
      ['postcode=ZZZZZZ', 'invalid_argument', 'postcode'],
      ['postcode=X', 'invalid_argument', 'postcode'],
      ['change=merged', 'invalid_argument', 'change'],
      ['company_number=XX12', 'invalid_company_number', 'company_number'],
      ['colour=red', 'invalid_argument', '(body)'],
    ];
    for (const [query, code, argument] of cases) {
      const response = await feed(`?${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect({ query, code: response.body.error.code }).toEqual({ query, code });
      expect({ query, argument: argumentOf(response.body.error) }).toEqual({ query, argument });
    }
    expect((await feed('?limit=200')).status).toBe(200);
    expect((await feed(`?after=${Number.MAX_SAFE_INTEGER}`)).body.changes).toEqual([]);
  });

  it('is a read-only MCP tool whose results validate against its output schema', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'get_changes')!;
    expect(tool.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(tool.description).toMatch(/Lowest plan: starter\. Costs 1 request\.$/);
    expect(Object.keys(tool.inputSchema.properties ?? {}).sort()).toEqual(
      ['after', 'change', 'company_number', 'limit', 'postcode', 'sic_code'].sort(),
    );
    const validate = ajv.compile(tool.outputSchema!);
    for (const args of [{}, { after: base, limit: 3 }, { postcode: 'EC1V', change: 'updated' }]) {
      const result = await client.callTool({ name: 'get_changes', arguments: args });
      expect(result.isError).toBeFalsy();
      validate(result.structuredContent);
      expect(validate.errors ?? []).toEqual([]);
      const [text] = result.content as { text: string }[];
      expect(JSON.parse(text!.text)).toEqual(result.structuredContent);
    }
    const page = await client.callTool({
      name: 'get_changes',
      arguments: { after: base, sic_code: '62020', limit: 2 },
    });
    const structured = page.structuredContent as ChangesPage;
    expect(structured.changes.map((c) => c.sequence)).toEqual(at(0, 5));
    expect(structured).toMatchObject({ next_after: base + 6, has_more: true });
    expect(structured.changes[0]).toEqual((await feed(`?after=${base}&limit=1`)).body.changes[0]);
  });

  it('refuses bad tool arguments with isError results carrying the same codes', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ after: -1 }, 'invalid_argument'],
      [{ limit: 500 }, 'invalid_argument'],
      [{ sic_code: '1' }, 'invalid_argument'],
      [{ postcode: 'NOT A CODE' }, 'invalid_argument'],
      [{ change: 'renamed' }, 'invalid_argument'],
      [{ company_number: 'not-a-number' }, 'invalid_company_number'],
    ];
    for (const [args, code] of cases) {
      const result = await client.callTool({ name: 'get_changes', arguments: args });
      expect(result.isError).toBe(true);
      expect({ args, code: toolError(result).code }).toEqual({ args, code });
    }
  });

  it('refuses a Free key (403 plan_required over REST, isError over MCP) and charges nothing', async () => {
    const free = await signUp(app);
    const response = await feed('', free.api_key);
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({
      code: 'plan_required',
      details: { required_plan: 'starter', current_plan: 'free', upgrade_url: UPGRADE_URL },
    });
    const freeClient = await connectMcp(app, free.api_key);
    const result = await freeClient.callTool({ name: 'get_changes', arguments: {} });
    await freeClient.close();
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(toolError(result)).toMatchObject({
      code: 'plan_required',
      details: { required_plan: 'starter', upgrade_url: UPGRADE_URL },
    });
    expect(await quotaPoints(free.account_id)).toEqual([]);
  });

  it('answers a Starter key, charging one request a call', async () => {
    const starter = await signUp(app);
    await setPlan(app.services.orm.em.fork(), starter.account_id, 'starter');
    expect((await feed('?limit=1', starter.api_key)).status).toBe(200);
    expect(await quotaPoints(starter.account_id)).toEqual([1, 1]);
  });

  it('gives a poller only the changes appended since its cursor', async () => {
    const end = (await feed(`?after=${base}&limit=200`)).body.next_after;
    const later = new Date('2026-11-22T10:00:00.456Z');
    await append(
      [
        {
          companyNumber: 'OC398765',
          change: 'updated',
          field: 'company_name',
          alertType: 'name_change',
          oldValue: 'BRIGHT HARBOUR LLP',
          newValue: 'BRIGHT HARBOUR PARTNERS LLP',
        },
      ],
      later,
    );
    expect((await feed(`?after=${end}`)).body).toEqual({
      changes: [
        {
          sequence: end + 1,
          company_number: 'OC398765',
          company_name: 'BRIGHT HARBOUR LLP',
          change: 'updated',
          field: 'company_name',
          alert_type: 'name_change',
          severity: 'info',
          old_value: 'BRIGHT HARBOUR LLP',
          new_value: 'BRIGHT HARBOUR PARTNERS LLP',
          detected_at: '2026-11-22T10:00:00.456Z',
        },
      ],
      next_after: end + 1,
      has_more: false,
    });
  });
});
