import type { CompanyStatus } from '../../../src/domain/companies/company-profile';
import type { KybReasonCode } from '../../../src/domain/kyb/kyb-reasons';
import { statusRule } from '../../../src/domain/kyb/rules/status-rule';
import { withProfile } from './kyb-facts-fixture';

describe('status rule', () => {
  it.each<[CompanyStatus, KybReasonCode, string]>([
    ['dissolved', 'company_dissolved', 'fail'],
    ['converted-closed', 'company_dissolved', 'fail'],
    ['removed', 'company_dissolved', 'fail'],
    ['closed', 'company_dissolved', 'fail'],
    ['liquidation', 'in_liquidation', 'fail'],
    ['administration', 'in_administration', 'fail'],
    ['receivership', 'in_receivership', 'fail'],
    ['insolvency-proceedings', 'insolvency_proceedings', 'fail'],
    ['voluntary-arrangement', 'voluntary_arrangement', 'refer'],
  ])('%s gives %s (%s)', (status, code, outcome) => {
    const { reasons } = statusRule.apply(withProfile({ company_status: status }));
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatchObject({ code, outcome, evidence: { company_status: status } });
  });

  it('names the date of cessation of a dissolved company', () => {
    const { reasons } = statusRule.apply(
      withProfile({ company_status: 'dissolved', date_of_cessation: '2025-05-01' }),
    );
    expect(reasons[0]!.detail).toBe('The register gives the company status dissolved since 2025-05-01.');
    expect(reasons[0]!.evidence).toMatchObject({ date_of_cessation: '2025-05-01' });
  });

  it('refers a proposal to strike off', () => {
    const { reasons, detail } = statusRule.apply(
      withProfile({ company_status: 'active', company_status_detail: 'active-proposal-to-strike-off' }),
    );
    expect(reasons.map((reason) => [reason.code, reason.outcome])).toEqual([
      ['proposal_to_strike_off', 'refer'],
    ]);
    expect(detail).toBe('Company status active (active proposal to strike off).');
  });

  it.each<CompanyStatus>(['active', 'registered', 'open'])('passes %s, saying what it saw', (status) => {
    const { reasons, detail } = statusRule.apply(withProfile({ company_status: status }));
    expect(reasons).toEqual([]);
    expect(detail).toBe(`Company status ${status}.`);
  });
});
