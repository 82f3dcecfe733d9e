import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import { ChargeEntity } from '../../src/db/entities/charge';
import { FilingEntity } from '../../src/db/entities/filing';
import { InsolvencyCaseEntity } from '../../src/db/entities/insolvency-case';
import { OfficerAppointmentEntity } from '../../src/db/entities/officer-appointment';
import { PersonWithSignificantControlEntity } from '../../src/db/entities/person-with-significant-control';
import type { Orm } from '../../src/db/orm';
import { getCompany } from '../../src/domain/companies/get-company';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importChargesJson } from '../../src/ingest/companies-house/resources/charges-json';
import {
  applyStreamEvent,
  type StreamEventOutcome,
} from '../../src/ingest/companies-house/stream/apply-stream-event';
import { parseStreamLine, type StreamEvent } from '../../src/ingest/companies-house/stream/stream-event';
import { SAMPLE_COMPANIES_CSV } from '../support/company-csv-rows';
import { projectRoot } from '../support/paths';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * Streaming API events applied to the store (apply-stream-event.ts), one kind at a time, on the register sample
 * (09876543, SC412345, 11223344 as the bulk file has them, with no detail resources): the first data of a
 * resource is its baseline, later events record their change once under 'companies_house_stream', an event
 * applied twice records nothing more, and whatever is wrong with an event makes it skipped, never thrown.
 */

type Json = Record<string, unknown>;
const api = (number: string, file: string): Json =>
  JSON.parse(
    readFileSync(join(projectRoot, 'test/fixtures/companies-house-api', number, file), 'utf8'),
  ) as Json;
const itemsOf = (number: string, file: string) => api(number, file).items as Json[];

const registerDay = new Date('2026-11-22T00:00:00Z');
let clock = Date.parse('2026-11-23T08:00:00.000Z');
let timepoint = 48_990_000;

let db: TestDatabase;
let orm: Orm;
const em = (): EntityManager => orm.em.fork();

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openMigrated(db);
  await importCompaniesCsv(em(), SAMPLE_COMPANIES_CSV, { asOf: registerDay, clock: () => registerDay });
});

afterAll(async () => {
  await orm?.close();
  await db?.drop();
});

/** An event as the stream sends it: one line of JSON, read back by the consumer's parser. */
function streamEvent(
  kind: string,
  uri: string,
  data: Json | undefined,
  type: 'changed' | 'deleted' = 'changed',
): StreamEvent {
  const line = JSON.stringify({
    resource_kind: kind,
    resource_uri: uri,
    resource_id: uri.split('/').at(-1),
    ...(data === undefined ? {} : { data }),
    event: { timepoint: ++timepoint, published_at: '2026-11-23T10:15:02', type },
  });
  const parsed = parseStreamLine(`${line}\n`);
  if (parsed.kind !== 'event') throw new Error(`the test built a bad event: ${JSON.stringify(parsed)}`);
  return parsed.event;
}

/** Each event applied as the consumer applies it: a fresh entity manager, its own detection time. */
const apply = (event: StreamEvent): Promise<StreamEventOutcome> =>
  applyStreamEvent(em(), event, {
    source: 'companies_house_stream',
    detectedAt: new Date((clock += 60_000)),
  });

interface Change {
  sequence: number;
  company_number: string;
  field: string;
  alert_type: string | null;
  new_value: Json;
  source: string;
}

async function feed(): Promise<Change[]> {
  const rows: Record<string, unknown>[] = await orm.em
    .getConnection()
    .execute(
      'select sequence, company_number, field, alert_type, new_value, source from register_changes order by sequence',
    );
  return rows.map((row) => ({
    sequence: Number(row.sequence),
    company_number: row.company_number as string,
    field: row.field as string,
    alert_type: row.alert_type as string | null,
    new_value: JSON.parse(row.new_value as string) as Json,
    source: row.source as string,
  }));
}

/** Applies the event and returns its outcome with the changes it added to the feed. */
async function applied(event: StreamEvent): Promise<{ outcome: StreamEventOutcome; added: Change[] }> {
  const before = (await feed()).length;
  const outcome = await apply(event);
  return { outcome, added: (await feed()).slice(before) };
}

const acornProfile = api('09876543', 'company.json');

describe('company-profile events', () => {
  it('inserts a company the store does not hold: a new incorporation, its own baseline', async () => {
    const incorporated = {
      company_name: 'LARCH LANE JOINERY LTD',
      company_number: '16054321',
      company_status: 'active',
      type: 'ltd',
      jurisdiction: 'england-wales',
      date_of_creation: '2026-11-23',
      registered_office_address: {
        premises: '3',
        address_line_1: 'Larch Lane',
        locality: 'Leeds',
        postal_code: 'LS6 2AB',
      },
      sic_codes: ['16230'],
      can_file: true,
      links: { self: '/company/16054321' },
    };
    const { outcome, added } = await applied(
      streamEvent('company-profile', '/company/16054321', incorporated),
    );
    expect(outcome).toEqual({
      status: 'applied',
      companyNumber: '16054321',
      resource: 'company_profile',
      baseline: true,
      changes: 0,
    });
    expect(added).toEqual([]);
    expect((await getCompany(em(), '16054321'))?.registered_office_address.address_line_1).toBe(
      '3 LARCH LANE',
    );
  });

  it('records a held company moving its registered office once, under the stream as source', async () => {
    const moved = {
      ...acornProfile,
      registered_office_address: {
        premises: 'Suite 12',
        address_line_1: '90 Paul Street',
        locality: 'London',
        postal_code: 'EC2A 4NE',
        country: 'United Kingdom',
      },
    };
    const first = await applied(streamEvent('company-profile', '/company/09876543', moved));
    expect(first.outcome).toMatchObject({ status: 'applied', baseline: false, changes: 1 });
    expect(first.added).toMatchObject([
      {
        company_number: '09876543',
        field: 'registered_office_address',
        alert_type: 'address_change',
        source: 'companies_house_stream',
        new_value: { address_line_1: 'SUITE 12, 90 PAUL STREET', postal_code: 'EC2A 4NE' },
      },
    ]);
    const again = await applied(streamEvent('company-profile', '/company/09876543', moved));
    expect(again.outcome).toMatchObject({ status: 'applied', baseline: false, changes: 0 });
    expect(again.added).toEqual([]);
  });

  it('skips a profile whose company_number is not the one in resource_uri', async () => {
    const { outcome, added } = await applied(
      streamEvent('company-profile', '/company/SC412345', acornProfile),
    );
    expect(outcome).toMatchObject({ status: 'skipped', reason: 'invalid_data', companyNumber: 'SC412345' });
    expect(outcome.status === 'skipped' && outcome.message).toContain('company_number');
    expect(added).toEqual([]);
    expect((await getCompany(em(), 'SC412345'))?.company_name).toBe('HIGHLAND TIMBER SUPPLIES LIMITED');
  });

  it('skips a deleted profile: the company stays as held', async () => {
    const { outcome } = await applied(
      streamEvent('company-profile', '/company/11223344', undefined, 'deleted'),
    );
    expect(outcome).toMatchObject({
      status: 'skipped',
      reason: 'company_profile_deleted',
      companyNumber: '11223344',
    });
    expect(await getCompany(em(), '11223344')).toBeDefined();
  });
});

describe('company-officers events (one appointment of the officer list)', () => {
  const [patel] = itemsOf('09876543', 'officers.json');
  const appointment = (id: string) => `/company/09876543/appointments/${id}`;
  const wright = {
    name: 'WRIGHT, Daniel James',
    officer_role: 'director',
    appointed_on: '2026-11-16',
    date_of_birth: { month: 6, year: 1984 },
    nationality: 'British',
    occupation: 'Operations Director',
    address: {
      premises: 'Suite 12',
      address_line_1: '90 Paul Street',
      locality: 'London',
      postal_code: 'EC2A 4NE',
    },
    // As stream events often carry it: the self link only, no officer link.
    links: { self: appointment('wRiGhTdAnIeL00012') },
  };
  const stored = (appointmentId: string) =>
    em().findOne(OfficerAppointmentEntity, { companyNumber: '09876543', appointmentId });

  it('takes the first appointment of a company with no officers held as its baseline', async () => {
    const { outcome, added } = await applied(
      streamEvent('company-officers', appointment('pAtElPrIyA0000009'), patel),
    );
    expect(outcome).toEqual({
      status: 'applied',
      companyNumber: '09876543',
      resource: 'officers',
      baseline: true,
      changes: 0,
    });
    expect(added).toEqual([]);
    expect(await stored('pAtElPrIyA0000009')).toMatchObject({
      officerId: 'pRiYaPaTeL0000000009',
      name: 'PATEL, Priya',
    });
  });

  it('records a later appointment once, without its officer link (the officer id stands in)', async () => {
    const first = await applied(streamEvent('company-officers', appointment('wRiGhTdAnIeL00012'), wright));
    expect(first.outcome).toMatchObject({ status: 'applied', baseline: false, changes: 1 });
    expect(first.added).toMatchObject([
      {
        field: 'officers',
        alert_type: 'officer_change',
        source: 'companies_house_stream',
        new_value: { action: 'appointed', appointment_id: 'wRiGhTdAnIeL00012', date: '2026-11-16' },
      },
    ]);
    expect((await stored('wRiGhTdAnIeL00012'))?.officerId).toBe('unknown-officer:wRiGhTdAnIeL00012');
    const again = await applied(streamEvent('company-officers', appointment('wRiGhTdAnIeL00012'), wright));
    expect(again.outcome).toMatchObject({ changes: 0 });
    expect(again.added).toEqual([]);
  });

  it('takes the real officer id when an event brings it, without calling that a change', async () => {
    const linked = {
      ...wright,
      links: { ...wright.links, officer: { appointments: '/officers/dAnIeLwRiGhT0000000012/appointments' } },
    };
    const { outcome } = await applied(
      streamEvent('company-officers', appointment('wRiGhTdAnIeL00012'), linked),
    );
    expect(outcome).toMatchObject({ changes: 0 });
    expect((await stored('wRiGhTdAnIeL00012'))?.officerId).toBe('dAnIeLwRiGhT0000000012');
    // A later event without the link keeps the id held.
    await apply(streamEvent('company-officers', appointment('wRiGhTdAnIeL00012'), wright));
    expect((await stored('wRiGhTdAnIeL00012'))?.officerId).toBe('dAnIeLwRiGhT0000000012');
  });

  it('records a resignation, and a deleted appointment as removed, each once', async () => {
    const resigned = await applied(
      streamEvent('company-officers', appointment('pAtElPrIyA0000009'), {
        ...patel,
        resigned_on: '2026-11-22',
      }),
    );
    expect(resigned.added).toMatchObject([{ new_value: { action: 'resigned', date: '2026-11-22' } }]);
    const deleted = streamEvent('company-officers', appointment('wRiGhTdAnIeL00012'), undefined, 'deleted');
    const removed = await applied(deleted);
    expect(removed.outcome).toMatchObject({ status: 'applied', changes: 1 });
    expect(removed.added).toMatchObject([
      { new_value: { action: 'removed', appointment_id: 'wRiGhTdAnIeL00012' } },
    ]);
    expect(await stored('wRiGhTdAnIeL00012')).toBeNull();
    expect((await applied(deleted)).added).toEqual([]);
  });

  it('stores identity verification an event carries, records its change once, and skips a malformed date', async () => {
    const withVerification = (details: Json) => ({
      ...patel,
      resigned_on: '2026-11-22',
      identity_verification_details: details,
    });
    const verified = await applied(
      streamEvent(
        'company-officers',
        appointment('pAtElPrIyA0000009'),
        withVerification({
          appointment_verification_statement_due_on: '2026-11-30',
          identity_verified_on: '2026-11-20',
        }),
      ),
    );
    expect(verified.added).toMatchObject([
      {
        alert_type: 'officer_change',
        new_value: {
          action: 'changed',
          description: expect.stringContaining('identity verification changed'),
        },
      },
    ]);
    expect(JSON.parse((await stored('pAtElPrIyA0000009'))!.identityVerification!)).toMatchObject({
      appointment_verification_statement_due_on: '2026-11-30',
      identity_verified_on: '2026-11-20',
    });
    const malformed = await applied(
      streamEvent(
        'company-officers',
        appointment('pAtElPrIyA0000009'),
        withVerification({ identity_verified_on: '20 Nov 2026' }),
      ),
    );
    expect(malformed.outcome).toMatchObject({ status: 'skipped', reason: 'invalid_data' });
    expect(malformed.added).toEqual([]);
    expect(JSON.parse((await stored('pAtElPrIyA0000009'))!.identityVerification!)).toMatchObject({
      identity_verified_on: '2026-11-20',
    });
  });
});

describe('PSC events (one entry of the register)', () => {
  const [wood] = itemsOf('SC412345', 'persons-with-significant-control.json');
  const woodUri = '/company/SC412345/persons-with-significant-control/individual/wood-1';
  const caledoniaUri = '/company/SC412345/persons-with-significant-control/corporate-entity/caledonia-1';
  // The data without its kind and self link: the event's resource kind and uri say them.
  const caledonia = {
    name: 'CALEDONIA FOREST HOLDINGS LIMITED',
    identification: { legal_form: 'Private Limited Company', registration_number: 'SC598321' },
    natures_of_control: ['ownership-of-shares-25-to-50-percent'],
    notified_on: '2026-11-12',
  };
  const stored = (pscId: string) =>
    em().findOne(PersonWithSignificantControlEntity, { companyNumber: 'SC412345', pscId });

  it('takes the first entry as the baseline, then records a new one once', async () => {
    const first = await applied(streamEvent('company-psc-individual', woodUri, wood));
    expect(first.outcome).toMatchObject({
      status: 'applied',
      resource: 'persons_with_significant_control',
      baseline: true,
    });
    expect(first.added).toEqual([]);
    const notified = await applied(streamEvent('company-psc-corporate', caledoniaUri, caledonia));
    expect(notified.outcome).toMatchObject({ baseline: false, changes: 1 });
    expect(notified.added).toMatchObject([
      {
        field: 'persons_with_significant_control',
        alert_type: 'psc_change',
        new_value: { action: 'notified', psc_id: 'caledonia-1' },
      },
    ]);
    expect(await stored('caledonia-1')).toMatchObject({
      kind: 'corporate-entity-person-with-significant-control',
    });
    expect((await applied(streamEvent('company-psc-corporate', caledoniaUri, caledonia))).added).toEqual([]);
  });

  it('records a PSC ceasing and an entry deleted, leaving the rest of the register alone', async () => {
    const ceased = await applied(
      streamEvent('company-psc-individual', woodUri, { ...wood, ceased_on: '2026-11-21' }),
    );
    expect(ceased.added).toMatchObject([{ new_value: { action: 'ceased', psc_id: 'wood-1' } }]);
    const removed = await applied(streamEvent('company-psc-corporate', caledoniaUri, undefined, 'deleted'));
    expect(removed.added).toMatchObject([{ new_value: { action: 'removed', psc_id: 'caledonia-1' } }]);
    expect(await stored('caledonia-1')).toBeNull();
    expect(await stored('wood-1')).toMatchObject({ ceasedOn: '2026-11-21' });
  });

  it('stores identity verification a PSC event carries and records its change once', async () => {
    const dates = {
      appointment_verification_statement_date: '2026-11-10',
      appointment_verification_statement_due_on: '2026-11-24',
    };
    const event = streamEvent('company-psc-individual', woodUri, {
      ...wood,
      ceased_on: '2026-11-21',
      identity_verification_details: dates,
    });
    const { added } = await applied(event);
    expect(added).toMatchObject([
      { alert_type: 'psc_change', new_value: { action: 'changed', psc_id: 'wood-1' } },
    ]);
    expect(JSON.parse((await stored('wood-1'))!.identityVerification!)).toMatchObject(dates);
    expect((await applied(event)).added).toEqual([]);
  });
});

describe('filing-history events (one filing)', () => {
  const filingUri = (id: string) => `/company/09876543/filing-history/${id}`;
  const accounts = {
    transaction_id: 'MzQ2MjIyMjIyMmFkaXF6a2N4',
    category: 'accounts',
    type: 'AA',
    date: '2026-11-23',
    description: 'accounts-with-accounts-type-micro-entity',
    description_values: { made_up_date: '2025-03-31' },
    action_date: '2025-03-31',
    links: {
      self: filingUri('MzQ2MjIyMjIyMmFkaXF6a2N4'),
      document_metadata:
        'https://frontend-doc-api.company-information.service.gov.uk/document/hJ1kYw2zTqFz8lGm7vA3XcQpN0rS5uVb',
    },
    pages: 6,
  };
  const statement = {
    transaction_id: 'MzQ2MzMzMzMzM2FkaXF6a2N4',
    category: 'confirmation-statement',
    type: 'CS01',
    date: '2026-11-24',
    description: 'confirmation-statement-with-no-updates',
    description_values: { made_up_date: '2026-11-14' },
    links: { self: filingUri('MzQ2MzMzMzMzM2FkaXF6a2N4') },
  };

  it('returns an accounts filing with its document link and date, the first filing being the baseline', async () => {
    const { outcome, added } = await applied(
      streamEvent('filing-history', filingUri(accounts.transaction_id), accounts),
    );
    expect(outcome).toEqual({
      status: 'applied',
      companyNumber: '09876543',
      resource: 'filing_history',
      baseline: true,
      changes: 0,
      accountsFiling: {
        transactionId: 'MzQ2MjIyMjIyMmFkaXF6a2N4',
        documentMetadataUrl:
          'https://frontend-doc-api.company-information.service.gov.uk/document/hJ1kYw2zTqFz8lGm7vA3XcQpN0rS5uVb',
        madeUpDate: '2025-03-31',
      },
    });
    expect(added).toEqual([]);
  });

  it('records a new filing once; another category has no accountsFiling', async () => {
    const first = await applied(
      streamEvent('filing-history', filingUri(statement.transaction_id), statement),
    );
    expect(first.outcome).toMatchObject({ baseline: false, changes: 1 });
    expect(first.outcome).not.toHaveProperty('accountsFiling');
    expect(first.added).toMatchObject([
      {
        field: 'filing_history',
        alert_type: 'new_filing',
        new_value: { transaction_id: statement.transaction_id, type: 'CS01' },
      },
    ]);
    expect(
      (await applied(streamEvent('filing-history', filingUri(statement.transaction_id), statement))).added,
    ).toEqual([]);
  });

  it('gives an accounts filing without a document link or date with nulls', async () => {
    const paper = {
      ...accounts,
      transaction_id: 'MzQ2NDQ0NDQ0NGFkaXF6a2N4',
      description_values: {},
      links: { self: filingUri('MzQ2NDQ0NDQ0NGFkaXF6a2N4') },
    };
    const { outcome } = await applied(streamEvent('filing-history', filingUri(paper.transaction_id), paper));
    expect(outcome).toMatchObject({
      changes: 1,
      accountsFiling: { transactionId: paper.transaction_id, documentMetadataUrl: null, madeUpDate: null },
    });
  });

  it('removes a deleted filing and announces nothing', async () => {
    const deleted = streamEvent('filing-history', filingUri(statement.transaction_id), undefined, 'deleted');
    const { outcome, added } = await applied(deleted);
    expect(outcome).toMatchObject({ status: 'applied', changes: 0 });
    expect(added).toEqual([]);
    expect(
      await em().findOne(FilingEntity, {
        companyNumber: '09876543',
        transactionId: statement.transaction_id,
      }),
    ).toBeNull();
  });
});

describe('company-charges events (one charge)', () => {
  const chargeList = api('SC412345', 'charges.json');
  const [held] = chargeList.items as Json[];
  const chargeUri = (id: string) => `/company/SC412345/charges/${id}`;
  const newCharge = {
    charge_code: 'SC4123450003',
    charge_number: 3,
    classification: { type: 'charge-description', description: 'A registered charge' },
    status: 'outstanding',
    created_on: '2026-11-16',
    delivered_on: '2026-11-20',
    persons_entitled: [{ name: 'Bank of Scotland PLC' }],
    links: { self: chargeUri('TmV3SGlnaGxhbmRCb25kMjAyNjMx') },
  };
  const counts = async () => (await getCompany(em(), 'SC412345'))?.charge_counts;

  it('keeps the bulk file counts while the store holds only part of the charge list', async () => {
    const { outcome, added } = await applied(
      streamEvent('company-charges', chargeUri('ZXhYbTJ1N0JvM3dXcEp4bGZ0Qk5h'), held),
    );
    expect(outcome).toMatchObject({ status: 'applied', resource: 'charges', baseline: true, changes: 0 });
    expect(added).toEqual([]);
    expect(await counts()).toEqual({ total: 2, outstanding: 1, part_satisfied: 0, satisfied: 1 });
  });

  it('once the whole list is held, counts follow each charge: registered and satisfied recorded once each', async () => {
    await importChargesJson(em(), 'SC412345', chargeList, {
      source: 'companies_house_api',
      detectedAt: new Date((clock += 60_000)),
    });
    const registered = await applied(
      streamEvent('company-charges', chargeUri('TmV3SGlnaGxhbmRCb25kMjAyNjMx'), newCharge),
    );
    expect(registered.outcome).toMatchObject({ baseline: false, changes: 1 });
    expect(registered.added).toMatchObject([
      { field: 'charges', alert_type: 'charge_registered', new_value: { total: 3, outstanding: 2 } },
    ]);
    expect(
      (await applied(streamEvent('company-charges', chargeUri('TmV3SGlnaGxhbmRCb25kMjAyNjMx'), newCharge)))
        .added,
    ).toEqual([]);

    const satisfied = { ...newCharge, status: 'fully-satisfied', satisfied_on: '2026-11-23' };
    const paid = await applied(
      streamEvent('company-charges', chargeUri('TmV3SGlnaGxhbmRCb25kMjAyNjMx'), satisfied),
    );
    expect(paid.added).toMatchObject([
      { alert_type: 'charge_satisfied', new_value: { total: 3, outstanding: 1, satisfied: 2 } },
    ]);
  });

  it('removes a deleted charge from the list and the counts, announcing nothing', async () => {
    const { outcome, added } = await applied(
      streamEvent('company-charges', chargeUri('TmV3SGlnaGxhbmRCb25kMjAyNjMx'), undefined, 'deleted'),
    );
    expect(outcome).toMatchObject({ status: 'applied', changes: 0 });
    expect(added).toEqual([]);
    expect(await counts()).toEqual({ total: 2, outstanding: 1, part_satisfied: 0, satisfied: 1 });
    expect(await em().count(ChargeEntity, { companyNumber: 'SC412345' })).toBe(2);
  });
});

describe('company-insolvency events (the whole insolvency resource)', () => {
  const uri = '/company/09876543/insolvency';
  const liquidation = api('11223344', 'insolvency.json');

  it('records insolvency cases arriving for a company with none, once; a deleted resource keeps the history', async () => {
    const none = await applied(streamEvent('company-insolvency', uri, { cases: [] }));
    expect(none.outcome).toMatchObject({
      status: 'applied',
      resource: 'insolvency',
      baseline: true,
      changes: 0,
    });
    const cases = await applied(streamEvent('company-insolvency', uri, liquidation));
    expect(cases.outcome).toMatchObject({ baseline: false, changes: 1 });
    expect(cases.added).toMatchObject([{ field: 'insolvency', alert_type: 'gazette_notice' }]);
    expect((await applied(streamEvent('company-insolvency', uri, liquidation))).added).toEqual([]);

    const deleted = await applied(streamEvent('company-insolvency', uri, undefined, 'deleted'));
    expect(deleted.added).toEqual([]);
    expect(await em().count(InsolvencyCaseEntity, { companyNumber: '09876543' })).toBe(0);
    expect((await getCompany(em(), '09876543'))?.has_insolvency_history).toBe(true);
  });
});

describe('events that cannot be applied are skipped, never thrown', () => {
  it.each<[string, string]>([
    ['company-officers', '/company/07654321/appointments/aBcDeF0000001'],
    ['filing-history', '/company/07654321/filing-history/MzQ5OTk5OTk5OWFkaXF6a2N4'],
    ['company-charges', '/company/07654321/charges/Q2hhcmdlT2ZOb2JvZHk'],
    ['company-psc-individual', '/company/07654321/persons-with-significant-control/individual/nobody-1'],
    ['company-insolvency', '/company/07654321/insolvency'],
  ])('%s of a company the store does not hold', async (kind, uri) => {
    const { outcome, added } = await applied(streamEvent(kind, uri, undefined, 'deleted'));
    expect(outcome).toMatchObject({
      status: 'skipped',
      reason: 'unknown_company',
      companyNumber: '07654321',
    });
    expect(added).toEqual([]);
  });

  it('an officer appointed at a company the store does not hold: nothing written', async () => {
    const data = {
      ...itemsOf('09876543', 'officers.json')[2],
      links: { self: '/company/07654321/appointments/aBcDeF0000001' },
    };
    const { outcome } = await applied(
      streamEvent('company-officers', '/company/07654321/appointments/aBcDeF0000001', data),
    );
    expect(outcome).toMatchObject({ status: 'skipped', reason: 'unknown_company' });
    expect(await em().count(OfficerAppointmentEntity, { companyNumber: '07654321' })).toBe(0);
  });

  it.each<[string, string, string | undefined]>([
    ['company-exemptions', '/company/09876543/exemptions', '09876543'],
    ['company-uk-establishments', '/company/09876543/uk-establishments', '09876543'],
  ])('an unknown resource kind: %s', async (kind, uri, companyNumber) => {
    const outcome = await apply(streamEvent(kind, uri, { kind: 'anything' }));
    expect(outcome).toMatchObject({ status: 'skipped', reason: 'unknown_resource_kind' });
    expect(outcome.status === 'skipped' ? outcome.companyNumber : 'applied').toBe(companyNumber);
  });

  it.each([
    ['company-charges', '/company/NOTACOMPANY/charges/abc'],
    ['company-profile', '/company/1234567890'],
    ['company-officers', '/officers/aBcDeF/appointments'],
    ['company-insolvency', '/company//insolvency'],
  ])('a resource_uri without a company number: %s %s', async (kind, uri) => {
    const outcome = await apply(streamEvent(kind, uri, { cases: [] }));
    expect(outcome).toMatchObject({ status: 'skipped', reason: 'invalid_company_number' });
    expect(outcome.status === 'skipped' && outcome.message).toContain('resource_uri');
  });

  const patel = itemsOf('09876543', 'officers.json')[0]!;
  const officerUri = '/company/09876543/appointments/pAtElPrIyA0000009';
  const held = (api('SC412345', 'charges.json').items as Json[])[0]!;
  const chargeUri = '/company/SC412345/charges/ZXhYbTJ1N0JvM3dXcEp4bGZ0Qk5h';
  const filing = (itemsOf('09876543', 'filing-history.json') as Json[])[1]!;
  const filingUri = `/company/09876543/filing-history/${String(filing.transaction_id)}`;
  it.each<[string, string, string, Json | undefined, string]>([
    ['an officer without a name', 'company-officers', officerUri, { ...patel, name: undefined }, 'data.name'],
    [
      'an officer linked to another company',
      'company-officers',
      officerUri,
      { ...patel, links: { self: '/company/SC412345/appointments/pAtElPrIyA0000009' } },
      'data.links.self',
    ],
    [
      'an officer path without an appointment',
      'company-officers',
      '/company/09876543/appointments',
      patel,
      'resource_uri',
    ],
    [
      'a charge with an unknown status',
      'company-charges',
      chargeUri,
      { ...held, status: 'forgiven' },
      'data.status',
    ],
    [
      'a charge of another id',
      'company-charges',
      chargeUri,
      { ...held, links: { self: '/company/SC412345/charges/T3RoZXI' } },
      'data.links.self',
    ],
    ['a changed charge without data', 'company-charges', chargeUri, undefined, 'data'],
    [
      'a filing of another transaction',
      'filing-history',
      filingUri,
      { ...filing, transaction_id: 'MzQ5OTk5OTk5OWFkaXF6a2N4' },
      'data.transaction_id',
    ],
    ['a filing with a bad date', 'filing-history', filingUri, { ...filing, date: '20/11/2024' }, 'data.date'],
    [
      'a PSC whose kind nothing says',
      'company-psc-mystery',
      '/company/SC412345/persons-with-significant-control/mystery/m-1',
      { name: 'M' },
      'data.kind',
    ],
    [
      'a PSC of another id',
      'company-psc-individual',
      '/company/SC412345/persons-with-significant-control/individual/wood-1',
      {
        kind: 'individual-person-with-significant-control',
        links: { self: '/company/SC412345/persons-with-significant-control/individual/wood-2' },
      },
      'data.links.self',
    ],
    [
      'insolvency cases that are not a list',
      'company-insolvency',
      '/company/11223344/insolvency',
      { cases: 'one' },
      'cases',
    ],
    [
      'insolvency at a path of its own',
      'company-insolvency',
      '/company/11223344/insolvency/1',
      { cases: [] },
      'resource_uri',
    ],
    [
      'a profile with an unknown status',
      'company-profile',
      '/company/09876543',
      { ...acornProfile, company_status: 'thriving' },
      'company_status',
    ],
    [
      'a profile at an item path',
      'company-profile',
      '/company/09876543/officers',
      acornProfile,
      'resource_uri',
    ],
  ])('bad data: %s', async (_, kind, uri, data, field) => {
    const { outcome, added } = await applied(streamEvent(kind, uri, data));
    expect(outcome).toMatchObject({ status: 'skipped', reason: 'invalid_data' });
    expect(outcome.status === 'skipped' && outcome.message).toContain(`${field}: `);
    expect(added).toEqual([]);
  });
});
