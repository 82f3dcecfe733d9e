import { ServiceError } from '../../../src/domain/errors';
import { diffOfficers } from '../../../src/domain/officers/officer-changes';
import { officerItem } from '../../../src/domain/officers/officer-view';
import { diffPscs } from '../../../src/domain/pscs/psc-changes';
import { pscItemSchema, pscRowFromItem } from '../../../src/domain/pscs/psc-item';
import { officerRows } from '../../../src/ingest/companies-house/resources/officers-json';

/* identity_verification_details, as Companies House publishes it on officer list items and PSC entries. */

const dueOnly = { appointment_verification_statement_due_on: '2026-11-30' };
const verified = {
  appointment_verification_start_on: '2026-03-02',
  identity_verified_on: '2026-02-27',
  authorised_corporate_service_provider_name: 'ACME FORMATIONS LTD',
  anti_money_laundering_supervisory_bodies: ['HM Revenue & Customs'],
  preferred_name: 'Jack',
};

function officerList(details: unknown) {
  return {
    kind: 'officer-list',
    total_results: 1,
    items: [
      {
        name: 'SMITH, John',
        officer_role: 'director',
        appointed_on: '2019-03-04',
        identity_verification_details: details,
        links: {
          self: '/company/09876543/appointments/aPpT0mQ7rS9vX2yZ4',
          officer: { appointments: '/officers/jK8mQ2sT5vX1yZ4aB7cD0eF3gH6/appointments' },
        },
      },
    ],
  };
}

const psc = (details: unknown) => ({
  kind: 'individual-person-with-significant-control',
  name: 'Mrs Margaret Anne OLDHAM',
  natures_of_control: ['ownership-of-shares-75-to-100-percent'],
  notified_on: '2016-04-06',
  identity_verification_details: details,
  links: { self: '/company/09876543/persons-with-significant-control/individual/oldham1' },
});

describe('identity verification on an officer list item (REST)', () => {
  it('is stored and shown with every member Companies House publishes', () => {
    const [row] = officerRows('09876543', officerList(verified), 'test.json');
    expect(officerItem(row!).identity_verification).toEqual({
      appointment_verification_statement_date: null,
      appointment_verification_statement_due_on: null,
      appointment_verification_start_on: '2026-03-02',
      appointment_verification_end_on: null,
      identity_verified_on: '2026-02-27',
      authorised_corporate_service_provider_name: 'ACME FORMATIONS LTD',
      anti_money_laundering_supervisory_bodies: ['HM Revenue & Customs'],
      preferred_name: 'Jack',
    });
  });

  it('is null where Companies House publishes none', () => {
    const [row] = officerRows('09876543', officerList(undefined), 'test.json');
    expect(row!.identityVerification).toBeNull();
    expect(officerItem(row!).identity_verification).toBeNull();
  });

  it('refuses the list over a malformed date in it, naming the field, as for any other date', () => {
    let refused: unknown;
    try {
      officerRows(
        '09876543',
        officerList({ appointment_verification_statement_due_on: '30/11/2026' }),
        'test.json',
      );
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).message).toContain(
      'items[0].identity_verification_details.appointment_verification_statement_due_on',
    );
  });

  it('records an officer_change when the verification changes, and none when it does not', () => {
    const [before] = officerRows('09876543', officerList(dueOnly), 'test.json');
    const [after] = officerRows('09876543', officerList({ ...dueOnly, ...verified }), 'test.json');
    const drafts = diffOfficers('09876543', [before!], [after!]);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      alertType: 'officer_change',
      newValue: { action: 'changed', description: 'John SMITH (director): identity verification changed' },
    });
    expect(diffOfficers('09876543', [after!], [after!])).toEqual([]);
  });
});

describe('identity verification on a PSC entry (REST and the PSC snapshot)', () => {
  const row = (details: unknown) => pscRowFromItem('09876543', pscItemSchema.parse(psc(details)));

  it('is stored in its own column', () => {
    expect(
      JSON.parse(
        row({ appointment_verification_statement_date: '2026-11-16', ...dueOnly }).identityVerification!,
      ),
    ).toMatchObject({
      appointment_verification_statement_date: '2026-11-16',
      appointment_verification_statement_due_on: '2026-11-30',
      identity_verified_on: null,
    });
    expect(row(undefined).identityVerification).toBeNull();
  });

  it('refuses an entry with a malformed date in it', () => {
    const parsed = pscItemSchema.safeParse(psc({ identity_verified_on: '2026-13-45' }));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path).toEqual(['identity_verification_details', 'identity_verified_on']);
  });

  it('records a psc_change when the verification changes', () => {
    const drafts = diffPscs('09876543', [row(dueOnly)], [row({ ...dueOnly, ...verified })]);
    expect(drafts).toEqual([
      expect.objectContaining({
        alertType: 'psc_change',
        newValue: expect.objectContaining({
          action: 'changed',
          description:
            'Mrs Margaret Anne OLDHAM: details as a person with significant control changed (identity verification)',
        }),
      }),
    ]);
  });
});
