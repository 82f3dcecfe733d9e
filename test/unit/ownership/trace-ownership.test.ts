import type { OwnerEntry, OwnershipNode } from '../../../src/domain/ownership/ownership-node';
import { traceOwnership } from '../../../src/domain/ownership/trace-ownership';
import { indirectShare, overQuarter, shareBandOf } from '../../../src/domain/ownership/share-band';

/* Owners traced to people: the walk over companies built here, read through a map as the store would be. */

const person = (name: string, natures: string[], month = 4, year = 1970): OwnerEntry => ({
  psc_id: `p-${name}`,
  kind: 'individual-person-with-significant-control',
  name,
  date_of_birth: { month, year },
  identification: null,
  natures_of_control: natures,
});

const corporate = (
  name: string,
  registration: { number: string | null; country: string },
  natures: string[],
): OwnerEntry => ({
  psc_id: `c-${name}`,
  kind: 'corporate-entity-person-with-significant-control',
  name,
  date_of_birth: null,
  identification: {
    legal_form: 'Private Limited Company',
    legal_authority: 'Companies Act 2006',
    place_registered: 'Register Of Companies',
    registration_number: registration.number,
    country_registered: registration.country,
  },
  natures_of_control: natures,
});

const company = (number: string, owners: OwnerEntry[] | null, extra: Partial<OwnershipNode> = {}) => ({
  company_number: number,
  company_name: `COMPANY ${number} LIMITED`,
  company_status: 'active',
  owners,
  statements: [],
  exemption: null,
  ...extra,
});

function reader(...companies: OwnershipNode[]) {
  const byNumber = new Map(companies.map((c) => [c.company_number, c]));
  const reads: string[] = [];
  return {
    reads,
    read: (n: string) => {
      reads.push(n);
      return Promise.resolve(byNumber.get(n) ?? null);
    },
  };
}

const MAJORITY = ['ownership-of-shares-75-to-100-percent', 'voting-rights-75-to-100-percent'];
const QUARTER = ['ownership-of-shares-25-to-50-percent'];

describe('share bands', () => {
  it('reads the ownership-of-shares band, then voting rights, then none (0 to 100)', () => {
    expect(shareBandOf(MAJORITY)).toEqual({
      basis: 'shares',
      band: '75-to-100-percent',
      lower: 75,
      upper: 100,
    });
    expect(shareBandOf(['ownership-of-shares-50-to-75-percent-as-trust'])).toMatchObject({
      lower: 50,
      upper: 75,
    });
    expect(shareBandOf(['voting-rights-25-to-50-percent-as-firm'])).toMatchObject({ basis: 'voting_rights' });
    expect(shareBandOf(['significant-influence-or-control'])).toEqual({
      basis: 'other_control',
      band: null,
      lower: 0,
      upper: 100,
    });
  });

  it('multiplies bounds through a chain and answers the 25 % threshold only when the bounds agree', () => {
    const through = indirectShare([
      { lower: 75, upper: 100 },
      { lower: 25, upper: 50 },
    ]);
    expect(through).toEqual({ lower: 18.75, upper: 50 });
    expect(overQuarter(through)).toBe('possibly');
    expect(
      overQuarter(
        indirectShare([
          { lower: 50, upper: 75 },
          { lower: 50, upper: 75 },
        ]),
      ),
    ).toBe('yes');
    expect(
      overQuarter(
        indirectShare([
          { lower: 25, upper: 50 },
          { lower: 25, upper: 50 },
        ]),
      ),
    ).toBe('no');
  });
});

describe('traceOwnership', () => {
  it('follows a two-level corporate chain to a natural person, with the indirect share at each step', async () => {
    const root = company('00000001', [
      corporate('MIDCO LIMITED', { number: '2', country: 'England' }, MAJORITY),
    ]);
    const { read } = reader(
      company('00000002', [
        corporate('TOPCO LIMITED', { number: 'SC 000003', country: 'Scotland' }, QUARTER),
      ]),
      company('SC000003', [person('Ada LOVELACE', MAJORITY)]),
    );
    const trace = await traceOwnership(root, read);
    expect(trace.chains).toHaveLength(1);
    const [chain] = trace.chains;
    expect(chain!.links.map((link) => [link.company_number, link.owner_company_number])).toEqual([
      ['00000001', '00000002'],
      ['00000002', 'SC000003'],
      ['SC000003', null],
    ]);
    expect(chain!.end).toBe('natural_person');
    expect(chain!.indirect_share).toEqual({ lower: 14.0625, upper: 50 });
    expect(trace.ultimate_owners).toEqual([
      {
        name: 'Ada LOVELACE',
        date_of_birth: { month: 4, year: 1970 },
        indirect_share: { lower: 14.0625, upper: 50 },
        over_25_percent: 'possibly',
        chains: [0],
      },
    ]);
    expect(trace.natural_person_reached).toBe(true);
    expect(trace.stops).toEqual([]);
  });

  it('names a foreign owner, an owner with no number and a company not held as stops', async () => {
    const root = company('00000001', [
      corporate('HOLDING BV', { number: '12345678', country: 'Netherlands' }, MAJORITY),
      corporate('NUMBERLESS LIMITED', { number: null, country: 'England' }, QUARTER),
      corporate('ABSENT LIMITED', { number: '09999999', country: 'England And Wales' }, QUARTER),
    ]);
    const trace = await traceOwnership(root, reader().read);
    expect(trace.chains.map((chain) => chain.end)).toEqual([
      'owner_outside_uk',
      'owner_not_registered',
      'company_not_held',
    ]);
    expect(trace.stops).toEqual([
      'owner registered outside the UK: HOLDING BV, Netherlands',
      'owner with no UK company registration number: NUMBERLESS LIMITED',
      'company not held: ABSENT LIMITED (09999999)',
    ]);
    expect(trace.natural_person_reached).toBe(false);
  });

  it('states a cycle and reads each company once on the chain', async () => {
    const root = company('00000001', [
      corporate('B LIMITED', { number: '00000002', country: 'England' }, MAJORITY),
    ]);
    const { read, reads } = reader(
      company('00000002', [corporate('A LIMITED', { number: '00000001', country: 'England' }, MAJORITY)]),
    );
    const trace = await traceOwnership(root, read);
    expect(trace.chains).toHaveLength(1);
    expect(trace.chains[0]!.end).toBe('cycle');
    expect(trace.chains[0]!.end_description).toBe(
      'cycle: A LIMITED (00000001) is already on this chain (00000001 → 00000002 → 00000001)',
    );
    expect(reads).toEqual(['00000002']);
  });

  it('stops at the depth limit and says so', async () => {
    const owned = (n: number) =>
      company(String(n).padStart(8, '0'), [
        corporate(`C${n + 1}`, { number: String(n + 1), country: 'England' }, MAJORITY),
      ]);
    const { read, reads } = reader(owned(2), owned(3), owned(4));
    const trace = await traceOwnership(owned(1), read, { maxDepth: 2 });
    expect(trace.chains[0]!.end).toBe('depth_limit');
    expect(trace.chains[0]!.links).toHaveLength(3);
    expect(trace.stops[0]).toMatch(
      /^depth limit: 2 companies above 00000001 followed; C4 \(00000004\) not read$/,
    );
    expect(reads).toEqual(['00000002', '00000003']);
  });

  it('ends at a listed parent, a parent naming nobody and one whose register is not held', async () => {
    const root = company('00000001', [
      corporate('LISTED PLC', { number: '2', country: 'England' }, MAJORITY),
      corporate('EMPTY LIMITED', { number: '3', country: 'England' }, QUARTER),
      corporate('UNKNOWN LIMITED', { number: '4', country: 'Wales' }, QUARTER),
    ]);
    const trace = await traceOwnership(
      root,
      reader(
        company('00000002', [], {
          exemption: {
            exemption_type: 'psc_exempt_as_trading_on_uk_regulated_market',
            description: 'voting shares admitted to trading on a UK regulated market',
            exempt_from: '2018-06-18',
            exempt_to: null,
          },
        }),
        company('00000003', [], { statements: ['psc-exists-but-not-identified'] }),
        company('00000004', null),
      ).read,
    );
    expect(trace.chains.map((chain) => chain.end)).toEqual([
      'listed_company',
      'no_person_registered',
      'pscs_not_held',
    ]);
    expect(trace.stops).toEqual([
      'COMPANY 00000003 LIMITED (00000003) names no active person with significant control; it states: psc-exists-but-not-identified',
      'the register of PSCs of COMPANY 00000004 LIMITED (00000004) is not held',
    ]);
  });

  it('sums one person’s shares over two chains, the upper bound at most 100', async () => {
    const root = company('00000001', [
      person('Grace HOPPER', QUARTER, 12, 1906),
      corporate('HOLDCO LIMITED', { number: '2', country: 'United Kingdom' }, [
        'ownership-of-shares-50-to-75-percent',
      ]),
    ]);
    const trace = await traceOwnership(
      root,
      reader(company('00000002', [person('Grace HOPPER', MAJORITY, 12, 1906)])).read,
    );
    expect(trace.ultimate_owners).toEqual([
      expect.objectContaining({
        name: 'Grace HOPPER',
        indirect_share: { lower: 62.5, upper: 100 },
        over_25_percent: 'yes',
        chains: [0, 1],
      }),
    ]);
  });

  it('stops at a legal person and a super-secure person', async () => {
    const root = company('00000001', [
      {
        ...person('THE TRUSTEES', QUARTER),
        kind: 'legal-person-person-with-significant-control',
        date_of_birth: null,
      },
      { ...person('x', QUARTER), kind: 'super-secure-person-with-significant-control', name: null },
    ]);
    const trace = await traceOwnership(root, reader().read);
    expect(trace.chains.map((chain) => chain.end)).toEqual(['legal_person', 'details_withheld']);
  });
});
