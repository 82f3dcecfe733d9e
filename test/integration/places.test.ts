import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { importDemoRegister } from '../../src/demo/demo-data';
import { companyWithDetailsSchema } from '../../src/domain/companies/get-company';
import { knexOf } from '../../src/domain/companies/register-sql';
import { ServiceError } from '../../src/domain/errors';
import { resolveLocalAuthorityFilter } from '../../src/domain/places/place-arguments';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { importPostcodeLookup } from '../../src/ingest/ons/import-postcodes';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type TestApp } from '../support/test-app';

const run = promisify(execFile);
const tsx = join(projectRoot, 'node_modules', '.bin', 'tsx');
const companies = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');
const fixtures = join(projectRoot, 'test/fixtures/postcodes');
const LOOKUP = join(fixtures, 'NSPL21_AUG_2024_UK-sample.csv');
const NAMES = join(fixtures, 'LA_UA names and codes UK as at 04_24.csv');
const MISSING_COLUMNS = join(fixtures, 'missing-columns.csv');

describe('places: the ONS postcode lookup imported, and get_company showing the registered office place', () => {
  let app: TestApp;
  let key: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    app = await startTestApp();
    await importCompaniesCsv(app.services.orm.em.fork(), companies, {
      asOf: new Date('2026-11-22T00:00:00Z'),
    });
    key = (await signUp(app)).api_key;
    const database = app.config.database;
    env = {
      ...process.env,
      DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.path}` : database.url,
      LOG_LEVEL: 'error',
    };
  });
  afterAll(() => app?.stop());

  const cli = (...args: string[]) => run(tsx, ['src/cli.ts', ...args], { cwd: projectRoot, env });
  const place = async (number: string) => {
    const response = await request(app, 'GET', `/company/${number}`, { key });
    expect(response.status).toBe(200);
    return companyWithDetailsSchema.parse(response.body).registered_office_place;
  };
  const heldPostcodes = async () =>
    Number(
      ((await knexOf(app.services.orm.em.fork())('postcode_places').count({ n: '*' }))[0] as { n: unknown })
        .n,
    );

  it('shows no place while the lookup is empty, rather than a guess from the address', async () => {
    expect(await place('01234567')).toBeNull();
  });

  it('refuses a lookup without the columns it reads, writing nothing', async () => {
    const failed = await cli('import', 'postcodes', MISSING_COLUMNS).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(
      'invalid_argument: Not an ONS postcode lookup (NSPL or ONSPD) header: missing the local authority',
    );
    expect(await heldPostcodes()).toBe(0);
  });

  it('imports the lookup and its names file from the CLI, reporting refused rows with their lines', async () => {
    const { stdout, stderr } = await cli('import', 'postcodes', LOOKUP, '--names', NAMES);
    const summary = JSON.parse(stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({
      status: 'completed',
      rows: 18,
      inserted: 15,
      updated: 0,
      rejected: 3,
      with_region: 12,
      with_local_authority: 12,
      terminated: 1,
      errors: [
        { line: 13, error: 'expected 35 fields, found 27' },
        { line: 14, error: 'pcds: not a postcode "NOT A PC"' },
        { line: 15, error: 'doterm: not a year and month (YYYYMM) "2005"' },
      ],
      local_authority_names: {
        names: 11,
        inserted: 11,
        rejected: 1,
        errors: [{ line: 15, error: 'not a local authority code "X1234"' }],
      },
    });
    expect(stderr).toContain('rejected line 14: pcds: not a postcode "NOT A PC"');
    expect(await heldPostcodes()).toBe(15);
  });

  it('gives get_company the region and local authority of the registered office postcode', async () => {
    expect(await place('01234567')).toEqual({
      postcode: 'LS3 1HR',
      region: { code: 'TLE', name: 'Yorkshire and The Humber' },
      local_authority: { code: 'E08000035', name: 'Leeds' },
    });
    expect(await place('09876543')).toEqual({
      postcode: 'EC1V 9HL',
      region: { code: 'TLI', name: 'London' },
      local_authority: { code: 'E09000019', name: 'Islington' },
    });
    expect(await place('10987654')).toMatchObject({ region: { code: 'TLL', name: 'Wales' } });
    expect(await place('NI612345')).toMatchObject({
      region: { code: 'TLN' },
      local_authority: { name: 'Belfast' },
    });
  });

  it('leaves the place null for a postcode the lookup does not know', async () => {
    // IV2 7WL (Inverness) is not in the fixture lookup.
    expect(await place('SC412345')).toBeNull();
  });

  it('replaces rather than duplicates on a second import', async () => {
    const again = await importPostcodeLookup(app.services.orm.em.fork(), LOOKUP);
    expect(again).toMatchObject({ rows: 18, inserted: 0, updated: 15, rejected: 3 });
    expect(await heldPostcodes()).toBe(15);
    // Imported without the names file, the names already held are kept.
    expect(await place('01234567')).toMatchObject({ local_authority: { name: 'Leeds' } });
  });

  it('resolves a local_authority argument by ONS code or by name, and refuses unknown ones', async () => {
    const em = app.services.orm.em.fork();
    const filter = (input: string) => resolveLocalAuthorityFilter(em, input);
    expect(await filter('e08000035')).toEqual({ column: 'local_authority_code', values: ['E08000035'] });
    expect(await filter('LEEDS')).toEqual({ column: 'local_authority_code', values: ['E08000035'] });
    expect(await filter('bristol,  city of')).toEqual({
      column: 'local_authority_code',
      values: ['E06000023'],
    });
    for (const [input, message] of [
      [
        'Gotham',
        /^local_authority: no local authority is named "Gotham"; give the name as the ONS writes it/,
      ],
      ['City of Bristol', /no local authority is named "City of Bristol"/],
      ['E06000099', /^local_authority: no postcode in the lookup is in local authority E06000099$/],
    ] as const) {
      const refused = await filter(input).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ServiceError);
      expect(refused).toMatchObject({ code: 'invalid_argument', details: { argument: 'local_authority' } });
      expect((refused as ServiceError).message).toMatch(message);
    }
  });

  it('seeds the demo register with a lookup covering every registered office, the North West included', async () => {
    const em = app.services.orm.em.fork();
    const steps: string[] = [];
    const seeded = await importDemoRegister(em, {
      companies: 80,
      seed: 4,
      asOf: new Date('2025-06-01'),
      onStep: (line) => steps.push(line),
    });
    expect(seeded.postcodes).toMatchObject({ rejected: 0, local_authority_names: { rejected: 0 } });
    // The steps after the register's import are told as they go (minutes each at the real register's size).
    expect(steps[0]).toBe("postcode lookup: writing and importing one for the register's postcodes");
    expect(steps[1]).toBe(`postcode lookup: ${seeded.postcodes.rows.toLocaleString('en-GB')} postcodes`);
    expect(steps.at(-1)).toMatch(
      new RegExp(
        `^health scores: ${seeded.health_scores_rescored.toLocaleString('en-GB')} companies scored, `,
      ),
    );
    const knex = knexOf(em);
    const unplaced = await knex('companies')
      .leftJoin('postcode_places', 'postcode_places.postcode_compact', 'companies.postcode_compact')
      .whereNull('postcode_places.postcode_compact')
      // The sample register's companies, whose postcodes the fixture lookup covers only in part.
      .whereNotIn('companies.company_number', [
        '09876543',
        'SC412345',
        'OC398765',
        '01234567',
        'NI612345',
        '12345678',
        '11223344',
        '15678901',
        '10987654',
        '02345678',
        '08123456',
      ])
      .select('companies.company_number');
    expect(unplaced).toEqual([]);
    const byRegion = (await knex('companies')
      .join('postcode_places', 'postcode_places.postcode_compact', 'companies.postcode_compact')
      .groupBy('postcode_places.region_code')
      .select('postcode_places.region_code as region')
      .count({ n: '*' })) as { region: string; n: unknown }[];
    const regions = new Map(byRegion.map((row) => [row.region, Number(row.n)]));
    expect(regions.size).toBeGreaterThanOrEqual(8);
    expect(regions.get('TLD')).toBeGreaterThan(0);
  });
});
