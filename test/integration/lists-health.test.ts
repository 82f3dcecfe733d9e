import { join } from 'node:path';
import { setPlan } from '../../src/domain/accounts/accounts';
import { HEALTH_MODEL_VERSION } from '../../src/domain/health/score-company';
import { importCompaniesCsv } from '../../src/ingest/companies-house/import-companies';
import { projectRoot } from '../support/paths';
import { request, signUp, startTestApp, type ErrorBody, type TestApp } from '../support/test-app';

/*
 * Health on lists: get_lists counts the list's companies by stored grade, get_list_companies shows each one's
 * stored score and filters and sorts by it. Scores are written straight into company_health_scores here, so the
 * expected sets follow from this file alone (how scores are computed and kept is tested elsewhere).
 */

const fixture = join(projectRoot, 'test/fixtures/companies/basic-company-data-sample.csv');

interface Health {
  score: number | null;
  grade: string | null;
  risk_level: string | null;
  as_of: string;
  model_version: string;
}
interface Page {
  items: { company_number: string; health: Health | null }[];
  total: number;
  next_offset: number | null;
}

/** company number → [score, grade, risk level]; a null score is a company scored without enough data. */
const scores: Record<string, [number | null, string | null, string | null]> = {
  '09876543': [91, 'A', 'low'],
  SC412345: [72, 'B', 'low'],
  OC398765: [72, 'B', 'moderate'],
  '01234567': [55, 'C', 'moderate'],
  NI612345: [30, 'D', 'high'],
  '12345678': [8, 'E', 'severe'],
  '11223344': [null, null, null],
};
/** On the list, never scored. */
const unscored = ['15678901', '10987654'];
const onList = [...Object.keys(scores), ...unscored];

describe('health on lists (REST)', () => {
  let app: TestApp;
  let key: string;
  let listId: number;

  const page = (query: string) =>
    request<Page & ErrorBody>(app, 'GET', `/lists/${listId}/companies${query}`, { key });
  const numbers = async (query: string) => {
    const response = await page(query);
    expect(response.status).toBe(200);
    return response.body.items.map((item) => item.company_number);
  };

  beforeAll(async () => {
    app = await startTestApp();
    const em = app.services.orm.em.fork();
    await importCompaniesCsv(em, fixture, { asOf: new Date('2026-11-22T00:00:00Z') });
    for (const [number, [score, grade, risk]] of Object.entries(scores)) {
      await em
        .getConnection()
        .execute(
          'insert into company_health_scores (company_number, model_version, as_of, valid_until, score, grade, ' +
            'risk_level, fired_codes, computed_at) values (?, ?, ?, null, ?, ?, ?, ?, ?)',
          [
            number,
            HEALTH_MODEL_VERSION,
            '2026-11-22',
            score,
            grade,
            risk,
            '[]',
            app.config.database.kind === 'sqlite' ? Date.now() : new Date(),
          ],
        );
    }
    const { api_key, account_id } = await signUp(app);
    await setPlan(app.services.orm.em.fork(), account_id, 'team');
    key = api_key;
    listId = (
      await request<{ id: number }>(app, 'POST', '/lists', { key, body: { name: 'Health', kind: 'clients' } })
    ).body.id;
    const added = await request(app, 'POST', '/lists/companies', {
      key,
      body: { list_id: listId, company_numbers: onList },
    });
    expect(added.status).toBe(200);
    // Another list, to see the counts are per list.
    const other = (
      await request<{ id: number }>(app, 'POST', '/lists', { key, body: { name: 'Two', kind: 'clients' } })
    ).body.id;
    await request(app, 'POST', '/lists/companies', {
      key,
      body: { list_id: other, company_numbers: ['09876543', '15678901'] },
    });
  });
  afterAll(() => app?.stop());

  it('counts each list’s companies by stored grade in get_lists', async () => {
    const { body } = await request<{ lists: { name: string; health_grades: unknown }[] }>(
      app,
      'GET',
      '/lists',
      {
        key,
      },
    );
    expect(body.lists.map((list) => [list.name, list.health_grades])).toEqual([
      ['Health', { A: 1, B: 2, C: 1, D: 1, E: 1, unscored: 3 }],
      ['Two', { A: 1, B: 0, C: 0, D: 0, E: 0, unscored: 1 }],
    ]);
  });

  it('shows each company’s stored score, null when it was never scored', async () => {
    const { body } = await page('?sort=number&limit=100');
    const health = Object.fromEntries(body.items.map((item) => [item.company_number, item.health]));
    expect(health['09876543']).toEqual({
      score: 91,
      grade: 'A',
      risk_level: 'low',
      as_of: '2026-11-22',
      model_version: HEALTH_MODEL_VERSION,
    });
    expect(health['11223344']).toEqual({
      score: null,
      grade: null,
      risk_level: null,
      as_of: '2026-11-22',
      model_version: HEALTH_MODEL_VERSION,
    });
    expect(health['15678901']).toBeNull();
    expect(health['10987654']).toBeNull();
  });

  it('filters by grade, several grades, risk level and score range', async () => {
    expect(await numbers('?grade=B&sort=number')).toEqual(['OC398765', 'SC412345']);
    expect(await numbers('?grade=a,%20e,B&sort=number')).toEqual([
      '09876543',
      '12345678',
      'OC398765',
      'SC412345',
    ]);
    expect(await numbers('?risk_level=moderate,high&sort=number')).toEqual([
      '01234567',
      'NI612345',
      'OC398765',
    ]);
    expect(await numbers('?min_score=55&max_score=72&sort=number')).toEqual([
      '01234567',
      'OC398765',
      'SC412345',
    ]);
    expect(await numbers('?min_score=0&sort=number')).toHaveLength(6);
    expect(await numbers('?max_score=30&risk_level=severe')).toEqual(['12345678']);
    expect(await numbers('?grade=B&risk_level=moderate')).toEqual(['OC398765']);
    expect(await numbers('?min_score=72&max_score=72&sort=number')).toEqual(['OC398765', 'SC412345']);
    const counted = await page('?grade=B,C&limit=1');
    expect(counted.body.total).toBe(3);
    expect(counted.body.next_offset).toBe(1);
  });

  it('sorts by score with the unscored last either way and the company number breaking ties', async () => {
    const scoredAscending = ['12345678', 'NI612345', '01234567', 'OC398765', 'SC412345', '09876543'];
    const unscoredAscending = ['10987654', '11223344', '15678901'];
    expect(await numbers('?sort=score')).toEqual([...scoredAscending, ...unscoredAscending]);
    expect(await numbers('?sort=score&order=desc')).toEqual([
      '09876543',
      'SC412345',
      'OC398765',
      '01234567',
      'NI612345',
      '12345678',
      ...[...unscoredAscending].reverse(),
    ]);
    // Pages of two never overlap and cover the list.
    const paged: string[] = [];
    for (let offset = 0; offset < onList.length; offset += 2)
      paged.push(...(await numbers(`?sort=score&order=desc&limit=2&offset=${offset}`)));
    expect(paged).toEqual(await numbers('?sort=score&order=desc'));
  });

  it.each([
    ['grade=F', 'grade'],
    ['grade=', 'grade'],
    ['grade=A,,B', 'grade'],
    ['risk_level=extreme', 'risk_level'],
    ['min_score=101', 'min_score'],
    ['min_score=-1', 'min_score'],
    ['max_score=abc', 'max_score'],
    ['min_score=2.5', 'min_score'],
    ['min_score=80&max_score=20', 'min_score'],
    ['sort=grade', 'sort'],
  ])('refuses %s (400 invalid_argument naming %s)', async (query, argument) => {
    const response = await page(`?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_argument');
    expect(response.body.error.details.problems).toContainEqual(expect.objectContaining({ argument }));
  });
});
