import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Orm } from '../../src/db/orm';
import { DisqualifiedOfficerEntity } from '../../src/db/entities/disqualified-officer';
import { CompaniesHouseStandIn } from '../support/companies-house-stand-in/stand-in';
import { projectRoot } from '../support/paths';
import { createTestDatabase, openMigrated, type TestDatabase } from '../support/test-database';

/*
 * The operator's commands for disqualified officers, as real processes: files of the published JSON imported
 * (a bad one refused with its field and reason, nothing of it written), and one fetched with the REST key from
 * the stand-in.
 */

const run = promisify(execFile);
const tsx = join(projectRoot, 'node_modules', '.bin', 'tsx');
const FIXTURES = join(projectRoot, 'test/fixtures/companies-house-api');
const natural = join(FIXTURES, 'disqualified-officers/natural/jK8mQ2sT5vX1yZ4aB7cD0eF3gH6.json');

let db: TestDatabase;
let orm: Orm;
let env: NodeJS.ProcessEnv;
let standIn: CompaniesHouseStandIn;
let dir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openMigrated(db);
  standIn = await CompaniesHouseStandIn.start({ fixturesDir: FIXTURES, apiKeys: ['cli-key'] });
  const url = db.database.kind === 'sqlite' ? `sqlite:${db.database.path}` : db.database.url;
  env = {
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'error',
    COMPANIES_HOUSE_API_KEY: 'cli-key',
    COMPANIES_HOUSE_API_URL: standIn.url,
  };
  dir = mkdtempSync(join(tmpdir(), 'disqualified-cli-'));
});

afterAll(async () => {
  await standIn?.stop();
  await orm?.close();
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const cli = async (...args: string[]) =>
  JSON.parse((await run(tsx, ['src/cli.ts', ...args], { cwd: projectRoot, env })).stdout) as Record<
    string,
    unknown
  >;

it('imports resource files, refuses a bad one naming its field, and fetches one live', async () => {
  expect(await cli('import', 'disqualified-officers', natural)).toMatchObject({
    officers: [{ officerId: 'jK8mQ2sT5vX1yZ4aB7cD0eF3gH6', kind: 'natural', disqualifications: 1 }],
  });
  const bad = join(dir, 'bad.json');
  const body = JSON.parse(readFileSync(natural, 'utf8')) as Record<string, unknown>;
  writeFileSync(
    bad,
    JSON.stringify({
      ...body,
      links: { self: '/disqualified-officers/natural/bad-one' },
      disqualifications: [],
    }),
  );
  const refused = await run(tsx, ['src/cli.ts', 'import', 'disqualified-officers', bad], {
    cwd: projectRoot,
    env,
  }).catch((error: { code: number; stderr: string }) => error);
  expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/disqualifications/) });
  expect(await orm.em.fork().count(DisqualifiedOfficerEntity, { officerId: 'bad-one' })).toBe(0);

  expect(
    await cli('fetch', 'disqualified-officer', '--kind', 'corporate', '--officer', 'cOrPdIsQ0000000000001'),
  ).toMatchObject({ status: 'imported', imported: { kind: 'corporate', created: true } });
  expect(standIn.requests.map((request) => request.path)).toEqual([
    '/disqualified-officers/corporate/cOrPdIsQ0000000000001',
  ]);
}, 60_000);
