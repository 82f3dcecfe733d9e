import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { finished } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setPlan } from '../../src/domain/accounts/accounts';
import type { DemoSanctionsCollision } from '../../src/demo/demo-sanctions-collisions';
import { writeDemoSanctionsList } from '../../src/demo/demo-sanctions-list';
import type { SanctionsRefreshOutcome } from '../../src/domain/sanctions/sanctions-list-import-result';
import type { PotentialMatchView } from '../../src/domain/sanctions/ongoing/potential-match-view';
import { rescreenCompany } from '../../src/domain/sanctions/ongoing/rescreen-companies';
import { currentSanctionsLists } from '../../src/domain/sanctions/sanctions-list';
import { companySubjects } from '../../src/domain/sanctions/screening/screening-subjects';
import { WebhookEndpointHealthEntity } from '../../src/db/entities/webhook-endpoint-health';
import { potentialMatchEventSchema } from '../../src/domain/webhooks/potential-match-event';
import { verifyWebhook } from '../../src/domain/webhooks/verify-webhook';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importCompanyDetailsDir } from '../../src/ingest/companies-house/resources/import-company-details';
import { ongoingScreeningWorkflowId, workflowTypes } from '../../src/temporal/names';
import type { OngoingScreeningProgress } from '../../src/temporal/ongoing-screening-contracts';
import { CSV_COLUMN, csvRow, SAMPLE_COMPANIES_CSV } from '../support/company-csv-rows';
import { startLocalReceiver, type LocalReceiver } from '../support/local-receiver';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { importSanctionsList } from '../../src/ingest/sanctions/import-sanctions-list';

/*
 * Ongoing screening end to end on the dev server: the refresh reads a folder of demo UK lists (the published CSV
 * layout), each new version starts its re-screen workflow, which finds the namesake a version adds among the
 * directors of monitored companies, stores the match once per account, and sends one signed
 * sanctions.potential_match to the one list that opted in; the others record and send nothing.
 */

const PUBLIC_BASE_URL = 'https://api.example.test';
const AS_OF = new Date('2026-11-01T00:00:00Z');
const NORDVIND = '08112233';
const MEADOW = '08112244';
const FILLERS = 30;
const PETROV: DemoSanctionsCollision = {
  kind: 'person',
  forenames: 'Ivan Sergeevich',
  surname: 'PETROV',
  birth: { year: 1971, month: 3 },
};
const SMITH: DemoSanctionsCollision = {
  kind: 'person',
  forenames: 'John',
  surname: 'SMITH',
  birth: { year: 1990, month: 5 },
};

interface MatchPage {
  matches: PotentialMatchView[];
  next_cursor: string | null;
}

const director = (company: string, id: string, name: string, birth: { month: number; year: number }) => ({
  name,
  officer_role: 'director',
  appointed_on: '2019-01-01',
  date_of_birth: birth,
  nationality: 'British',
  country_of_residence: 'England',
  address: { address_line_1: '1 Quay Street', locality: 'Hull', postal_code: 'HU1 1AA' },
  links: {
    self: `/company/${company}/appointments/${id}`,
    officer: { appointments: `/officers/${id}-person/appointments` },
  },
});

function storeCompanies(dir: string): { register: string; details: string } {
  const register = join(dir, 'register.csv');
  writeFileSync(
    register,
    `${readFileSync(SAMPLE_COMPANIES_CSV, 'utf8').split('\n')[0]}\n` +
      `${csvRow({ [CSV_COLUMN.NAME]: 'NORDVIND TRADING LTD', [CSV_COLUMN.NUMBER]: NORDVIND })}\n` +
      `${csvRow({ [CSV_COLUMN.NAME]: 'QUIET MEADOW BAKERY LTD', [CSV_COLUMN.NUMBER]: MEADOW })}\n`,
  );
  const details = join(dir, 'details');
  for (const [number, officer] of [
    [NORDVIND, director(NORDVIND, 'petrov', 'PETROV, Ivan Sergeevich', { month: 3, year: 1971 })],
    [MEADOW, director(MEADOW, 'smith', 'SMITH, John', { month: 5, year: 1990 })],
  ] as const) {
    const folder = join(details, 'companies', number);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'officers.json'), JSON.stringify({ kind: 'officer-list', items: [officer] }));
  }
  return { register, details };
}

describe('ongoing screening (dev server, loopback receiver)', () => {
  let app: TestApp;
  let receiver: LocalReceiver;
  let dir: string;
  let lists: string;
  let day = 1;
  let runs = 0;
  // A: NORDVIND on a list with sanctions_alerts, MEADOW on a list without. B: NORDVIND on a list sending
  // company alerts only.
  let a: { api_key: string; account_id: string };
  let b: { api_key: string; account_id: string };

  /** The demo list with FILLERS invented designations and, after them, `added` (each a new Unique ID). */
  const drop = async (name: string, added: readonly DemoSanctionsCollision[]) => {
    const file = join(lists, name);
    const out = createWriteStream(file);
    const collisions: DemoSanctionsCollision[] = [];
    added.forEach((collision, i) => (collisions[FILLERS + i] = collision));
    const written = await writeDemoSanctionsList(out, {
      designations: FILLERS + added.length,
      seed: 7,
      asOf: AS_OF,
      collisions,
    });
    await finished(out);
    const at = new Date(Date.UTC(2026, 10, day++));
    utimesSync(file, at, at);
    return written.collisionIds;
  };

  const refresh = async () => {
    const outcome = await app.services.temporal.workflow.execute<() => Promise<SanctionsRefreshOutcome>>(
      workflowTypes.sanctionsRefresh,
      {
        taskQueue: app.config.TEMPORAL_TASK_QUEUE,
        workflowId: `ongoing-screening-test-refresh-${++runs}-${Date.now()}`,
      },
    );
    return outcome;
  };

  const rescreenOf = (outcome: SanctionsRefreshOutcome) => {
    if (outcome.status !== 'imported') throw new Error(`not imported: ${outcome.status}`);
    return app.services.temporal.workflow.getHandle(
      ongoingScreeningWorkflowId(outcome.version.id, outcome.version.imported_at),
    );
  };

  const matches = (key: string, query = '') =>
    request<MatchPage & ErrorBody>(app, 'GET', `/screening/matches${query}`, { key });
  const decide = (key: string, id: number | string, body: unknown) =>
    request<PotentialMatchView & ErrorBody>(app, 'POST', `/screening/matches/${id}/decision`, { key, body });

  beforeAll(async () => {
    receiver = await startLocalReceiver();
    dir = mkdtempSync(join(tmpdir(), 'cds-ongoing-'));
    lists = join(dir, 'lists');
    mkdirSync(lists);
    app = await startTestApp({
      WEBHOOK_DEV_ALLOWED_ORIGINS: receiver.origin,
      PUBLIC_BASE_URL,
      SANCTIONS_LIST_FILE: lists,
    });
    const files = storeCompanies(dir);
    const em = app.services.orm.em.fork();
    await importCompaniesCsv(em, files.register, { asOf: AS_OF });
    const imported = await importCompanyDetailsDir(em, files.details, {
      source: 'import',
      detectedAt: AS_OF,
    });
    expect(imported.problems).toEqual([]);

    a = await signUp(app);
    b = await signUp(app);
    for (const account of [a, b]) await setPlan(app.services.orm.em.fork(), account.account_id, 'starter');
    const listOf = async (key: string, name: string, company: string, settings: Record<string, unknown>) => {
      const created = await request<{ id: number }>(app, 'POST', '/lists', {
        key,
        body: { name, kind: 'clients' },
      });
      const added = await request(app, 'POST', '/lists/companies', {
        key,
        body: { list_id: created.body.id, company_numbers: [company] },
      });
      expect(added.status).toBe(200);
      const patched = await request(app, 'PATCH', `/lists/${created.body.id}`, { key, body: settings });
      expect(patched.status).toBe(200);
    };
    await listOf(a.api_key, 'Screened', NORDVIND, {
      webhook_url: receiver.url('/a'),
      sanctions_alerts: true,
    });
    await listOf(a.api_key, 'Bakeries', MEADOW, {
      webhook_url: receiver.url('/a-bakeries'),
      alert_webhook: true,
    });
    await listOf(b.api_key, 'Alerts only', NORDVIND, {
      webhook_url: receiver.url('/b'),
      alert_webhook: true,
    });
  });
  afterAll(async () => {
    await app?.stop();
    await receiver?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  let v2: SanctionsRefreshOutcome;

  it('re-screens everything against the first version a list has, and finds nobody on a list of strangers', async () => {
    await drop('v1.csv', []);
    const v1 = await refresh();
    expect(v1).toMatchObject({ status: 'imported', version: { designations: FILLERS } });
    const progress = await rescreenOf(v1).result();
    expect(progress).toEqual<OngoingScreeningProgress>({
      versionId: (v1 as { version: { id: number } }).version.id,
      list: 'uk',
      fullRescreen: true,
      designations: FILLERS,
      companiesDone: 2,
      companiesTotal: 2,
      matchesFound: 0,
      state: 'completed',
    });
    expect((await matches(a.api_key)).body.matches).toEqual([]);
  });

  it('finds the namesakes a new version adds: one match per account and subject, one signed event to the list that opted in', async () => {
    const [petrovId] = await drop('v2.csv', [PETROV, SMITH]);
    v2 = await refresh();
    expect(v2).toMatchObject({ status: 'imported', version: { added: 2, amended: 0, removed: 0 } });
    const progress = await rescreenOf(v2).result();
    // Compared with the two added designations only; A matches on both companies, B on NORDVIND.
    expect(progress).toMatchObject({
      fullRescreen: false,
      designations: 2,
      companiesDone: 2,
      matchesFound: 3,
    });

    // Only what the version changed is compared: the same namesake outside the changed set is not looked at.
    const [uk] = await currentSanctionsLists(app.services.orm.em.fork(), ['uk']);
    const index = await uk!.index();
    const subjects = await companySubjects(app.services.orm.em.fork(), NORDVIND, false);
    const rescreen = (changed: ReadonlySet<string> | null) =>
      rescreenCompany(subjects, NORDVIND, { index: index!, changed });
    expect(await rescreen(new Set(['NOT-CHANGED']))).toEqual([]);
    expect((await rescreen(new Set([petrovId!]))).map((m) => m.designation.unique_id)).toEqual([petrovId]);
    expect((await rescreen(null)).map((m) => m.designation.unique_id)).toEqual([petrovId]);

    const event = await waitFor(async () => receiver.received.find((r) => r.path === '/a'));
    const secret = await request<{ secret: string }>(app, 'GET', '/watchlist/webhook-secret', {
      key: a.api_key,
    });
    expect(
      verifyWebhook(event.rawBody, event.headers['service-signature'] as string, secret.body.secret),
    ).toMatchObject({
      ok: true,
    });
    expect(event.headers['service-event-type']).toBe('sanctions.potential_match');
    const body = potentialMatchEventSchema.parse(JSON.parse(event.rawBody));
    expect(event.headers['service-event-id']).toBe(body.id);
    expect(body.data).toMatchObject({
      account_id: a.account_id,
      company_number: NORDVIND,
      company_name: 'NORDVIND TRADING LTD',
      subject: { role: 'officer', kind: 'person', name: 'PETROV, Ivan Sergeevich' },
      list: {
        id: 'uk',
        name: 'UK Sanctions List',
        version_id: (v2 as { version: { id: number } }).version.id,
      },
      designation: { type: 'individual' },
      links: { match: `${PUBLIC_BASE_URL}/screening/matches?company_number=${NORDVIND}&list=uk` },
    });
    expect(body.data.score).toBeGreaterThanOrEqual(body.data.threshold);

    // The delivery is a delivery like any other: recorded, with its attempts.
    const delivery = await waitFor(async () => {
      const response = await request<{ status: string; event_type: string }>(
        app,
        'GET',
        `/watchlist/webhooks/deliveries/${body.id}`,
        { key: a.api_key },
      );
      return response.body.status === 'delivered' ? response.body : undefined;
    });
    expect(delivery.event_type).toBe('sanctions.potential_match');

    const mine = (await matches(a.api_key)).body.matches;
    const byNumber = (x: PotentialMatchView, y: PotentialMatchView) =>
      x.company_number.localeCompare(y.company_number);
    expect(
      [...mine].sort(byNumber).map((m) => [m.company_number, m.subject.name, m.status, m.event_id]),
    ).toEqual([
      [NORDVIND, 'PETROV, Ivan Sergeevich', 'open', body.id],
      [MEADOW, 'SMITH, John', 'open', null],
    ]);
    const theirs = (await matches(b.api_key)).body.matches;
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({
      company_number: NORDVIND,
      status: 'open',
      event_id: null,
      decision: null,
    });
    expect(theirs[0]!.explanation.contributions.length).toBeGreaterThan(0);

    const counts = await request<{ lists: { name: string; open_potential_matches: number }[] }>(
      app,
      'GET',
      '/lists',
      {
        key: a.api_key,
      },
    );
    expect(counts.body.lists.map((l) => [l.name, l.open_potential_matches])).toEqual([
      ['Screened', 1],
      ['Bakeries', 1],
    ]);
  });

  it('adds nothing when the same version is imported again, or its re-screen is run again', async () => {
    await drop('v2-again.csv', [PETROV, SMITH]);
    expect(await refresh()).toMatchObject({ status: 'unchanged' });
    // A re-run of the whole re-screen (its run row forgotten, a workflow of another id): the unique key holds.
    const version = (v2 as { version: { id: number } }).version.id;
    await app.services.orm.em
      .fork()
      .getConnection()
      .execute('delete from ongoing_screening_runs where version_id = ?', [version]);
    const again = await app.services.temporal.workflow.execute(workflowTypes.ongoingScreening, {
      taskQueue: app.config.TEMPORAL_TASK_QUEUE,
      workflowId: `ongoing-screening-test-again-${Date.now()}`,
      args: [{ versionId: version }],
    });
    expect(again).toMatchObject({ state: 'completed', companiesDone: 2, matchesFound: 0 });
    expect((await matches(a.api_key)).body.matches).toHaveLength(2);
    expect((await matches(b.api_key)).body.matches).toHaveLength(1);
    expect(
      receiver.received.filter((r) => r.headers['service-event-type'] === 'sanctions.potential_match'),
    ).toHaveLength(1);
  });

  it('filters and pages the account’s matches; refuses a bad cursor, status or list', async () => {
    const first = await matches(a.api_key, '?limit=1');
    expect(first.status).toBe(200);
    expect(first.body.matches).toHaveLength(1);
    const second = await matches(a.api_key, `?limit=1&cursor=${first.body.next_cursor}`);
    expect(second.body.matches).toHaveLength(1);
    expect(second.body.next_cursor).toBeNull();
    expect(new Set([first.body.matches[0]!.id, second.body.matches[0]!.id]).size).toBe(2);
    expect(
      (await matches(a.api_key, `?company_number=${MEADOW}`)).body.matches.map((m) => m.subject.name),
    ).toEqual(['SMITH, John']);
    expect((await matches(a.api_key, '?list=uk&status=open')).body.matches).toHaveLength(2);
    expect((await matches(a.api_key, '?list=ofac')).body.matches).toEqual([]);
    for (const query of ['?cursor=nonsense', '?status=maybe', '?list=moon', '?limit=0']) {
      const response = await matches(a.api_key, query);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_argument');
    }
  });

  it('records a reviewer’s decision; another account’s match and an unknown id are not found; a bad decision is refused', async () => {
    const [nordvind] = (await matches(a.api_key, `?company_number=${NORDVIND}`)).body.matches;
    const decided = await decide(a.api_key, nordvind!.id, {
      decision: 'confirmed',
      note: '  Same date of birth  ',
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({
      id: nordvind!.id,
      status: 'confirmed',
      decision: { decided_by: a.account_id, note: 'Same date of birth' },
    });
    expect((await matches(a.api_key, '?status=confirmed')).body.matches.map((m) => m.id)).toEqual([
      nordvind!.id,
    ]);

    const foreign = await decide(b.api_key, nordvind!.id, { decision: 'false_positive' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('not_found');
    expect((await decide(a.api_key, 2_000_000_000, { decision: 'confirmed' })).body.error.code).toBe(
      'not_found',
    );
    for (const body of [
      { decision: 'maybe' },
      {},
      { decision: 'confirmed', note: '' },
      { decision: 'confirmed', extra: 1 },
    ]) {
      const response = await decide(a.api_key, nordvind!.id, body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_argument');
    }
    expect((await decide(a.api_key, 'abc', { decision: 'confirmed' })).status).toBe(400);
    // Untouched by the refusals.
    expect((await matches(a.api_key, '?status=confirmed')).body.matches[0]).toMatchObject({
      decision: { note: 'Same date of birth' },
    });
  });

  it('marks the open matches of a designation a version removes as delisted, keeping them readable', async () => {
    await drop('v3.csv', []);
    const v3 = await refresh();
    expect(v3).toMatchObject({ status: 'imported', version: { added: 0, removed: 2 } });
    expect(await rescreenOf(v3).result()).toMatchObject({ state: 'completed', matchesFound: 0 });
    const version = (v3 as { version: { id: number } }).version.id;
    const theirs = (await matches(b.api_key)).body.matches;
    expect(theirs).toMatchObject([
      { status: 'delisted', delisted_in_version: version, company_number: NORDVIND },
    ]);
    // Decided matches keep their decision; A's open one is delisted.
    const mine = (await matches(a.api_key)).body.matches;
    expect(mine.map((m) => [m.company_number, m.status]).sort()).toEqual([
      [NORDVIND, 'confirmed'],
      [MEADOW, 'delisted'],
    ]);
    const closed = await decide(b.api_key, theirs[0]!.id, { decision: 'false_positive' });
    expect(closed.status).toBe(409);
    expect(closed.body.error.code).toBe('conflict');
    const counts = await request<{ lists: { open_potential_matches: number }[] }>(app, 'GET', '/lists', {
      key: a.api_key,
    });
    expect(counts.body.lists.map((l) => l.open_potential_matches)).toEqual([0, 0]);
    expect(
      receiver.received.filter((r) => r.headers['service-event-type'] === 'sanctions.potential_match'),
    ).toHaveLength(1);
  });

  it('opens a delisted match again when a later version lists its designation again; a decided one stands', async () => {
    await drop('v4.csv', [PETROV, SMITH]);
    const v4 = await refresh();
    expect(v4).toMatchObject({ status: 'imported', version: { added: 2, removed: 0 } });
    expect(await rescreenOf(v4).result()).toMatchObject({ state: 'completed', matchesFound: 2 });
    const version = (v4 as { version: { id: number } }).version.id;
    expect((await matches(b.api_key)).body.matches).toMatchObject([
      { status: 'open', delisted_in_version: null, list: { version_id: version }, company_number: NORDVIND },
    ]);
    const mine = (await matches(a.api_key)).body.matches;
    expect(mine.map((m) => [m.company_number, m.status, m.list.version_id]).sort()).toEqual([
      [NORDVIND, 'confirmed', (v2 as { version: { id: number } }).version.id],
      [MEADOW, 'open', version],
    ]);
    // Neither reopened match is on a list that sends sanctions events, and the confirmed one was not reopened.
    expect(
      receiver.received.filter((r) => r.headers['service-event-type'] === 'sanctions.potential_match'),
    ).toHaveLength(1);
  });

  /** Imports a file of the folder as the CLI does: a new version, no refresh, so no re-screen started. */
  const importAsTheCliDoes = async (name: string) => {
    const imported = await importSanctionsList(
      app.services.orm.em.fork(),
      'uk',
      new Map([[name, readFileSync(join(lists, name))]]),
      { source: join(lists, name) },
    );
    expect(imported.status).toBe('imported');
    return imported.version;
  };

  it('re-screens a version imported from the CLI when the next refresh finds it current: its removals delist', async () => {
    await drop('v5.csv', []);
    const cli = await importAsTheCliDoes('v5.csv');
    const v5 = await refresh();
    expect(v5).toMatchObject({ status: 'unchanged', version: { id: cli.id } });
    const rescreen = app.services.temporal.workflow.getHandle(
      ongoingScreeningWorkflowId(cli.id, cli.imported_at),
    );
    expect(await rescreen.result()).toMatchObject({ state: 'completed', matchesFound: 0 });
    expect((await matches(b.api_key)).body.matches).toMatchObject([
      { status: 'delisted', delisted_in_version: cli.id, company_number: NORDVIND },
    ]);
    // A second refresh of the same version starts nothing new: the re-screen's id refuses it.
    expect(await refresh()).toMatchObject({ status: 'unchanged' });
    expect(await rescreen.result()).toMatchObject({ state: 'completed' });
  });

  it('re-screens everything changed since the list’s last re-screen, a version imported from the CLI included', async () => {
    await drop('v6.csv', [PETROV]);
    await importAsTheCliDoes('v6.csv');
    await drop('v7.csv', [PETROV, SMITH]);
    const v7 = await refresh();
    expect(v7).toMatchObject({ status: 'imported', version: { added: 1, removed: 0 } });
    // PETROV came back in the CLI's version, SMITH in this one: both are compared.
    expect(await rescreenOf(v7).result()).toMatchObject({ designations: 2, matchesFound: 2 });
    const version = (v7 as { version: { id: number } }).version.id;
    expect((await matches(b.api_key)).body.matches).toMatchObject([
      { status: 'open', list: { version_id: version }, company_number: NORDVIND },
    ]);
  });

  it('holds back the event of a match reopened for an address disabled by its failures, and sends it once on re-enable', async () => {
    // A's bakeries list now sends sanctions events, to an address endpoint health has disabled.
    const { body } = await request<{ lists: { id: number; name: string }[] }>(app, 'GET', '/lists', {
      key: a.api_key,
    });
    const bakeries = body.lists.find((list) => list.name === 'Bakeries')!;
    const patched = await request(app, 'PATCH', `/lists/${bakeries.id}`, {
      key: a.api_key,
      body: { sanctions_alerts: true },
    });
    expect(patched.status).toBe(200);
    const url = receiver.url('/a-bakeries');
    const failingSince = new Date(Date.now() - 6 * 24 * 3_600_000);
    await app.services.orm.em.fork().upsert(WebhookEndpointHealthEntity, {
      accountId: a.account_id,
      url,
      state: 'disabled',
      consecutiveFailures: 40,
      lastError: 'http_status: 500',
      lastSuccessAt: null,
      failingSince,
      disabledAt: new Date(),
      updatedAt: new Date(),
    });

    // SMITH delisted, then listed again: A's MEADOW match reopens, and its event is stored but not sent.
    await drop('v8.csv', [PETROV]);
    await rescreenOf(await refresh()).result();
    await drop('v9.csv', [PETROV, SMITH]);
    expect(await rescreenOf(await refresh()).result()).toMatchObject({ state: 'completed' });
    const reopened = (await matches(a.api_key)).body.matches.find((m) => m.company_number === MEADOW)!;
    expect(reopened.status).toBe('open');
    expect(reopened.event_id).not.toBeNull();
    const eventId = reopened.event_id!;
    const deliveryOf = () =>
      request<{ status: string; attempt_count: number }>(
        app,
        'GET',
        `/watchlist/webhooks/deliveries/${eventId}`,
        { key: a.api_key },
      );
    expect((await deliveryOf()).body).toMatchObject({ status: 'failed', attempt_count: 0 });
    const sentTo = () => receiver.received.filter((r) => r.headers['service-event-id'] === eventId);
    expect(sentTo()).toHaveLength(0);

    const recovered = await request(app, 'POST', '/watchlist/webhooks/recover', {
      key: a.api_key,
      body: { since: failingSince.toISOString(), url },
    });
    expect(recovered.status).toBe(202);
    await waitFor(async () => ((await deliveryOf()).body.status === 'delivered' ? true : undefined));
    expect(sentTo()).toHaveLength(1);
    expect(sentTo()[0]!.path).toBe('/a-bakeries');
  });
});
