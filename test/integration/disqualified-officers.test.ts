import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Orm } from '../../src/db/orm';
import {
  DisqualificationEntity,
  DisqualifiedOfficerEntity,
} from '../../src/db/entities/disqualified-officer';
import { disqualificationLinks } from '../../src/domain/disqualifications/disqualification-links';
import { disqualifiedOfficersById } from '../../src/domain/disqualifications/disqualified-officer-store';
import { ServiceError } from '../../src/domain/errors';
import { loadCompanyFacts } from '../../src/domain/kyb/kyb-facts';
import { disqualificationRule } from '../../src/domain/kyb/rules/disqualification-rule';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { RateLimitStore } from '../../src/db/rate-limit-store';
import { SharedRequestBudget } from '../../src/ingest/companies-house/live/shared-request-budget';
import { CompaniesHouseClient } from '../../src/ingest/companies-house/live/companies-house-client';
import { fetchDisqualifiedOfficer } from '../../src/ingest/companies-house/live/live-disqualified-officers';
import { importDisqualifiedOfficerJson } from '../../src/ingest/companies-house/resources/disqualified-officer-json';
import { importOfficersJson } from '../../src/ingest/companies-house/resources/officers-json';
import { applyStreamEvent } from '../../src/ingest/companies-house/stream/apply-stream-event';
import { parseStreamLine, type StreamEvent } from '../../src/ingest/companies-house/stream/stream-event';
import { CompaniesHouseStandIn } from '../support/companies-house-stand-in/stand-in';
import { SAMPLE_COMPANIES_CSV } from '../support/company-csv-rows';
import { projectRoot } from '../support/paths';
import { facts } from '../unit/kyb/kyb-facts-fixture';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * Disqualified officers (issue 39 part 2) on a real store: Companies House's natural and corporate resources
 * imported from their published JSON, from the REST API through the stand-in and from the disqualified-officers
 * stream; bad input refused whole with its stable reason and nothing written; a disqualification linked to an
 * appointment by officer id, or by name and month and year of birth as a possible link.
 */

const day = new Date('2026-11-22T00:00:00Z');
const FIXTURES = join(projectRoot, 'test/fixtures/companies-house-api');
const SMITH = 'jK8mQ2sT5vX1yZ4aB7cD0eF3gH6';
const HARBOUR = 'cOrPdIsQ0000000000001';
const resource = (kind: string, id: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(FIXTURES, 'disqualified-officers', kind, `${id}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
const streamEvents = (): StreamEvent[] =>
  readFileSync(join(projectRoot, 'test/fixtures/companies-house-streams/disqualified-officers.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      // The fixture leaves timepoints to the stand-in, as Companies House assigns them.
      const json = JSON.parse(line) as { event: Record<string, unknown> };
      const parsed = parseStreamLine(
        JSON.stringify({ ...json, event: { ...json.event, timepoint: index + 1 } }),
      );
      if (parsed.kind !== 'event') throw new Error(`line ${index + 1} is not an event`);
      return parsed.event;
    });

let db: TestDatabase;
let orm: Orm;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openMigrated(db);
  await importCompaniesCsv(orm.em.fork(), SAMPLE_COMPANIES_CSV, { asOf: day, clock: () => day });
  const officers = JSON.parse(readFileSync(join(FIXTURES, '09876543', 'officers.json'), 'utf8')) as unknown;
  await importOfficersJson(orm.em.fork(), '09876543', officers, { source: 'import', detectedAt: day });
});

afterAll(async () => {
  await orm?.close();
  await db?.drop();
});

async function refusal(json: unknown, expected?: { kind: 'natural' | 'corporate'; officerId: string }) {
  try {
    await importDisqualifiedOfficerJson(orm.em.fork(), json, { source: 'test', origin: 'file', expected });
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return {
      code: (error as ServiceError).code,
      details: (error as ServiceError).details,
      message: (error as Error).message,
    };
  }
  throw new Error('not refused');
}

describe('importing the published resource', () => {
  it('stores a natural person with each disqualification, the month and year of birth only', async () => {
    await orm.em.fork().getConnection().execute('delete from health_score_queue');
    const imported = await importDisqualifiedOfficerJson(orm.em.fork(), resource('natural', SMITH), {
      source: 'file',
      origin: 'file',
      now: day,
    });
    expect(imported).toEqual({ officerId: SMITH, kind: 'natural', created: true, disqualifications: 1 });
    const [stored] = await disqualifiedOfficersById(orm.em.fork(), [SMITH]);
    expect(stored!.officer).toMatchObject({
      kind: 'natural',
      name: 'SMITH, John',
      birthYear: 1970,
      birthMonth: 5,
      surnameKey: 'SMITH',
      nameKey: ' JOHN SMITH ',
    });
    // The director's company is queued for a health rescore: its governance rules read this.
    const queued = await orm.em
      .fork()
      .getConnection()
      .execute<{ company_number: string }[]>('select company_number from health_score_queue');
    expect(queued.map((row: { company_number: string }) => row.company_number)).toEqual(['09876543']);
    expect(stored!.disqualifications).toEqual([
      expect.objectContaining({
        disqualificationType: 'undertaking',
        disqualifiedFrom: '2025-02-10',
        disqualifiedUntil: '2031-02-09',
        undertakenOn: '2025-01-20',
        act: 'company-directors-disqualification-act-1986',
        section: '7',
        descriptionIdentifier: 'undertaking-unfit-director-of-insolvent-company',
        companyNames: JSON.stringify(['SMITH HAULAGE LIMITED', 'NORTHERN FREIGHT SERVICES LTD']),
      }),
    ]);
  });

  it('stores a corporate officer with its registration number', async () => {
    const imported = await importDisqualifiedOfficerJson(orm.em.fork(), resource('corporate', HARBOUR), {
      source: 'file',
      origin: 'file',
    });
    expect(imported).toMatchObject({ kind: 'corporate', disqualifications: 1 });
    const [stored] = await disqualifiedOfficersById(orm.em.fork(), [HARBOUR]);
    expect(stored!.officer).toMatchObject({
      name: 'HARBOUR NOMINEES LIMITED',
      companyNumber: '07654321',
      birthYear: null,
    });
    expect(stored!.disqualifications[0]).toMatchObject({
      disqualificationType: 'court-order',
      heardOn: '2024-05-13',
    });
  });

  it.each([
    ['a kind that is not a disqualification', { kind: 'officer-list' }, 'kind'],
    ['no disqualification', { disqualifications: [] }, 'disqualifications'],
    [
      'a date not in ISO form',
      { disqualifications: [{ ...firstOf(SMITH), disqualified_until: '09/02/2031' }] },
      'disqualifications[0].disqualified_until',
    ],
    [
      'an end before the start',
      { disqualifications: [{ ...firstOf(SMITH), disqualified_until: '2020-01-01' }] },
      'disqualifications[0].disqualified_until',
    ],
    ['no surname for a person', { surname: '  ' }, 'surname'],
    [
      'a links.self that is not a disqualified officer',
      { links: { self: '/officers/x/appointments' } },
      'links.self',
    ],
  ])('refuses %s with invalid_disqualified_officer, keeping what was held', async (_what, change, field) => {
    const refused = await refusal({ ...resource('natural', SMITH), ...change });
    expect(refused.code).toBe('invalid_argument');
    expect(refused.details).toMatchObject({ reason: 'invalid_disqualified_officer', field });
    const [held] = await disqualifiedOfficersById(orm.em.fork(), [SMITH]);
    expect(held!.disqualifications).toHaveLength(1);
    expect(held!.disqualifications[0]!.disqualifiedUntil).toBe('2031-02-09');
  });

  it('refuses a body about another officer than the path asked for', async () => {
    const refused = await refusal(resource('natural', SMITH), { kind: 'natural', officerId: 'someone-else' });
    expect(refused.details).toMatchObject({ reason: 'invalid_disqualified_officer', field: 'links.self' });
    expect(await orm.em.fork().count(DisqualifiedOfficerEntity, { officerId: 'someone-else' })).toBe(0);
  });

  it('refuses a body that is not JSON object at all', async () => {
    expect((await refusal('not a resource')).details).toMatchObject({
      reason: 'invalid_disqualified_officer',
    });
    expect((await refusal(null)).code).toBe('invalid_argument');
  });
});

function firstOf(id: string): Record<string, unknown> {
  return (resource('natural', id).disqualifications as Record<string, unknown>[])[0]!;
}

describe('linking to appointments', () => {
  it('links by officer id, and by name and month and year of birth as a possible link with what matched', async () => {
    const em = orm.em.fork();
    for (const event of streamEvents())
      expect(
        await applyStreamEvent(em, event, { source: 'companies_house_stream', detectedAt: day }),
      ).toMatchObject({
        status: 'applied',
        resource: 'disqualified_officers',
        companyNumber: null,
      });
    const links = await disqualificationLinks(
      orm.em.fork(),
      [
        { officerId: SMITH, name: 'SMITH, John', birthYear: 1970, birthMonth: 5 },
        { officerId: 'pRiYaPaTeL0000000009', name: 'PATEL, Priya', birthYear: 1988, birthMonth: 3 },
        { officerId: 'another-patel', name: 'PATEL, Priya', birthYear: 1988, birthMonth: 4 },
      ],
      '2026-11-22',
    );
    expect(links.get(SMITH)).toEqual([
      expect.objectContaining({ basis: 'officer_id', matched_fields: ['officer_id'] }),
    ]);
    expect(links.get(SMITH)![0]!.disqualified_officer.disqualifications[0]!.status).toBe('current');
    expect(links.get('pRiYaPaTeL0000000009')).toEqual([
      expect.objectContaining({
        basis: 'name_and_birth',
        matched_fields: ['name', 'birth_month', 'birth_year'],
        disqualified_officer: expect.objectContaining({ officer_id: 'pRiYaDiSqUaLiFiEd0001' }),
      }),
    ]);
    expect(links.get('pRiYaPaTeL0000000009')![0]!.disqualified_officer.disqualifications[0]!.status).toBe(
      'past',
    );
    expect(links.has('another-patel')).toBe(false);
  });

  it('a KYB check of the company fails its serving director under an undertaking in force, and refers the possible link', async () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const company = await loadCompanyFacts(orm.em.fork(), '09876543', now);
    const { reasons } = disqualificationRule.apply({ ...facts(), ...company!, asOfDay: '2026-11-22' });
    expect(reasons.map((reason) => [reason.code, reason.outcome])).toEqual([
      ['disqualified_director', 'fail'],
      ['disqualification_to_review', 'refer'],
    ]);
    expect(reasons[0]!.evidence).toMatchObject({
      directors: [
        {
          appointment: { name: 'SMITH, John', officer_role: 'director' },
          basis: 'officer_id',
          disqualifications: [
            {
              disqualification_type: 'undertaking',
              disqualified_from: '2025-02-10',
              disqualified_until: '2031-02-09',
              reason: { act: 'company-directors-disqualification-act-1986', section: '7' },
            },
          ],
        },
      ],
    });
    expect(reasons[1]!.evidence).toMatchObject({
      directors: [
        {
          appointment: { name: 'PATEL, Priya' },
          basis: 'name_and_birth',
          matched_fields: ['name', 'birth_month', 'birth_year'],
          why: ['possible_link', 'ended'],
        },
      ],
    });
  });

  it('skips a stream event with bad data, writing nothing, and forgets an officer on a deleted event', async () => {
    const [patel] = streamEvents();
    const bad = {
      ...patel!,
      data: { ...patel!.data, disqualifications: [{ disqualification_type: 'undertaking' }] },
    };
    expect(
      await applyStreamEvent(orm.em.fork(), bad, { source: 'companies_house_stream', detectedAt: day }),
    ).toMatchObject({
      status: 'skipped',
      reason: 'invalid_data',
    });
    expect(await orm.em.fork().count(DisqualificationEntity, { officerId: 'pRiYaDiSqUaLiFiEd0001' })).toBe(1);
    const deleted = { ...patel!, data: undefined, event: { ...patel!.event, type: 'deleted' as const } };
    expect(
      await applyStreamEvent(orm.em.fork(), deleted, { source: 'companies_house_stream', detectedAt: day }),
    ).toMatchObject({
      status: 'applied',
    });
    expect(await orm.em.fork().count(DisqualifiedOfficerEntity, { officerId: 'pRiYaDiSqUaLiFiEd0001' })).toBe(
      0,
    );
    expect(await orm.em.fork().count(DisqualificationEntity, { officerId: 'pRiYaDiSqUaLiFiEd0001' })).toBe(0);
  });
});

describe('on demand with a live key, through the stand-in', () => {
  let standIn: CompaniesHouseStandIn;
  let client: CompaniesHouseClient;
  let store: RateLimitStore;

  beforeAll(async () => {
    standIn = await CompaniesHouseStandIn.start({ fixturesDir: FIXTURES, apiKeys: ['key'] });
    store = new RateLimitStore(db.database);
    client = new CompaniesHouseClient({
      apiKey: 'key',
      baseUrl: standIn.url,
      budget: new SharedRequestBudget(store, 'disqualified-officers-key'),
    });
  });
  afterAll(async () => {
    await standIn?.stop();
    await store?.close();
  });

  it('fetches and stores a corporate officer, and forgets one Companies House no longer lists', async () => {
    await orm.em.fork().nativeDelete(DisqualifiedOfficerEntity, { officerId: HARBOUR });
    expect(await fetchDisqualifiedOfficer(orm.em.fork(), client, 'corporate', HARBOUR)).toMatchObject({
      status: 'imported',
      imported: { officerId: HARBOUR, kind: 'corporate', created: true },
    });
    expect(standIn.requests.at(-1)).toMatchObject({
      path: `/disqualified-officers/corporate/${HARBOUR}`,
      status: 200,
    });
    // Asked as a natural person: no such resource, and the corporate officer held is not touched.
    expect(await fetchDisqualifiedOfficer(orm.em.fork(), client, 'natural', HARBOUR)).toEqual({
      status: 'not_found',
      forgotten: false,
    });
    expect(await orm.em.fork().count(DisqualifiedOfficerEntity, { officerId: HARBOUR })).toBe(1);
    // An order withdrawn (held here, no longer listed by Companies House): what was held is forgotten.
    await importDisqualifiedOfficerJson(
      orm.em.fork(),
      { ...resource('natural', SMITH), links: { self: '/disqualified-officers/natural/withdrawn-order' } },
      { source: 'test', origin: 'file' },
    );
    expect(await fetchDisqualifiedOfficer(orm.em.fork(), client, 'natural', 'withdrawn-order')).toEqual({
      status: 'not_found',
      forgotten: true,
    });
    expect(await orm.em.fork().count(DisqualificationEntity, { officerId: 'withdrawn-order' })).toBe(0);
  });
});
