import { controlRule } from '../../../src/domain/kyb/rules/control-rule';
import type { OwnershipChain, OwnershipTrace } from '../../../src/domain/ownership/ownership-trace';
import { director, facts, pscRegister } from './kyb-facts-fixture';

/* The control check over a traced ownership: exempt, traced to a person, stopped short, through a closed company. */

const link = (number: string, owner: string, status = 'active'): OwnershipChain['links'][number] => ({
  company_number: number,
  company_name: `COMPANY ${number} LIMITED`,
  company_status: status,
  psc_id: `psc-${owner}`,
  owner_name: owner,
  owner_date_of_birth: null,
  owner_category: 'corporate_entity',
  owner_company_number: null,
  share: { basis: 'shares', band: '75-to-100-percent', lower: 75, upper: 100 },
});

const trace = (chains: OwnershipChain[], extra: Partial<OwnershipTrace> = {}): OwnershipTrace => ({
  company_number: '09876543',
  psc_exemption: null,
  max_depth: 10,
  chains,
  ultimate_owners: [],
  natural_person_reached: false,
  stops: chains.filter((c) => c.end !== 'natural_person').map((c) => c.end_description),
  ...extra,
});

const foreign: OwnershipChain = {
  links: [link('09876543', 'HOLDING BV')],
  end: 'owner_outside_uk',
  end_description: 'owner registered outside the UK: HOLDING BV, Netherlands',
  end_company: null,
  indirect_share: { lower: 75, upper: 100 },
};

const exemption = {
  exemption_type: 'psc_exempt_as_trading_on_uk_regulated_market',
  description: 'voting shares admitted to trading on a UK regulated market',
  exempt_from: '2018-06-18',
  exempt_to: null,
};

describe('control rule over the ownership trace', () => {
  it('refers when no chain reaches a natural person, naming the stops and the current directors', () => {
    const { reasons } = controlRule.apply(facts({ ownership: trace([foreign]) }));
    expect(reasons).toEqual([
      {
        code: 'no_natural_person_reached',
        outcome: 'refer',
        title: 'No natural person is reached as an owner',
        detail:
          'No chain of ownership reaches a natural person: owner registered outside the UK: HOLDING BV, Netherlands. ' +
          'senior managing officials (current directors): OLDHAM, Margaret Anne.',
        evidence: {
          stops: ['owner registered outside the UK: HOLDING BV, Netherlands'],
          chains: [foreign],
          max_depth: 10,
          senior_managing_officials: [
            { name: director.name, officer_role: 'director', appointed_on: '2016-04-06' },
          ],
        },
      },
    ]);
  });

  it('says so when the officer list is not held', () => {
    const { reasons } = controlRule.apply(facts({ ownership: trace([foreign]), officers: null }));
    expect(reasons[0]!.detail).toMatch(
      /the officer list is not held, so no senior managing official can be named\.$/,
    );
    expect(reasons[0]!.evidence.senior_managing_officials).toBeNull();
  });

  it('passes a chain traced to a natural person, naming the owner and the 25 % answer', () => {
    const person: OwnershipChain = {
      links: [
        link('09876543', 'MIDCO LIMITED'),
        { ...link('12345678', 'Ada LOVELACE'), owner_category: 'individual' },
      ],
      end: 'natural_person',
      end_description: 'natural person: Ada LOVELACE',
      end_company: null,
      indirect_share: { lower: 56.25, upper: 100 },
    };
    const traced = trace([person, foreign], {
      natural_person_reached: true,
      ultimate_owners: [
        {
          name: 'Ada LOVELACE',
          date_of_birth: null,
          indirect_share: { lower: 56.25, upper: 100 },
          over_25_percent: 'yes',
          chains: [0],
        },
      ],
    });
    expect(controlRule.apply(facts({ ownership: traced }))).toEqual({
      reasons: [],
      detail:
        '1 active person(s) with significant control; 0 active statement(s). 2 ownership chain(s) traced. ' +
        'Ultimate owners: Ada LOVELACE (56.25–100 %, over 25 %: yes).',
    });
  });

  it('passes a chain that ends at a listed company', () => {
    const listed: OwnershipChain = {
      ...foreign,
      end: 'listed_company',
      end_description: 'LISTED PLC is exempt',
    };
    expect(controlRule.apply(facts({ ownership: trace([listed], { stops: [] }) })).reasons).toEqual([]);
  });

  it('refers a chain through a dissolved company, with the path', () => {
    const chain: OwnershipChain = {
      links: [link('09876543', 'MIDCO LIMITED'), link('12345678', 'Ada LOVELACE', 'dissolved')],
      end: 'natural_person',
      end_description: 'natural person: Ada LOVELACE',
      end_company: null,
      indirect_share: { lower: 56.25, upper: 100 },
    };
    const { reasons } = controlRule.apply(
      facts({ ownership: trace([chain], { natural_person_reached: true, stops: [] }) }),
    );
    expect(reasons).toEqual([
      expect.objectContaining({
        code: 'ownership_chain_dissolved',
        outcome: 'refer',
        evidence: {
          companies: [
            {
              company_number: '12345678',
              company_name: 'COMPANY 12345678 LIMITED',
              company_status: 'dissolved',
              path: 'COMPANY 09876543 LIMITED (09876543) → COMPANY 12345678 LIMITED (12345678)',
            },
          ],
        },
      }),
    ]);
  });

  it('passes a listed company exempt from the PSC regime instead of referring its empty register', () => {
    const empty = { ...pscRegister, active_count: 0, ceased_count: 0, items: [], statements: [] };
    const { reasons } = controlRule.apply(
      facts({ pscs: empty, ownership: trace([], { psc_exemption: exemption }) }),
    );
    expect(reasons).toEqual([
      expect.objectContaining({
        code: 'psc_exempt_listed_company',
        outcome: 'pass',
        evidence: { active_count: 0, ceased_count: 0, exemption },
      }),
    ]);
    // Without the exemption the same register refers.
    expect(controlRule.apply(facts({ pscs: empty, ownership: trace([]) })).reasons[0]!.code).toBe(
      'no_psc_identified',
    );
  });
});
