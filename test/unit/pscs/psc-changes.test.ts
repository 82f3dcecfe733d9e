import { diffPscs } from '../../../src/domain/pscs/psc-changes';
import { pscItemSchema, pscRowFromItem, type PscRow } from '../../../src/domain/pscs/psc-item';
import { ukCompanyNumberOf } from '../../../src/domain/pscs/registered-company';

const corporate = {
  kind: 'corporate-entity-person-with-significant-control',
  name: 'ACME HOLDINGS LIMITED',
  address: { premises: '1', address_line_1: 'High Street', locality: 'Leeds', postal_code: 'LS1 1AA' },
  identification: {
    legal_form: 'Private Limited Company',
    legal_authority: 'Companies Act 2006',
    place_registered: 'Register Of Companies For England And Wales',
    registration_number: '12345678',
    country_registered: 'England',
  },
  natures_of_control: ['ownership-of-shares-75-to-100-percent'],
  notified_on: '2026-11-01',
  links: { self: '/company/09876543/persons-with-significant-control/corporate-entity/abc123' },
  etag: 'e1',
  an_unknown_field: true,
};

const row = (item: unknown): PscRow => pscRowFromItem('09876543', pscItemSchema.parse(item));

describe('an API item as a stored row', () => {
  it('maps every field, keeping the item whole in details', () => {
    expect(row(corporate)).toEqual({
      companyNumber: '09876543',
      pscId: 'abc123',
      kind: 'corporate-entity-person-with-significant-control',
      name: 'ACME HOLDINGS LIMITED',
      birthYear: null,
      birthMonth: null,
      nationality: null,
      countryOfResidence: null,
      address: JSON.stringify({
        premises: '1',
        address_line_1: 'High Street',
        address_line_2: null,
        locality: 'Leeds',
        region: null,
        postal_code: 'LS1 1AA',
        country: null,
        care_of: null,
        po_box: null,
      }),
      identification: JSON.stringify(corporate.identification),
      naturesOfControl: '["ownership-of-shares-75-to-100-percent"]',
      statement: null,
      notifiedOn: '2026-11-01',
      ceasedOn: null,
      details: JSON.stringify(corporate),
      identityVerification: null,
    });
  });

  it('refuses an item without its id, a bad date or a statement without its code', () => {
    expect(pscItemSchema.safeParse({ ...corporate, links: {} }).success).toBe(false);
    expect(pscItemSchema.safeParse({ ...corporate, notified_on: '01/11/2026' }).success).toBe(false);
    expect(pscItemSchema.safeParse({ ...corporate, natures_of_control: [7] }).success).toBe(false);
    expect(
      pscItemSchema.safeParse({
        kind: 'persons-with-significant-control-statement',
        links: { self: '/company/09876543/persons-with-significant-control-statements/s1' },
      }).success,
    ).toBe(false);
  });
});

describe('PSC changes between two sets', () => {
  const acme = row(corporate);
  const jane = row({
    kind: 'individual-person-with-significant-control',
    name: 'Mrs Jane Doe',
    date_of_birth: { month: 4, year: 1970 },
    natures_of_control: ['voting-rights-25-to-50-percent'],
    notified_on: '2020-01-01',
    links: { self: '/company/09876543/persons-with-significant-control/individual/jane1' },
  });

  it('records nothing when nothing that matters changed (an etag is not a change)', () => {
    const again = row({ ...corporate, etag: 'e2' });
    expect(diffPscs('09876543', [acme, jane], [again, jane])).toEqual([]);
  });

  it('says who was notified, with the control in words and the date', () => {
    const [change, ...rest] = diffPscs('09876543', [jane], [jane, acme]);
    expect(rest).toEqual([]);
    expect(change).toEqual({
      companyNumber: '09876543',
      change: 'updated',
      field: 'persons_with_significant_control',
      alertType: 'psc_change',
      oldValue: null,
      newValue: {
        action: 'notified',
        psc_id: 'abc123',
        name: 'ACME HOLDINGS LIMITED',
        kind: 'corporate-entity-person-with-significant-control',
        natures_of_control: ['ownership-of-shares-75-to-100-percent'],
        date: '2026-11-01',
        description:
          'ACME HOLDINGS LIMITED notified as a person with significant control (holds 75% or more of the shares in the company) on 2026-11-01',
      },
    });
  });

  it('tells ceased, changed and removed apart', () => {
    const ceased = row({ ...corporate, ceased_on: '2026-12-01' });
    const changed = row({
      ...JSON.parse(jane.details),
      natures_of_control: ['voting-rights-50-to-75-percent'],
    });
    const drafts = diffPscs('09876543', [acme, jane], [ceased, changed]);
    expect(drafts.map((d) => (d.newValue as { action: string }).action)).toEqual(['ceased', 'changed']);
    expect((drafts[0]!.newValue as { description: string }).description).toBe(
      'ACME HOLDINGS LIMITED ceased to be a person with significant control on 2026-12-01',
    );
    expect(drafts[0]!.oldValue).toMatchObject({ psc_id: 'abc123', ceased_on: null });
    expect((drafts[1]!.newValue as { description: string }).description).toBe(
      'Mrs Jane Doe: details as a person with significant control changed (natures of control); now (holds more than 50% but less than 75% of the voting rights in the company)',
    );
    const removed = diffPscs('09876543', [acme, jane], [jane]);
    expect(removed.map((d) => d.newValue)).toEqual([
      expect.objectContaining({
        action: 'removed',
        psc_id: 'abc123',
        date: null,
        description: 'ACME HOLDINGS LIMITED removed from the register of persons with significant control',
      }),
    ]);
  });

  it('describes statements and super-secure entries without names', () => {
    const statement = row({
      kind: 'persons-with-significant-control-statement',
      statement: 'psc-exists-but-not-identified',
      notified_on: '2026-10-10',
      links: { self: '/company/09876543/persons-with-significant-control-statements/st1' },
    });
    const secure = row({
      kind: 'super-secure-person-with-significant-control',
      description: 'super-secure-persons-with-significant-control',
      ceased: false,
      links: { self: '/company/09876543/persons-with-significant-control/super-secure/ss1' },
    });
    expect(
      diffPscs('09876543', [], [statement, secure]).map(
        (d) => (d.newValue as { description: string }).description,
      ),
    ).toEqual([
      'statement notified on 2026-10-10: the company believes someone has significant control over it but has not identified who',
      'A super-secure person (details withheld) notified as a person with significant control',
    ]);
  });
});

describe('the company number of a UK-registered corporate PSC', () => {
  it('needs a UK register and a number that can be a company number', () => {
    const id = corporate.identification;
    const full = { ...id, legal_form: id.legal_form, registration_number: id.registration_number };
    expect(ukCompanyNumberOf(full)).toBe('12345678');
    expect(ukCompanyNumberOf({ ...full, registration_number: '1234567' })).toBe('01234567');
    expect(
      ukCompanyNumberOf({ ...full, registration_number: 'SC 123 456', country_registered: 'Scotland' }),
    ).toBe('SC123456');
    expect(
      ukCompanyNumberOf({
        ...full,
        legal_authority: 'Delaware General Corporation Law',
        place_registered: 'Delaware Division of Corporations',
        country_registered: 'United States',
      }),
    ).toBeNull();
    expect(ukCompanyNumberOf({ ...full, registration_number: 'HRB 12345' })).toBeNull();
    expect(ukCompanyNumberOf(null)).toBeNull();
  });
});
