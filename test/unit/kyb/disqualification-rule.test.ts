import type { DisqualificationLink } from '../../../src/domain/disqualifications/disqualification-links';
import type { DisqualificationView } from '../../../src/domain/disqualifications/disqualification-view';
import { disqualificationRule } from '../../../src/domain/kyb/rules/disqualification-rule';
import { director, facts } from './kyb-facts-fixture';

/* The fixture's day is 2026-03-02; its director is OLDHAM, Margaret Anne. */

const order = (changes: Partial<DisqualificationView> = {}): DisqualificationView => ({
  disqualification_type: 'court-order',
  disqualified_from: '2025-01-06',
  disqualified_until: '2032-01-05',
  undertaken_on: null,
  heard_on: '2024-12-16',
  case_identifier: 'CR-2024-001',
  court_name: 'High Court of Justice',
  reason: {
    act: 'company-directors-disqualification-act-1986',
    section: '6',
    article: null,
    description_identifier: 'order-unfit-director-of-insolvent-company',
  },
  company_names: ['OLDHAM TEXTILES LIMITED'],
  status: 'current',
  ...changes,
});

const link = (
  disqualifications: DisqualificationView[],
  basis: DisqualificationLink['basis'] = 'officer_id',
  permissions_to_act: DisqualificationLink['disqualified_officer']['permissions_to_act'] = [],
): DisqualificationLink => ({
  basis,
  matched_fields: basis === 'officer_id' ? ['officer_id'] : ['name', 'birth_month', 'birth_year'],
  disqualified_officer: {
    officer_id: basis === 'officer_id' ? director.officer_id : 'another-id',
    kind: 'natural',
    name: 'OLDHAM, Margaret Anne',
    date_of_birth: { month: 3, year: 1971 },
    company_number: null,
    disqualifications,
    permissions_to_act,
  },
});

const linked = (links: DisqualificationLink[], officer = director) =>
  facts({ officers: [officer], disqualifications: { [director.officer_id]: links } });

describe('disqualification rule', () => {
  it('fails a serving director linked by officer id to an order in force, with the order and the appointment', () => {
    const { reasons } = disqualificationRule.apply(linked([link([order()])]));
    expect(reasons).toEqual([
      {
        code: 'disqualified_director',
        outcome: 'fail',
        title: 'A serving director is disqualified',
        detail: 'Serving while disqualified: OLDHAM, Margaret Anne (until 2032-01-05).',
        evidence: {
          as_of: '2026-03-02',
          directors: [
            {
              appointment: {
                appointment_id: 'oldham-appointment',
                officer_id: director.officer_id,
                name: 'OLDHAM, Margaret Anne',
                officer_role: 'director',
                appointed_on: director.appointed_on,
              },
              disqualified_officer_id: director.officer_id,
              kind: 'natural',
              disqualified_name: 'OLDHAM, Margaret Anne',
              date_of_birth: { month: 3, year: 1971 },
              basis: 'officer_id',
              matched_fields: ['officer_id'],
              disqualifications: [order()],
            },
          ],
        },
      },
    ]);
  });

  it.each([
    [
      'an order that has ended',
      [link([order({ status: 'past', disqualified_until: '2020-01-01' })])],
      ['ended'],
    ],
    ['a link by name and birth only', [link([order()], 'name_and_birth')], ['possible_link']],
    ['an order not yet started', [link([order({ status: 'not_yet_started' })])], ['not_yet_started']],
    [
      'an order with a permission to act in force',
      [
        link([order()], 'officer_id', [
          {
            company_names: ['ACORN LEAF CONSULTING LTD'],
            court_name: 'High Court',
            granted_on: '2025-03-01',
            expires_on: null,
          },
        ]),
      ],
      ['permission_to_act'],
    ],
  ])('refers %s, saying why', (_what, links, why) => {
    const { reasons } = disqualificationRule.apply(linked(links));
    expect(reasons.map((reason) => [reason.code, reason.outcome])).toEqual([
      ['disqualification_to_review', 'refer'],
    ]);
    expect(reasons[0]!.evidence).toMatchObject({ directors: [{ why }] });
  });

  it('says nothing of a director who resigned, or a secretary', () => {
    expect(
      disqualificationRule.apply(
        linked([link([order()])], { ...director, is_active: false, resigned_on: '2026-01-01' }),
      ).reasons,
    ).toEqual([]);
    expect(
      disqualificationRule.apply(linked([link([order()])], { ...director, officer_role: 'secretary' }))
        .reasons,
    ).toEqual([]);
  });

  it('passes without links, and says when the officer list is not held', () => {
    expect(disqualificationRule.apply(facts()).reasons).toEqual([]);
    const notHeld = disqualificationRule.apply(facts({ officers: null, disqualifications: null }));
    expect(notHeld).toEqual({ reasons: [], detail: expect.stringContaining('not held') });
  });
});
