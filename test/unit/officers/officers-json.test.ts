import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceError } from '../../../src/domain/errors';
import { officerRows } from '../../../src/ingest/companies-house/resources/officers-json';
import { projectRoot } from '../../support/paths';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(projectRoot, 'test/fixtures/officers', name), 'utf8')) as Record<
    string,
    unknown
  >;

function refusal(json: unknown, companyNumber = '09876543'): ServiceError {
  try {
    officerRows(companyNumber, json, 'test.json');
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('officerRows: Companies House officer list to officer_appointments rows', () => {
  it('maps every item, reading the appointment and officer ids from the links', () => {
    const rows = officerRows('09876543', fixture('09876543-officers.json'), 'test.json');
    expect(rows.map((r) => [r.appointmentId, r.officerId, r.surnameKey, r.nameKey])).toEqual([
      ['aCsEcR3tAr1eS0001', 'cOrPaCoRnSeC0000001', 'ACORN', ' ACORN SECRETARIES LIMITED '],
      ['aPpT0mQ7rS9vX2yZ4', 'jK8mQ2sT5vX1yZ4aB7cD0eF3gH6', 'SMITH', ' JOHN SMITH '],
      ['oBr1eNsEcReT00042', 'sIoBhAnObRiEn00000042', 'OBRIEN', ' SIOBHAN MARY OBRIEN '],
      ['jOnEsAmY000000007', 'aMyJoNeS0000000000007', 'JONES', ' AMY JONES '],
    ]);
    expect(rows[1]).toEqual({
      companyNumber: '09876543',
      appointmentId: 'aPpT0mQ7rS9vX2yZ4',
      officerId: 'jK8mQ2sT5vX1yZ4aB7cD0eF3gH6',
      name: 'SMITH, John',
      surnameKey: 'SMITH',
      nameKey: ' JOHN SMITH ',
      officerRole: 'director',
      appointedOn: '2019-03-04',
      resignedOn: null,
      birthYear: 1970,
      birthMonth: 5,
      nationality: 'British',
      countryOfResidence: 'United Kingdom',
      occupation: 'Management Consultant',
      address: JSON.stringify({
        premises: 'Flat 4',
        address_line_1: '27 Old Street',
        locality: 'London',
        postal_code: 'EC1V 9HL',
        country: 'United Kingdom',
      }),
      details: '{}',
      identityVerification: null,
    });
    expect(JSON.parse(rows[0]!.details)).toEqual({
      identification: {
        identification_type: 'uk-limited-company',
        registration_number: '07654321',
        place_registered: 'Companies House',
      },
    });
    expect(rows[2]).toMatchObject({ birthYear: null, birthMonth: null, resignedOn: '2023-06-30' });
  });

  it('reads a list with no items (or none listed) as no officers', () => {
    expect(officerRows('09876543', { items: [], total_results: 0 }, 'x')).toEqual([]);
    expect(officerRows('09876543', { kind: 'officer-list' }, 'x')).toEqual([]);
  });

  it('refuses a bad item naming the source, the item and the field', () => {
    const missingLink = refusal(fixture('09876543-officers-bad-links.json'));
    expect(missingLink.code).toBe('invalid_argument');
    expect(missingLink.message).toMatch(/^test\.json: items\[1\]\.links\.officer: /);
    expect(missingLink.details).toEqual({ company_number: '09876543', field: 'items[1].links.officer' });

    const list = fixture('09876543-officers.json');
    const items = list.items as Record<string, unknown>[];
    const withItem = (index: number, patch: Record<string, unknown>) => ({
      ...list,
      items: items.map((item, i) => (i === index ? { ...item, ...patch } : item)),
    });
    expect(refusal(withItem(2, { appointed_on: '15/01/2020' })).details).toMatchObject({
      field: 'items[2].appointed_on',
    });
    expect(refusal(withItem(0, { officer_role: 'Director' })).details).toMatchObject({
      field: 'items[0].officer_role',
    });
    expect(refusal(withItem(1, { date_of_birth: { month: 13, year: 1970 } })).details).toMatchObject({
      field: 'items[1].date_of_birth.month',
    });
    expect(refusal(withItem(3, { name: '' })).details).toMatchObject({ field: 'items[3].name' });
    expect(refusal({ items: 'none' }).details).toMatchObject({ field: 'items' });
    expect(refusal('not an object').details).toMatchObject({ field: '(list)' });
  });

  it('refuses an appointment of another company, one listed twice, and a single page of a longer list', () => {
    const list = fixture('09876543-officers.json');
    expect(refusal(list, '01234567').message).toMatch(/items\[0\]\.links\.self: an appointment at 09876543/);
    const items = list.items as unknown[];
    expect(refusal({ ...list, items: [...items, items[1]], total_results: 5 }).message).toMatch(
      /items\[4\]\.links\.self: appointment aPpT0mQ7rS9vX2yZ4 is listed twice/,
    );
    expect(refusal({ ...list, total_results: 40 })).toMatchObject({
      message: expect.stringContaining('holds 4 of 40 officers'),
      details: { field: 'total_results' },
    });
  });
});
