import type { Orm } from '../../src/db/orm';
import { openMigrated } from '../support/test-database';
import { DEMO_AGENT_OFFICE } from '../../src/demo/demo-register';
import { loadCompanyFacts, type KybFacts } from '../../src/domain/kyb/kyb-facts';
import { identityVerificationRule } from '../../src/domain/kyb/rules/identity-verification-rule';
import { registeredOfficeRule } from '../../src/domain/kyb/rules/registered-office-rule';
import { DEFAULT_SHARED_OFFICE_THRESHOLD } from '../../src/domain/kyb/run-kyb-check';
import { seededDemoDatabase, type DemoDatabase } from '../support/demo-database';
import { DEMO_SEEDING_TIMEOUT_MS } from '../support/demo-seeding';

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
