import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { setPlan } from '../../src/domain/accounts/accounts';
import { listedPartyOf } from '../../src/domain/sanctions/listed-party-of';
import { explainPair } from '../../src/domain/sanctions/matching/match-subject';
import { sanctionsDesignation } from '../../src/domain/sanctions/sanctions-list';
import {
  demoSanctionsCollisions,
  DEMO_REGISTERED_ENTITY_NAME,
  type DemoSanctionsCollision,
} from '../../src/demo/demo-sanctions-collisions';
import { callToolChecked, connectMcp } from '../support/mcp-client';
import { seededDemoDatabase } from '../support/demo-database';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

/*
 * The "Done when" of identifiers and alias quality, on the embedded default as `npm start` seeds it and through a
 * real MCP client only: a demo company whose number a list entry publishes under another name is matched by that
 * number, shown as an identifier match; a low-quality alias matches a director of exactly that name and not one a
 * letter away; the demo namesakes still match, every explanation adding up to its score.
 */

jest.setTimeout(180_000);

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const sum = (match: Row) =>
  Math.round(match.explanation.contributions.reduce((total: number, c: Row) => total + c.value, 0) * 10_000) /
  10_000;

describe('identifiers and alias quality over MCP, on the demo register', () => {
  let app: TestApp;
  let agent: Client;
  let collisions: DemoSanctionsCollision[];
  const screen = (companyNumber: string) =>
    callToolChecked(agent, 'screen_sanctions', { company_number: companyNumber }) as Promise<Row>;
  const collision = <Kind extends DemoSanctionsCollision['kind']>(kind: Kind) =>
    collisions.find((c): c is Extract<DemoSanctionsCollision, { kind: Kind }> => c.kind === kind)!;

  beforeAll(async () => {
    const demo = await seededDemoDatabase();
    expect(demo.log.companies).toBe(200);
    app = await startTestApp({}, { database: demo.db });
    collisions = await demoSanctionsCollisions(app.services.orm.em.fork());
    const user = await signUp(app);
    await setPlan(app.services.orm.em.fork(), user.account_id, 'starter');
    agent = await connectMcp(app, user.api_key);
  });
  afterAll(async () => {
    await agent?.close();
    await app?.stop();
  });

  it('matches a company by the registration number a list entry publishes under another name', async () => {
    const registered = collision('registered_entity');
    const result = await screen(registered.companyNumber!);
    const matches = result.potential_matches.filter(
      (m: Row) => m.designation.primary_name === DEMO_REGISTERED_ENTITY_NAME,
    );
    expect(matches).toHaveLength(1);
    const [match] = matches;
    expect(match.subject).toEqual({ role: 'company', kind: 'entity', name: result.company_name });
    expect(result.screened[0].identifiers).toEqual([
      { scheme: 'gb-coh', value: registered.companyNumber, as_written: registered.companyNumber },
    ]);
    expect(match.score).toBe(1);
    expect(match.score).toBe(sum(match));
    const identifier = match.explanation.contributions.find((c: Row) => c.feature === 'identifier');
    expect(identifier).toMatchObject({ rule: 'identifier_match' });
    expect(identifier.evidence).toContain(`Companies House number ${registered.companyNumber}`);
    expect(identifier.evidence).toContain(registered.registrationNumbers);
    // The names do not agree: the number alone made it a potential match.
    const name = match.explanation.contributions.find((c: Row) => c.feature === 'name');
    expect(name.value).toBeLessThan(result.method.thresholds.entity);
  });

  it('matches a low-quality alias only exactly: a director one letter away is not matched', async () => {
    const weak = collision('weak_aliases');
    const [exact, near] = weak.officers!;
    const exactResult = await screen(exact!.companyNumber);
    const [match] = exactResult.potential_matches.filter((m: Row) => m.subject.name === exact!.name);
    expect(match).toBeDefined();
    expect(match.explanation.name.listed).toMatchObject({ kind: 'alias' });
    expect(match.score).toBe(sum(match));
    const designationId = match.designation.unique_id;

    const nearResult = await screen(near!.companyNumber);
    expect(nearResult.screened.map((s: Row) => s.name)).toContain(near!.name);
    // The designation may still match someone else there by the exact alias (both directors can sit on one
    // board); the alias one letter off never counts.
    const nearAlias = `${weak.aliases[1]!.forenames} ${weak.aliases[1]!.surname}`;
    for (const m of nearResult.potential_matches.filter(
      (m: Row) => m.designation.unique_id === designationId,
    )) {
      expect(m.subject.name).not.toBe(near!.name);
      expect(m.explanation.name.listed.text).not.toBe(nearAlias);
    }
    // What made the difference is the alias's quality: the same alias of good quality would match.
    const listed = (await sanctionsDesignation(app.services.orm.em.fork(), 'uk', designationId))!;
    const party = listedPartyOf(listed);
    const subject = {
      kind: 'person',
      name: near!.name,
      birth: null,
      nationality: null,
      countryOfResidence: null,
    };
    const asLow = explainPair(subject as never, party);
    expect(asLow.passed).toBe(false);
    expect(asLow.explanation.name!.notCounted?.[0]?.rule).toBe('low_quality_alias');
    const asGood = explainPair(subject as never, {
      ...party,
      names: party.names.map((n) => ({ ...n, quality: 'good' as const })),
    });
    expect(asGood.passed).toBe(true);
  });

  it('still finds the demo namesakes, every explanation adding up to its score', async () => {
    const numbers = new Set<string>();
    for (const c of collisions)
      for (const number of c.note?.match(/\b(?:[A-Z]{2}\d{6}|\d{8})\b/g) ?? []) numbers.add(number);
    let found = 0;
    for (const number of numbers) {
      const result = await screen(number);
      for (const match of result.potential_matches) {
        expect(match.score).toBe(sum(match));
        found++;
      }
    }
    // Every namesake but the one born seven years later (weighed below the threshold on purpose).
    expect(found).toBeGreaterThanOrEqual(collisions.length - 1);
  });
});
