import type { Orm } from '../../src/db/orm';
import { openMigrated } from '../support/test-database';
import { DEMO_AGENT_OFFICE } from '../../src/demo/demo-register';
import { loadCompanyFacts, type KybFacts } from '../../src/domain/kyb/kyb-facts';
import { identityVerificationRule } from '../../src/domain/kyb/rules/identity-verification-rule';
import { registeredOfficeRule } from '../../src/domain/kyb/rules/registered-office-rule';
import { DEFAULT_SHARED_OFFICE_THRESHOLD } from '../../src/domain/kyb/run-kyb-check';
import { seededDemoDatabase, type DemoDatabase } from '../support/demo-database';
import { DEMO_SEEDING_TIMEOUT_MS } from '../support/demo-seeding';
import { createAccount } from '../../src/domain/accounts/accounts';
import { HEALTH_RULES } from '../../src/domain/health/health-rules';
import { loadHealthFacts } from '../../src/domain/health/load-health-facts';
import { defaultKybSources } from '../../src/domain/kyb/kyb-default-sources';
import { controlRule } from '../../src/domain/kyb/rules/control-rule';
import { disqualificationRule } from '../../src/domain/kyb/rules/disqualification-rule';
import { runKybCheck } from '../../src/domain/kyb/run-kyb-check';
import { traceStoredOwnership } from '../../src/domain/ownership/store-ownership';

/*
 * The demo companies the start-up log names for each KYB reason that only the demo register shows (docs/kyb.md):
 * each line names a company, and the KYB rule reaches that reason on it from the store the seeding wrote.
 */

let demo: DemoDatabase;
let orm: Orm;

beforeAll(async () => {
  demo = await seededDemoDatabase();
  orm = await openMigrated(demo.db);
}, DEMO_SEEDING_TIMEOUT_MS);

afterAll(async () => {
  await orm?.close();
  await demo?.db.drop();
});

const factsOf = async (companyNumber: string) =>
  (await loadCompanyFacts(orm.em.fork(), companyNumber, demo.asOf))! as KybFacts;
const logged = (field: string) => demo.log[field] as string[];
const asOfDay = () => demo.asOf.toISOString().slice(0, 10);

it('names the demo companies with a director overdue for identity verification, each referred by KYB', async () => {
  const lines = logged('identity_verification_overdue');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(line).toMatch(/^\S{8} .+: director .+, identity verification statement due \d{4}-\d{2}-\d{2}$/);
    const facts = await factsOf(line.slice(0, 8));
    const { reasons } = identityVerificationRule.apply({
      ...facts,
      asOfDay: demo.asOf.toISOString().slice(0, 10),
    });
    expect(reasons.map((reason) => reason.code)).toEqual(['identity_verification_overdue']);
  }
  // Verified directors too, with the dates Companies House gives them.
  const [verified] = await orm.em
    .fork()
    .getConnection()
    .execute<{ identity_verification: string }[]>(
      "select identity_verification from officer_appointments where identity_verification like '%identity_verified_on%'",
    );
  expect(JSON.parse(verified!.identity_verification)).toMatchObject({
    identity_verified_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  });
});

describe('registered-office risk', () => {
  const codesOf = async (companyNumber: string) => {
    const facts = await factsOf(companyNumber);
    const { reasons } = registeredOfficeRule.apply({
      ...facts,
      sharedOfficeThreshold: DEFAULT_SHARED_OFFICE_THRESHOLD,
      statedAddress: null,
    });
    return reasons.map((reason) => reason.code);
  };

  it('names the demo PO box offices, each referred by KYB', async () => {
    const lines = logged('registered_office_po_box');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toMatch(/^\S{8} .+: PO Box \S+$/);
      expect(await codesOf(line.slice(0, 8))).toContain('registered_office_po_box');
    }
  });

  it('names the formation agent’s address shared by more active companies than the threshold', async () => {
    const lines = logged('registered_office_shared');
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${DEMO_AGENT_OFFICE.line1}, ${DEMO_AGENT_OFFICE.postcode}: \\d+ active companies \\(more than 50\\), e\\.g\\. \\S{8}$`,
        ),
      ),
    ]);
    expect(await codesOf(lines[0]!.slice(-8))).toContain('registered_office_shared');
  });
});

it('names the demo companies with a disqualified director, each with the KYB outcome the log gives', async () => {
  const lines = logged('disqualified_directors');
  expect(lines).toHaveLength(3);
  const [serving, ended, possible] = lines;
  expect(serving).toMatch(
    /^\S{8} .+: director .+, undertaking \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}: disqualified_director \(fail\)$/,
  );
  expect(ended).toMatch(/: disqualification_to_review \(refer, ended\)$/);
  expect(possible).toMatch(/: disqualification_to_review \(refer, possible link by name and birth month\)$/);

  const kyb = async (line: string) =>
    disqualificationRule.apply({ ...(await factsOf(line.slice(0, 8))), asOfDay: asOfDay() }).reasons;
  const failing = await kyb(serving!);
  expect(failing.map((reason) => [reason.code, reason.outcome])).toEqual([['disqualified_director', 'fail']]);
  expect(failing[0]!.evidence).toMatchObject({
    directors: [
      { basis: 'officer_id', disqualifications: [{ status: 'current', reason: { section: '7' } }] },
    ],
  });
  expect((await kyb(ended!))[0]!.evidence).toMatchObject({ directors: [{ why: ['ended'] }] });
  expect((await kyb(possible!))[0]!.evidence).toMatchObject({
    directors: [{ basis: 'name_and_birth', why: ['possible_link'] }],
  });

  // The whole check, as run_kyb_check runs it on the demo data: the fail decides it.
  const { account } = await createAccount(
    orm.em.fork(),
    { email: 'demo-kyb@example.com', plan: 'starter' },
    demo.asOf,
  );
  const result = await runKybCheck(
    orm.em.fork(),
    defaultKybSources,
    {
      clientReference: 'demo',
      statedCompanyName: serving!.slice(9, serving!.indexOf(':')),
      companyNumber: serving!.slice(0, 8),
    },
    { accountId: account.id, now: demo.asOf, idempotencyKey: null },
  );
  expect(result).toMatchObject({ outcome: 'fail' });
  expect(result.reasons.map((reason) => reason.code)).toContain('disqualified_director');

  const health = (await loadHealthFacts(orm.em.fork(), [serving!.slice(0, 8)], asOfDay())).get(
    serving!.slice(0, 8),
  );
  const rule = HEALTH_RULES.find((candidate) => candidate.code === 'disqualified_director')!;
  expect(rule.evaluate(health!.facts, asOfDay())).toMatchObject({ status: 'fired', points: 30 });
});

describe('owners traced to people', () => {
  const control = async (companyNumber: string) => {
    const ownership = await traceStoredOwnership(orm.em.fork(), companyNumber, { day: asOfDay() });
    return controlRule.apply({ ...(await factsOf(companyNumber)), ownership });
  };

  it('names a company owned through two demo companies by a natural person, passed by the control check', async () => {
    const lines = logged('ownership_two_level_chain');
    expect(lines).toHaveLength(1);
    const [chain] = lines;
    expect(chain).toMatch(
      /^.+ \((\S{8})\) → .+ \(\S{8}\) → .+ \(\S{8}\) → .+: [\d.]+–[\d.]+ % held indirectly$/,
    );
    const traced = await control(/\((\S{8})\)/.exec(chain!)![1]!);
    expect(traced.reasons).toEqual([]);
    expect(traced.detail).toMatch(/Ultimate owners: .+ \(42\.1875–100 %, over 25 %: yes\)/);
  });

  it('names a listed plc exempt from the PSC regime, passed as exempt rather than referred', async () => {
    const lines = logged('psc_exempt_listed_company');
    expect(lines).toEqual([
      expect.stringMatching(/^\S{8} .+ PLC: psc_exempt_as_trading_on_uk_regulated_market$/),
    ]);
    const listed = await control(lines[0]!.slice(0, 8));
    expect(listed.reasons.map((reason) => [reason.code, reason.outcome])).toEqual([
      ['psc_exempt_listed_company', 'pass'],
    ]);
  });
});
