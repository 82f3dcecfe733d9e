import { copyFileSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorkflowFailedError } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Orm } from '../../src/db/orm';
import type { SanctionsRefreshOutcome } from '../../src/domain/sanctions/sanctions-list-import-result';
import { currentListVersion } from '../../src/domain/sanctions/sanctions-list';
import { workflowTypes } from '../../src/temporal/names';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../support/workflow-test-env';

const taskQueue = 'sanctions-refresh-test';
const fixtures = join(__dirname, '../fixtures/sanctions');

/*
 * The sanctions-refresh workflow on the time-skipping server with its real activity, reading a folder (the
 * Schedule itself needs the dev server: test/integration/sanctions-list.test.ts). Each run reads the newest .csv.
 */
describe('sanctions-refresh workflow (time-skipping server)', () => {
  let env: TestWorkflowEnvironment;
  let orm: Orm;
  let testEnv: WorkflowTestEnv;
  const folder = mkdtempSync(join(tmpdir(), 'cds-sanctions-wf-'));
  let runs = 0;
  let day = 1;

  /** Drops a file into the folder as the newest. */
  const drop = (name: string, content?: string) => {
    const file = join(folder, name);
    if (content === undefined) copyFileSync(join(fixtures, name), file);
    else writeFileSync(file, content);
    const at = new Date(Date.UTC(2026, 1, day++));
    utimesSync(file, at, at);
  };

  beforeAll(async () => {
    testEnv = await startWorkflowTestEnv(taskQueue, () => ({
      sanctionsLists: { sources: { uk: { kind: 'file', path: folder } } },
    }));
    ({ env, orm } = testEnv);
  });
  afterAll(async () => {
    await testEnv?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  /** No list: how the UK Schedule started its runs before there were other lists. */
  const refresh = (...args: [] | [string]) =>
    env.client.workflow.execute<(list?: string) => Promise<SanctionsRefreshOutcome>>(
      workflowTypes.sanctionsRefresh,
      { taskQueue, workflowId: `sanctions-refresh-test-${++runs}`, args },
    );

  it('returns the outcome of each refresh: failed on an empty folder, imported, unchanged, imported again', async () => {
    expect(await refresh('uk')).toMatchObject({ status: 'failed', list: 'uk', code: 'unavailable' });
    drop('uk-sanctions-list-2026-02-13.csv');
    expect(await refresh('uk')).toMatchObject({
      status: 'imported',
      list: 'uk',
      version: { list: 'uk', published_on: '2026-02-13', added: 5 },
    });
    expect(await refresh()).toMatchObject({ status: 'unchanged', list: 'uk' });
    drop('uk-sanctions-list-2026-02-20.csv');
    expect(await refresh()).toMatchObject({
      status: 'imported',
      version: { list: 'uk', published_on: '2026-02-20', added: 1, amended: 1, removed: 1 },
    });
  });

  it('refreshes the list it is given: one without a source is not_configured; an unknown one fails the run', async () => {
    expect(await refresh('ofac')).toEqual({ status: 'not_configured', list: 'ofac' });
    await expect(refresh('interpol')).rejects.toThrow(WorkflowFailedError);
  });

  it('keeps the current version when the newest file is not a list', async () => {
    const before = await currentListVersion(orm.em.fork(), 'uk');
    drop('broken.csv', 'Last Updated,Unique ID\n01/01/2026,RUS0001\n');
    expect(await refresh('uk')).toMatchObject({
      status: 'failed',
      list: 'uk',
      code: 'invalid_argument',
      reason: expect.stringContaining('line 1 should be "Report Date: dd/mm/yyyy"'),
    });
    expect(await currentListVersion(orm.em.fork(), 'uk')).toEqual(before);
  });
});
