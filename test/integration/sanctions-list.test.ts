import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ScheduleOverlapPolicy } from '@temporalio/client';
import pino from 'pino';
import { sanctionsRefreshActivities } from '../../src/activities/sanctions-refresh';
import type { ActivityDeps } from '../../src/activities/deps';
import { OfficerAppointmentEntity } from '../../src/db/entities/officer-appointment';
import type { Orm } from '../../src/db/orm';
import { importDemoRegister } from '../../src/demo/demo-data';
import { demoSanctionsCollisions } from '../../src/demo/demo-sanctions-collisions';
import { seedDemoSanctionsListIfEmpty } from '../../src/demo/demo-sanctions-list';
import { nameKey } from '../../src/domain/sanctions/name-tokens';
import type { SanctionsRefreshOutcome } from '../../src/domain/sanctions/sanctions-list-import-result';
import {
  currentListVersion as currentListVersionOf,
  currentSanctionsLists,
  sanctionsDesignation,
  type HeldSanctionsList,
  sanctionsListChanges,
} from '../../src/domain/sanctions/sanctions-list';
import type { EntityManager } from '@mikro-orm/core';

/** These tests read the UK list, the one the refresh they drive imports. */
const currentListVersion = (em: EntityManager) => currentListVersionOf(em, 'uk');
async function currentSanctionsList(em: EntityManager) {
  const [held] = await currentSanctionsLists(em, ['uk']);
  return {
    version: held?.version ?? null,
    candidatesFor: async (...args: Parameters<HeldSanctionsList['candidatesFor']>) =>
      held === undefined ? [] : held.candidatesFor(...args),
    withNameKey: async (...args: Parameters<HeldSanctionsList['withNameKey']>) =>
      held === undefined ? [] : held.withNameKey(...args),
    designation: (uniqueId: string) => sanctionsDesignation(em, 'uk', uniqueId),
  };
}
import type {
  ReadSourceOptions,
  SanctionsListSource,
} from '../../src/ingest/sanctions/sanctions-list-source';
import { SANCTIONS_REFRESH_SCHEDULE_ID, workflowTypes } from '../../src/temporal/names';
import {
  ensureSanctionsRefreshSchedules,
  runSanctionsRefreshNow,
} from '../../src/temporal/sanctions-schedule';
import { startLocalReceiver, type LocalReceiver } from '../support/local-receiver';
import { projectRoot } from '../support/paths';
import { startTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

const fixtures = join(__dirname, '../fixtures/sanctions');
const V1 = readFileSync(join(fixtures, 'uk-sanctions-list-2026-02-13.csv'), 'utf8');
const V2 = readFileSync(join(fixtures, 'uk-sanctions-list-2026-02-20.csv'), 'utf8');
const GARBLED = V2.replace('Report Date: 20-Feb-2026', 'Report Date: sometime in February');

const run = promisify(execFile);
const tsx = join(projectRoot, 'node_modules', '.bin', 'tsx');

/** The activity the Schedule runs, on the app's store, reading the given source. */
function refreshFrom(app: TestApp, source: SanctionsListSource, read?: ReadSourceOptions) {
  const deps = {
    orm: app.services.orm,
    clock: () => new Date(),
    logger: pino({ level: 'silent' }),
    sanctionsLists: { sources: { uk: source }, read },
  } as unknown as ActivityDeps;
  return sanctionsRefreshActivities(deps).refreshSanctionsList('uk');
}

describe('the UK Sanctions List: versions, the daily Schedule, the CLI (dev server)', () => {
  let server: LocalReceiver;
  let app: TestApp;
  let body = V1;

  beforeAll(async () => {
    server = await startLocalReceiver();
    server.respondWith(() => ({ status: 200, body, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }));
    app = await startTestApp(
      { SANCTIONS_LIST_URL: server.url('/docs/UK-Sanctions-List.csv') },
      // Lets this worker create the namespace's Schedules on its task queue, as a real worker start does.
      { changeCheckSchedule: true },
    );
  });
  afterAll(async () => {
    await app?.stop();
    await server?.close();
  });

  const em = () => app.services.orm.em.fork();
  const refreshNow = async (): Promise<SanctionsRefreshOutcome> =>
    (await runSanctionsRefreshNow(app.services.temporal, 'uk')).result;

  it('is a daily Schedule created at worker start: overlap skip, a 1-day catch-up window; ensuring it twice keeps one', async () => {
    const handle = app.services.temporal.schedule.getHandle(SANCTIONS_REFRESH_SCHEDULE_ID);
    const created = await handle.describe();
    expect(created.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: workflowTypes.sanctionsRefresh,
      workflowId: SANCTIONS_REFRESH_SCHEDULE_ID,
      taskQueue: app.config.TEMPORAL_TASK_QUEUE,
      args: ['uk'],
    });
    await ensureSanctionsRefreshSchedules(
      app.services.temporal,
      app.config.TEMPORAL_TASK_QUEUE,
      pino({ level: 'silent' }),
    );
    const description = await handle.describe();
    expect(description.spec.intervals).toEqual([{ every: 86_400_000, offset: 6 * 3_600_000 }]);
    expect(description.policies.overlap).toBe(ScheduleOverlapPolicy.SKIP);
    expect(description.policies.catchupWindow).toBe(86_400_000);
    const ids: string[] = [];
    for await (const schedule of app.services.temporal.schedule.list()) ids.push(schedule.scheduleId);
    expect(ids.filter((id) => id === SANCTIONS_REFRESH_SCHEDULE_ID)).toHaveLength(1);
  });

  it('imports the list from the configured URL as version 1, reporting the malformed rows by line', async () => {
    expect(await currentListVersion(em())).toBeNull();
    const outcome = await refreshNow();
    expect(outcome).toMatchObject({
      status: 'imported',
      version: {
        id: expect.any(Number),
        published_on: '2026-02-13',
        source: server.url('/docs/UK-Sanctions-List.csv'),
        designations: 5,
        names: 15,
        added: 5,
        amended: 0,
        removed: 0,
      },
      records: 14,
      rejected: 2,
      problems: {
        rejected: [
          expect.objectContaining({ place: 'line 17' }),
          expect.objectContaining({ place: 'line 18' }),
        ],
      },
    });
    const list = await currentSanctionsList(em());
    expect(list.version).toEqual(outcome.status === 'imported' ? outcome.version : null);
    const changes = await sanctionsListChanges(em(), list.version!.id);
    expect(changes.map((c) => [c.uniqueId, c.change])).toEqual([
      ['CYB9003', 'added'],
      ['IRN9005', 'added'],
      ['RUS9001', 'added'],
      ['RUS9004', 'added'],
      ['SYR9002', 'added'],
    ]);
  });

  it('finds candidate designations by name token, with all their names, partial births and countries', async () => {
    const list = await currentSanctionsList(em());
    const found = await list.candidatesFor(['Maryna Volkova']);
    expect(found.map((d) => d.unique_id)).toEqual(['RUS9001']);
    expect(found[0]).toMatchObject({
      type: 'individual',
      primary_name: 'Marina Sergeyevna VOLKOVA',
      regimes: ['Russia'],
      date_designated: '2022-03-15',
      last_updated: '2026-01-10',
      birth_dates: [{ year: 1971, month: 7, day: null }],
      nationalities: ['Russia'],
      countries: ['Russia'],
    });
    expect(found[0]!.names).toHaveLength(4);
    // Through the Cyrillic name alone, and only among the types asked for.
    expect((await list.candidatesFor(['Нордвинд Системс'])).map((d) => d.unique_id)).toEqual(['CYB9003']);
    expect(await list.candidatesFor(['Nordvind Systems'], { types: ['individual'] })).toEqual([]);
    // Both words must be shared when asked: a namesake by forename alone drops out.
    expect((await list.candidatesFor(['Marina Smith'])).map((d) => d.unique_id)).toEqual(['RUS9001']);
    expect(await list.candidatesFor(['LTD', ''])).toEqual([]);
    expect((await list.withNameKey('VOLKOVA, Maryna')).map((d) => d.unique_id)).toEqual(['RUS9001']);
  });

  it('treats the same content again as unchanged: no new version', async () => {
    const before = await currentListVersion(em());
    const outcome = await refreshNow();
    expect(outcome).toMatchObject({ status: 'unchanged', version: { id: before!.id }, records: 0 });
    expect((await currentListVersion(em()))!.id).toBe(before!.id);
  });

  it('imports a changed list as a new version with its diff: added, amended (the fields), removed', async () => {
    const before = await currentListVersion(em());
    body = V2;
    const outcome = await refreshNow();
    expect(outcome).toMatchObject({
      status: 'imported',
      version: {
        id: before!.id + 1,
        published_on: '2026-02-20',
        designations: 5,
        added: 1,
        amended: 1,
        removed: 1,
      },
      rejected: 0,
    });
    const changes = await sanctionsListChanges(em(), before!.id + 1);
    expect(
      changes.map((c) => ({
        id: c.uniqueId,
        change: c.change,
        name: c.primaryName,
        fields: c.changedFields,
      })),
    ).toEqual([
      { id: 'CYB9003', change: 'removed', name: 'NORTHWIND DATA SYSTEMS LLC', fields: null },
      { id: 'GHR9007', change: 'added', name: 'Aurelio Tomas MENDOZA', fields: null },
      {
        id: 'RUS9001',
        change: 'amended',
        name: 'Marina Sergeyevna VOLKOVA',
        fields: '["names","last_updated"]',
      },
    ]);
    const list = await currentSanctionsList(em());
    expect(await list.candidatesFor(['Nordvind'])).toEqual([]);
    expect(await list.designation('CYB9003')).toMatchObject({
      primary_name: 'NORTHWIND DATA SYSTEMS LLC',
      removed_in_version: before!.id + 1,
    });
    expect((await list.candidatesFor(['Marina Grant'])).map((d) => d.unique_id)).toEqual(['RUS9001']);
  });

  it('leaves the current version as it was when the file is not a usable list, and says why', async () => {
    const before = await currentListVersion(em());
    const names = (await currentSanctionsList(em())).candidatesFor(['Volkova']);
    body = GARBLED;
    const outcome = await refreshNow();
    expect(outcome).toEqual({
      status: 'failed',
      list: 'uk',
      source: server.url('/docs/UK-Sanctions-List.csv'),
      code: 'invalid_argument',
      reason: 'Not a UK Sanctions List CSV: line 1: the Report Date "sometime in February" is not a date',
    });
    body = '<html><body>Service unavailable</body></html>';
    expect(await refreshNow()).toMatchObject({ status: 'failed', code: 'invalid_argument' });
    expect(await currentListVersion(em())).toEqual(before);
    expect(await (await currentSanctionsList(em())).candidatesFor(['Volkova'])).toEqual(await names);
  });

  it('fails with a reason, changing nothing, on HTTP errors, refused redirects, size and time limits', async () => {
    const before = await currentListVersion(em());
    const url = (path: string): SanctionsListSource => ({ kind: 'url', url: server.url(path) });
    server.respondWith((req) =>
      req.path === '/missing'
        ? { status: 404, body: 'not found' }
        : req.path === '/elsewhere'
          ? { status: 302, headers: { Location: server.url('/list').replace('127.0.0.1', 'localhost') } }
          : req.path === '/moved'
            ? { status: 301, headers: { Location: '/list' } }
            : req.path === '/slow'
              ? { status: 200, body: V2, delayMs: 2_000 }
              : { status: 200, body: V1 },
    );
    expect(await refreshFrom(app, url('/missing'))).toMatchObject({
      status: 'failed',
      code: 'unavailable',
      reason: expect.stringContaining('answered HTTP 404'),
    });
    expect(await refreshFrom(app, url('/elsewhere'))).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('redirects to another host'),
    });
    expect(await refreshFrom(app, url('/list'), { maxBytes: 1000 })).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('larger than 1000 bytes'),
    });
    expect(await refreshFrom(app, url('/slow'), { timeoutMs: 200 })).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('took longer than 200 ms'),
    });
    expect(await currentListVersion(em())).toEqual(before);
    // A redirect on the same host is followed: V1 is a new version after V2.
    expect(await refreshFrom(app, url('/moved'))).toMatchObject({
      status: 'imported',
      version: { published_on: '2026-02-13', added: 1, amended: 1, removed: 1, source: server.url('/list') },
    });
  });

  it('reads a file, or the newest .csv of a folder, through the same activity', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cds-sanctions-folder-'));
    try {
      copyFileSync(join(fixtures, 'uk-sanctions-list-2026-02-13.csv'), join(dir, 'older.csv'));
      copyFileSync(join(fixtures, 'uk-sanctions-list-2026-02-20.csv'), join(dir, 'newer.csv'));
      writeFileSync(join(dir, 'notes.txt'), 'not a list');
      utimesSync(join(dir, 'older.csv'), new Date('2026-02-13T09:00:00Z'), new Date('2026-02-13T09:00:00Z'));
      utimesSync(join(dir, 'newer.csv'), new Date('2026-02-20T09:00:00Z'), new Date('2026-02-20T09:00:00Z'));
      expect(await refreshFrom(app, { kind: 'file', path: dir })).toMatchObject({
        status: 'imported',
        version: { published_on: '2026-02-20', source: join(dir, 'newer.csv') },
      });
      expect(await refreshFrom(app, { kind: 'file', path: join(dir, 'newer.csv') })).toMatchObject({
        status: 'unchanged',
      });
      expect(await refreshFrom(app, { kind: 'file', path: join(dir, 'absent.csv') })).toMatchObject({
        status: 'failed',
        code: 'unavailable',
        reason: `No sanctions list file at ${join(dir, 'absent.csv')}`,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports not_configured when no source is set', async () => {
    const deps = { orm: app.services.orm, clock: () => new Date(), logger: pino({ level: 'silent' }) };
    expect(
      await sanctionsRefreshActivities(deps as unknown as ActivityDeps).refreshSanctionsList('uk'),
    ).toEqual({
      status: 'not_configured',
      list: 'uk',
    });
  });
});

describe('`import sanctions [--list L] FILE` (a real CLI process) and the demo list', () => {
  let db: TestDatabase;
  let orm: Orm;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    db = await createTestDatabase();
    const url = db.database.kind === 'sqlite' ? `sqlite:${db.database.path}` : db.database.url;
    env = { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'error' };
    orm = await openMigrated(db);
  });
  afterAll(async () => {
    await orm?.close();
    await db?.drop();
  });

  const cli = async (...args: string[]) =>
    JSON.parse((await run(tsx, ['src/cli.ts', ...args], { cwd: projectRoot, env })).stdout) as Record<
      string,
      unknown
    >;

  it('imports a file as a version, then reports the same file unchanged, and refuses a bad file', async () => {
    const file = join(fixtures, 'uk-sanctions-list-2026-02-13.csv');
    expect(await cli('import', 'sanctions', file)).toMatchObject({
      status: 'imported',
      version: { id: 1, published_on: '2026-02-13', designations: 5, source: file },
      rejected: 2,
      rescreen: expect.stringContaining('sanctions refresh --list uk') as string,
    });
    expect(await cli('import', 'sanctions', file)).toMatchObject({ status: 'unchanged', version: { id: 1 } });
    const dir = mkdtempSync(join(tmpdir(), 'cds-sanctions-bad-'));
    try {
      writeFileSync(join(dir, 'bad.csv'), GARBLED);
      const failure = await run(tsx, ['src/cli.ts', 'import', 'sanctions', join(dir, 'bad.csv')], {
        cwd: projectRoot,
        env,
      }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain('invalid_argument: Not a UK Sanctions List CSV');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await currentListVersion(orm.em.fork()))!.id).toBe(1);
  });

  it('imports another list with --list (OFAC from its folder), and refuses an unknown list or a missing file with their codes', async () => {
    const ofac = join(fixtures, 'ofac');
    expect(await cli('import', 'sanctions', '--list', 'ofac', ofac)).toMatchObject({
      status: 'imported',
      list: 'ofac',
      version: { id: 2, list: 'ofac', published_on: null, designations: 5, source: join(ofac, 'sdn.csv') },
    });
    const refused = (...args: string[]) =>
      run(tsx, ['src/cli.ts', 'import', 'sanctions', ...args], { cwd: projectRoot, env }).then(
        () => null,
        (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr.trim() }),
      );
    expect(await refused('--list', 'interpol', ofac)).toEqual({
      code: 1,
      stderr:
        'error: invalid_argument: --list "interpol" is not a sanctions list; the lists are uk, ofac, eu, un',
    });
    expect(await refused('--list', 'eu', join(fixtures, 'absent.xml'))).toEqual({
      code: 1,
      stderr: `error: unavailable: No sanctions list file at ${join(fixtures, 'absent.xml')}`,
    });
    expect(await refused('--list', 'un')).toEqual({
      code: 1,
      stderr:
        'error: invalid_argument: import sanctions needs a file or folder: import sanctions [--list uk|ofac|eu|un] <file-or-folder>',
    });
    // The UK list is as it was.
    expect((await currentListVersion(orm.em.fork()))!.id).toBe(1);
  });

  it('seeds the demo list on a store without one, named like demo officers, companies and PSCs', async () => {
    const other = await createTestDatabase();
    const demo = await openMigrated(other);
    try {
      const asOf = new Date('2026-03-02T00:00:00Z');
      await importDemoRegister(demo.em.fork(), { companies: 40, seed: 2, asOf, details: true });
      const collisions = await demoSanctionsCollisions(demo.em.fork());
      expect(collisions.map((c) => (c.kind === 'person' ? (c.script ?? 'latin') : c.kind))).toEqual([
        'latin',
        'latin',
        'entity',
        'cyrillic',
        'registered_entity',
        'weak_aliases',
      ]);
      const seeded = await seedDemoSanctionsListIfEmpty(demo.em.fork(), { seed: 2, asOf });
      expect(seeded).toMatchObject({
        status: 'imported',
        rejected: 0,
        warnings: 0,
        version: { published_on: '2026-03-02' },
      });
      expect(await seedDemoSanctionsListIfEmpty(demo.em.fork(), { seed: 2, asOf })).toBeNull();

      const list = await currentSanctionsList(demo.em.fork());
      const [sameBirthId, otherBirthId] = seeded!.collisionIds;
      const sameBirth = (await list.designation(sameBirthId!))!;
      const otherBirth = (await list.designation(otherBirthId!))!;
      // Namesakes on the demo register share a name, not a birth: look for the officer born as listed.
      const officerOf = (collision: (typeof collisions)[number], year: number, month: number) => {
        if (collision.kind !== 'person') throw new Error('not a person');
        const name = `${collision.surname}, ${collision.forenames}`;
        return demo.em
          .fork()
          .findOneOrFail(OfficerAppointmentEntity, { name, birthYear: year, birthMonth: month });
      };
      const [listedBirth] = sameBirth.birth_dates;
      expect(listedBirth).toEqual({ year: expect.any(Number), month: expect.any(Number), day: null });
      const officer = await officerOf(collisions[0]!, listedBirth!.year!, listedBirth!.month!);
      expect(nameKey(sameBirth.primary_name, 'person')).toBe(nameKey(officer.name, 'person'));
      const [otherListed] = otherBirth.birth_dates;
      const namesake = await officerOf(collisions[1]!, otherListed!.year! - 7, otherListed!.month!);
      expect(nameKey(otherBirth.primary_name, 'person')).toBe(nameKey(namesake.name, 'person'));
      expect(
        (await list.candidatesFor([officer.name], { types: ['individual'] })).map((d) => d.unique_id),
      ).toContain(sameBirthId);
    } finally {
      await demo.close();
      await other.drop();
    }
  });
});
