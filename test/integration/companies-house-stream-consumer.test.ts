import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import type { WorkflowHandle } from '@temporalio/client';
import { RegisterChangeEntity } from '../../src/db/entities/register-change';
import { CompanyEntity } from '../../src/db/entities/company';
import { DisqualifiedOfficerEntity } from '../../src/db/entities/disqualified-officer';
import { disqualifiedOfficersById } from '../../src/domain/disqualifications/disqualified-officer-store';
import { OfficerAppointmentEntity } from '../../src/db/entities/officer-appointment';
import { readCompanyProvenance } from '../../src/domain/companies/company-provenance';
import { importCompanyProfileJson } from '../../src/ingest/companies-house/resources/company-profile-json';
import { readStreamPosition } from '../../src/ingest/companies-house/stream/stream-position';
import type { CompaniesHouseStreamName } from '../../src/ingest/companies-house/stream/stream-names';
import { ensureCompaniesHouseStreams } from '../../src/temporal/companies-house-streams';
import {
  pauseStream,
  resetStream,
  resumeStream,
  streamReport,
} from '../../src/temporal/companies-house-stream-control';
import {
  streamStatusQuery,
  type CompaniesHouseStreamInput,
  type CompaniesHouseStreamStatus,
} from '../../src/temporal/contracts';
import { companiesHouseStreamWorkflowId, workflowTypes } from '../../src/temporal/names';
import { searchAttributes } from '../../src/temporal/search-attributes';
import { startWorker, type RunningWorker } from '../../src/worker';
import { readStreamFixture, StreamStandIn } from '../support/companies-house-stand-in/stream-stand-in';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { startLocalReceiver, type LocalReceiver } from '../support/local-receiver';
import { request, signUp } from '../support/test-app';
import { runChangeCheckNow } from '../../src/temporal/change-check-schedule';
import { alertEventSchema } from '../../src/domain/webhooks/events';
import { verifyWebhook } from '../../src/domain/webhooks/verify-webhook';
import { workflowBundle } from '../support/workflow-bundle';

const STREAM_KEY = 'stream-key-for-tests';
const API_FIXTURES = join(__dirname, '../fixtures/companies-house-api');
const profileOf = (number: string) =>
  JSON.parse(readFileSync(join(API_FIXTURES, number, 'company.json'), 'utf8')) as Record<string, unknown>;

/** A company-profile event moving the company's registered office to `line1`. */
function officeMove(number: string, line1: string) {
  const profile = profileOf(number);
  const address = profile.registered_office_address as Record<string, unknown>;
  return {
    resource_kind: 'company-profile',
    resource_uri: `/company/${number}`,
    resource_id: number,
    data: { ...profile, registered_office_address: { ...address, address_line_1: line1 } },
    event: {
      published_at: '2026-11-24T09:00:00',
      type: 'changed' as const,
      fields_changed: ['registered_office_address.address_line_1'],
    },
  };
}

/** Address line 1 of a registered_office_address change, as the register stores it (premises first, capitals). */
const lineOne = (change: { newValue: string | null }) =>
  (JSON.parse(change.newValue!) as { address_line_1: string }).address_line_1;

describe('the Companies House stream consumer: one Temporal workflow per stream (dev server, stand-in)', () => {
  let standIn: StreamStandIn;
  let app: TestApp;
  let streamWorker: RunningWorker;
  let receiver: LocalReceiver;
  /** The stream workflows run on their own task queue, so a test can stop and restart their worker alone. */
  const streamQueue = `streams-${randomBytes(4).toString('hex')}`;
  const started: WorkflowHandle[] = [];

  const em = () => app.services.orm.em.fork();
  const startStreamWorker = () =>
    startWorker({
      config: { ...app.config, TEMPORAL_TASK_QUEUE: streamQueue },
      orm: app.services.orm,
      client: app.services.temporal,
      logger: pino({ level: 'silent' }),
      workflowBundle: workflowBundle(),
      changeCheckSchedule: false,
      companiesHouseStreams: false,
    });

  /** Starts a consumer under a test's own workflow id (the real ids are one per namespace). */
  async function startConsumer(stream: CompaniesHouseStreamName, timepoint: number | null = null) {
    const input: CompaniesHouseStreamInput = {
      stream,
      timepoint,
      runOptions: { maxRunMs: 1_500, idleTimeoutMs: 5_000 },
    };
    const handle = await app.services.temporal.workflow.start(workflowTypes.companiesHouseStream, {
      workflowId: `test-${randomBytes(4).toString('hex')}/${stream}`,
      taskQueue: streamQueue,
      args: [input],
    });
    started.push(handle);
    return handle;
  }

  const positionOf = async (stream: string) => (await readStreamPosition(em(), stream))?.timepoint ?? null;
  const waitForPosition = (stream: string, timepoint: number) =>
    waitFor(async () => ((await positionOf(stream)) === timepoint ? true : undefined), 20_000);
  const streamChanges = (companyNumber: string) =>
    em().find(
      RegisterChangeEntity,
      { companyNumber, source: 'companies_house_stream' },
      { orderBy: { sequence: 'asc' } },
    );
  const statusOf = (handle: WorkflowHandle) => handle.query(streamStatusQuery);

  beforeAll(async () => {
    standIn = await StreamStandIn.start({ streamKeys: [STREAM_KEY], keepAliveMs: 50 });
    receiver = await startLocalReceiver();
    app = await startTestApp(
      {
        COMPANIES_HOUSE_STREAM_KEY: STREAM_KEY,
        COMPANIES_HOUSE_STREAM_URL: standIn.url,
        WEBHOOK_DEV_ALLOWED_ORIGINS: receiver.origin,
      },
      { changeCheckSchedule: true },
    );
    for (const number of ['09876543', 'SC412345', '11223344'])
      await importCompanyProfileJson(em(), number, profileOf(number), {
        source: 'import',
        detectedAt: new Date(),
      });
    streamWorker = await startStreamWorker();
  }, 60_000);
  afterAll(async () => {
    for (const handle of started) await handle.terminate('test over').catch(() => undefined);
    await streamWorker?.stop();
    await app?.stop();
    await standIn?.stop();
    await receiver?.close();
  });

  it('applies events in order and once, ignores keep-alives, and records its place in the store, memo and search attributes', async () => {
    const handle = await startConsumer('companies');
    await waitFor(async () => (standIn.openConnections('companies').length > 0 ? true : undefined));
    const events = ['1 First Street', '2 Second Street', '3 Third Street'].map((line) =>
      standIn.publish('companies', officeMove('09876543', line)),
    );
    const last = events.at(-1)!.event.timepoint;
    await waitForPosition('companies', last);

    const changes = await streamChanges('09876543');
    expect(changes.map((c) => [c.field, lineOne(c)])).toEqual([
      ['registered_office_address', 'FLAT 4, 1 FIRST STREET'],
      ['registered_office_address', 'FLAT 4, 2 SECOND STREET'],
      ['registered_office_address', 'FLAT 4, 3 THIRD STREET'],
    ]);
    const company = await em().findOneOrFail(CompanyEntity, { companyNumber: '09876543' });
    expect(company.addressLine1).toBe('FLAT 4, 3 THIRD STREET');
    expect(await readCompanyProvenance(em(), '09876543')).toMatchObject({ source: 'companies_house_stream' });
    await waitFor(async () => (standIn.connections.some((c) => c.keepAlivesWritten > 0) ? true : undefined));

    // A run ends every 1.5 s here: the memo and the search attributes then carry the timepoint.
    const description = await waitFor(async () => {
      const described = await handle.describe();
      const memo = described.memo as { status?: CompaniesHouseStreamStatus } | undefined;
      return memo?.status?.timepoint === last ? described : undefined;
    });
    expect(description.typedSearchAttributes.get(searchAttributes.streamName)).toBe('companies');
    expect(description.typedSearchAttributes.get(searchAttributes.streamTimepoint)).toBe(last);
    expect(await statusOf(handle)).toMatchObject({
      stream: 'companies',
      timepoint: last,
      state: 'connected',
    });
    expect((await statusOf(handle)).totals.applied).toBeGreaterThanOrEqual(3);
  });

  it('resumes after Companies House drops the connection mid-line: nothing lost, nothing applied twice', async () => {
    const before = (await streamChanges('SC412345')).length;
    standIn.dropAfter('companies', 1, { midLine: true });
    // The drop applies to the next connection: wait for the consumer's next run to connect.
    const connections = standIn.connections.length;
    await waitFor(async () => (standIn.connections.length > connections ? true : undefined));
    const events = ['10 Drop Lane', '11 Drop Lane', '12 Drop Lane'].map((line) =>
      standIn.publish('companies', officeMove('SC412345', line)),
    );
    await waitForPosition('companies', events.at(-1)!.event.timepoint);
    expect(standIn.connections.some((c) => c.endedBy === 'dropped')).toBe(true);
    const changes = (await streamChanges('SC412345')).slice(before);
    expect(changes.map(lineOne)).toEqual(
      ['10 Drop Lane', '11 Drop Lane', '12 Drop Lane'].map((line) => line.toUpperCase()),
    );
    // The reconnection asked for the last applied timepoint: Companies House replays from it, the store skips it.
    const resumed = standIn.connections.filter((c) => c.stream === 'companies' && c.timepoint !== null);
    expect(resumed.length).toBeGreaterThan(0);
  });

  it('resumes after its worker is stopped and restarted: events published meanwhile are applied once each', async () => {
    const before = (await streamChanges('11223344')).length;
    await streamWorker.stop();
    const events = ['20 Restart Road', '21 Restart Road'].map((line) =>
      standIn.publish('companies', officeMove('11223344', line)),
    );
    streamWorker = await startStreamWorker();
    await waitForPosition('companies', events.at(-1)!.event.timepoint);
    const changes = (await streamChanges('11223344')).slice(before);
    expect(changes.map(lineOne)).toEqual(
      ['20 Restart Road', '21 Restart Road'].map((line) => line.toUpperCase()),
    );
  }, 90_000);

  it('turns a change on the stream for a monitored company into one signed company.alert after one check', async () => {
    // Everything the stream applied so far is read by a first check, so the next one sees only this change.
    await runChangeCheckNow(app.services.temporal);
    const { api_key } = await signUp(app);
    const list = await request<{ id: number }>(app, 'POST', '/lists', {
      key: api_key,
      body: { name: 'Streamed', kind: 'clients' },
    });
    await request(app, 'PATCH', `/lists/${list.body.id}`, {
      key: api_key,
      body: { webhook_url: receiver.url('/hooks/stream'), alert_webhook: true },
    });
    await request(app, 'POST', '/lists/companies', {
      key: api_key,
      body: { list_id: list.body.id, company_numbers: ['09876543'] },
    });
    receiver.received.length = 0;
    const event = standIn.publish('companies', officeMove('09876543', '99 Alert Avenue'));
    await waitForPosition('companies', event.event.timepoint);

    const run = await runChangeCheckNow(app.services.temporal);
    expect(run.result.alertsWritten).toBe(1);
    // A delivery is its own workflow: on a loaded two-core machine it can take a while to reach the receiver.
    const [received] = await waitFor(
      async () => (receiver.received.length >= 1 ? receiver.received : undefined),
      30_000,
    );
    const secret = await request<{ secret: string }>(app, 'GET', '/watchlist/webhook-secret', {
      key: api_key,
    });
    expect(
      verifyWebhook(received!.rawBody, received!.headers['service-signature'] as string, secret.body.secret),
    ).toMatchObject({ ok: true });
    const body = alertEventSchema.parse(JSON.parse(received!.rawBody));
    expect(body.data).toMatchObject({ company_number: '09876543' });
    expect(JSON.stringify(body)).toContain('99 ALERT AVENUE');
    // One change, one alert: a second check sends nothing more.
    await runChangeCheckNow(app.services.temporal);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.received).toHaveLength(1);
  }, 60_000);

  it('logs and skips what it cannot use (malformed lines, unknown kinds, bad or unknown company numbers), never stopping', async () => {
    const handle = await startConsumer('officers');
    await waitFor(async () => (standIn.openConnections('officers').length > 0 ? true : undefined));
    standIn.writeRaw('officers', 'this is not JSON\n');
    standIn.writeRaw('officers', '{"resource_kind":"company-officers"}\n');
    const unknownKind = standIn.publish('officers', {
      resource_kind: 'company-exemptions',
      resource_uri: '/company/09876543/exemptions',
      resource_id: 'x1',
      data: {},
      event: { published_at: '2026-11-24T09:00:00', type: 'changed' },
    });
    const badNumber = standIn.publish('officers', {
      resource_kind: 'company-officers',
      resource_uri: '/company/NOT-A-NUMBER/appointments/abc',
      resource_id: 'abc',
      data: {},
      event: { published_at: '2026-11-24T09:00:00', type: 'changed' },
    });
    await waitForPosition('officers', badNumber.event.timepoint);
    expect(badNumber.event.timepoint).toBeGreaterThan(unknownKind.event.timepoint);
    await waitFor(async () => {
      const status = await statusOf(handle);
      return status.totals.malformed >= 2 && status.totals.skipped >= 2 ? status : undefined;
    });
    const description = await handle.describe();
    expect(description.status.name).toBe('RUNNING');
  });

  it('stores the identity verification an officer event carries (the officers stream fixture, through the stand-in)', async () => {
    // The officers consumer the test above started is still connected.
    const [appointed] = readStreamFixture('officers');
    const published = standIn.publish('officers', appointed!);
    await waitForPosition('officers', published.event.timepoint);
    const row = await em().findOneOrFail(OfficerAppointmentEntity, {
      companyNumber: '09876543',
      appointmentId: 'wRiGhTdAnIeL00012',
    });
    expect(JSON.parse(row.identityVerification!)).toMatchObject({
      appointment_verification_statement_due_on: '2026-11-30',
      identity_verified_on: null,
    });
  });

  it('stores the disqualified officers the seventh stream carries (its fixture, through the stand-in), and skips a bad one', async () => {
    const handle = await startConsumer('disqualified-officers');
    await waitFor(async () =>
      standIn.openConnections('disqualified-officers').length > 0 ? true : undefined,
    );
    const [possible, serving] = readStreamFixture('disqualified-officers');
    standIn.publish('disqualified-officers', possible!);
    const bad = standIn.publish('disqualified-officers', {
      ...serving!,
      data: { ...serving!.data, kind: 'officer-list' },
    });
    await waitForPosition('disqualified-officers', bad.event.timepoint);
    expect(await em().count(DisqualifiedOfficerEntity, { officerId: 'jK8mQ2sT5vX1yZ4aB7cD0eF3gH6' })).toBe(0);
    const published = standIn.publish('disqualified-officers', serving!);
    await waitForPosition('disqualified-officers', published.event.timepoint);
    const [stored] = await disqualifiedOfficersById(em(), [
      'jK8mQ2sT5vX1yZ4aB7cD0eF3gH6',
      'pRiYaDiSqUaLiFiEd0001',
    ]);
    expect(stored!.officer).toMatchObject({
      name: 'SMITH, John',
      source: 'stream',
      birthYear: 1970,
      birthMonth: 5,
    });
    expect(stored!.disqualifications).toEqual([
      expect.objectContaining({
        disqualifiedFrom: '2025-02-10',
        disqualifiedUntil: '2031-02-09',
        section: '7',
      }),
    ]);
    expect(await em().count(DisqualifiedOfficerEntity, { officerId: 'pRiYaDiSqUaLiFiEd0001' })).toBe(1);
    const status = await waitFor(async () => {
      const current = await statusOf(handle);
      return current.totals.applied >= 2 ? current : undefined;
    });
    expect(status.totals).toMatchObject({ applied: 2, skipped: 1 });
  });

  it('reports a refused key (401) as the stream state, with what to check', async () => {
    standIn.failNextConnection('insolvency-cases', 401);
    const handle = await startConsumer('insolvency-cases');
    const status = await waitFor(async () => {
      const s = await statusOf(handle);
      return s.state === 'unauthorized' ? s : undefined;
    });
    expect(status.last_problem).toContain('COMPANIES_HOUSE_STREAM_KEY');
    const described = await waitFor(async () => {
      const d = await handle.describe();
      return d.typedSearchAttributes.get(searchAttributes.streamState) === 'unauthorized' ? d : undefined;
    });
    expect(described.status.name).toBe('RUNNING');
  });

  it('is started once per stream under companies-house-stream/<stream>, and an operator can pause, resume and reset it', async () => {
    const settings = { streamKey: STREAM_KEY, streamUrl: standIn.url, streams: ['charges'] };
    const logger = pino({ level: 'silent' });
    await ensureCompaniesHouseStreams(app.services.temporal, streamQueue, settings, logger);
    await ensureCompaniesHouseStreams(app.services.temporal, streamQueue, settings, logger);
    const handle = app.services.temporal.workflow.getHandle(companiesHouseStreamWorkflowId('charges'));
    started.push(handle);
    const client = app.services.temporal;
    await waitFor(async () => (standIn.openConnections('charges').length > 0 ? true : undefined));
    const first = standIn.publish('charges', chargeEvent('SC412345', 'c-one'));
    await waitForPosition('charges', first.event.timepoint);

    await pauseStream(client, 'charges');
    await waitFor(async () => ((await statusOf(handle)).state === 'paused' ? true : undefined));
    // The run learns of its cancellation with its next heartbeat sent, which the SDK throttles (16 s at most).
    await waitFor(async () => (standIn.openConnections('charges').length === 0 ? true : undefined), 30_000);
    const whilePaused = standIn.publish('charges', chargeEvent('SC412345', 'c-two'));
    const report = await streamReport(client, em(), 'charges');
    expect(report).toMatchObject({
      workflow_status: 'RUNNING',
      status: { state: 'paused' },
      store_position: { timepoint: first.event.timepoint },
    });

    await resumeStream(client, 'charges');
    await waitForPosition('charges', whilePaused.event.timepoint);

    // Reset to the first event: it and everything after are consumed again.
    const connections = standIn.connections.length;
    await resetStream(client, 'charges', first.event.timepoint);
    await waitFor(
      async () =>
        standIn.connections
          .slice(connections)
          .some((c) => c.stream === 'charges' && c.timepoint === first.event.timepoint)
          ? true
          : undefined,
      30_000,
    );
    await waitForPosition('charges', whilePaused.event.timepoint);

    await expect(pauseStream(client, 'companies')).rejects.toMatchObject({ code: 'not_found' });
  }, 120_000);
});

function chargeEvent(companyNumber: string, id: string) {
  return {
    resource_kind: 'company-charges',
    resource_uri: `/company/${companyNumber}/charges/${id}`,
    resource_id: id,
    data: {
      etag: `etag-${id}`,
      charge_code: `SC41234500${id.length}`,
      charge_number: id === 'c-one' ? 1 : 2,
      classification: { type: 'charge-description', description: 'A registered charge' },
      status: 'outstanding',
      created_on: '2026-11-01',
      delivered_on: '2026-11-03',
      persons_entitled: [{ name: 'Example Bank PLC' }],
      links: { self: `/company/${companyNumber}/charges/${id}` },
    },
    event: { published_at: '2026-11-24T09:00:00', type: 'changed' as const },
  };
}
