/**
 * `npm run bench:ongoing-screening [-- --companies 10000 --designations 5000 --added 100]`: the re-screen that
 * follows a new list version, on a demo register whose every company is monitored (on one list, with officers and
 * PSCs), after a version adding `added` designations to a list of `designations` (the first added are namesakes of
 * demo directors and owners, demoSanctionsCollisions; the rest invented). Measured in the same run:
 * - incremental: the re-screen against what the version added (what the workflow does after each version);
 * - baseline: a full re-screen of the same companies against every designation (what it does when the matcher
 *   changes), on the same store, the same warm index and the same code (rescreenNextBatch, batches of 200).
 * The ratio incremental / baseline is the figure to read. In process, on SQLite in a temporary directory; no
 * Temporal (the workflow adds one activity call per 2,000 companies).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '../src/db/orm';
import { createAccount } from '../src/domain/accounts/accounts';
import { knexOf } from '../src/domain/companies/register-sql';
import { addCompaniesToList } from '../src/domain/lists/list-membership';
import { createList } from '../src/domain/lists/lists';
import { importDemoRegister } from '../src/demo/demo-data';
import { demoSanctionsCollisions, type DemoSanctionsCollision } from '../src/demo/demo-sanctions-collisions';
import { importDemoSanctionsList } from '../src/demo/demo-sanctions-list';
import {
  findRun,
  finishRun,
  startRun,
  versionChanges,
  type OngoingScreeningRun,
} from '../src/domain/sanctions/ongoing/ongoing-screening-runs';
import { rescreenNextBatch } from '../src/domain/sanctions/ongoing/rescreen-batch';
import { changedDesignationsIndex } from '../src/domain/sanctions/ongoing/rescreen-companies';
import { currentSanctionsLists } from '../src/domain/sanctions/sanctions-list';
import { RESCREEN_BATCH_SIZE } from '../src/temporal/ongoing-screening-contracts';
import {
  formatTable,
  machineAndCommit,
  progress,
  resultFile,
  runBenchmark,
  wholeNumberOption,
} from './harness';

const projectRoot = resolve(__dirname, '..');
const AS_OF = new Date('2026-11-01T00:00:00Z');

runBenchmark(async () => {
  const { values } = parseArgs({
    options: { companies: { type: 'string' }, designations: { type: 'string' }, added: { type: 'string' } },
  });
  const companies = wholeNumberOption('companies', values.companies, 10_000, 1);
  const designations = wholeNumberOption('designations', values.designations, 5_000, 1);
  const added = wholeNumberOption('added', values.added, 100, 1);
  const dir = mkdtempSync(join(tmpdir(), 'cds-bench-ongoing-'));
  const orm = await openDatabase({ kind: 'sqlite', path: join(dir, 'bench.db') });
  try {
    await migrate(orm);
    progress(`demo register: ${companies.toLocaleString('en-GB')} companies with officers and PSCs`);
    await importDemoRegister(orm.em.fork(), { companies, seed: 38, details: true, asOf: AS_OF });
    const em = orm.em.fork();
    const { account } = await createAccount(em, { email: 'bench@example.com', plan: 'team' }, AS_OF);
    const list = await createList(em, { accountId: account.id, name: 'Portfolio', kind: 'portfolio' }, AS_OF);
    const numbers = (
      (await knexOf(em)('companies').select('company_number')) as { company_number: string }[]
    ).map((row) => row.company_number);
    for (let i = 0; i < numbers.length; i += 1_000)
      await addCompaniesToList(orm.em.fork(), list.id, numbers.slice(i, i + 1_000), AS_OF);

    progress(`list version 1: ${designations.toLocaleString('en-GB')} designations`);
    const v1 = await importDemoSanctionsList(orm.em.fork(), { designations, seed: 38, asOf: AS_OF });
    // Version 2 is version 1 and `added` more after it: the collisions go at the end, so they are added, not
    // amended (same seed, same date: the first `designations` are the same records).
    const namesakes = await demoSanctionsCollisions(orm.em.fork());
    const collisions: DemoSanctionsCollision[] = [];
    namesakes.slice(0, added).forEach((collision, i) => (collisions[designations + i] = collision));
    progress(`list version 2: ${added} added, ${Math.min(added, namesakes.length)} of them demo namesakes`);
    const v2 = await importDemoSanctionsList(orm.em.fork(), {
      designations: designations + added,
      seed: 38,
      asOf: AS_OF,
      collisions,
    });
    if (v2.version.added !== added) throw new Error(`version 2 added ${v2.version.added}, not ${added}`);
    const [uk] = await currentSanctionsLists(orm.em.fork(), ['uk']);
    const index = await uk!.index();

    const rescreen = async (): Promise<{ ms: number; run: OngoingScreeningRun }> => {
      const started = performance.now();
      let run = (await startRun(orm.em.fork(), v2.version.id, new Date()))!;
      const changed = run.fullRescreen ? null : (await versionChanges(orm.em.fork(), v2.version.id)).changed;
      const changedIndex = changed === null ? undefined : await changedDesignationsIndex(index!, changed);
      for (let more = true; more;) {
        const step = await rescreenNextBatch(orm.em.fork(), run, {
          index,
          changed,
          changedIndex,
          batchSize: RESCREEN_BATCH_SIZE,
          publicBaseUrl: 'https://api.example.test',
          now: () => new Date(),
        });
        run = step.run;
        more = step.more;
      }
      await finishRun(orm.em.fork(), v2.version.id, new Date());
      return { ms: performance.now() - started, run: (await findRun(orm.em.fork(), v2.version.id))! };
    };
    const forget = async () => {
      await knexOf(orm.em)('screening_matches').delete();
      await knexOf(orm.em)('ongoing_screening_runs').where({ version_id: v2.version.id }).delete();
    };

    // Version 1's re-screen recorded as done with this matcher: version 2's is then incremental. Deleting it
    // makes version 2's full (no earlier re-screen of the list).
    const incrementalNext = async () => {
      await startRun(orm.em.fork(), v1.version.id, AS_OF);
      await finishRun(orm.em.fork(), v1.version.id, AS_OF);
    };
    const fullNext = () =>
      knexOf(orm.em)('ongoing_screening_runs').where({ version_id: v1.version.id }).delete();
    // A first pass warms SQLite's page cache and the JIT for both; its time is not reported.
    progress('warm-up pass (not reported)');
    await incrementalNext();
    await rescreen();
    await forget();
    progress('baseline: full re-screen (every designation)');
    await fullNext();
    const full = await rescreen();
    if (!full.run.fullRescreen) throw new Error('the baseline run was not full');
    await forget();
    progress('incremental re-screen (what the version added)');
    await incrementalNext();
    const incremental = await rescreen();
    if (incremental.run.fullRescreen) throw new Error('the incremental run was full');

    const row = (name: string, r: { ms: number; run: OngoingScreeningRun }) => [
      name,
      r.run.companiesDone.toLocaleString('en-GB'),
      r.run.designations.toLocaleString('en-GB'),
      `${(r.ms / 1000).toFixed(2)} s`,
      `${((r.ms / r.run.companiesDone) * 1000).toFixed(0)} µs`,
      String(r.run.matchesFound),
    ];
    const ratio = incremental.ms / full.ms;
    console.log(
      formatTable([
        ['re-screen', 'companies', 'designations', 'time', 'per company', 'matches'],
        row('incremental', incremental),
        row('baseline (full)', full),
      ]),
    );
    console.log(`ratio incremental / baseline: ${ratio.toFixed(3)}`);
    const file = resultFile('ongoing-screening');
    writeFileSync(
      file,
      JSON.stringify(
        {
          benchmark: 'ongoing-screening',
          ...machineAndCommit(projectRoot),
          options: { companies, designations, added },
          incremental: { ms: Math.round(incremental.ms), ...incremental.run },
          baseline: { ms: Math.round(full.ms), ...full.run },
          ratio,
        },
        null,
        2,
      ),
    );
    progress(`results: ${file}`);
  } finally {
    await orm.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
