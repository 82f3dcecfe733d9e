import type { OfficerAppointment } from '../../../src/db/entities/officer-appointment';
import { compareAppointments } from '../../../src/domain/officers/company-officers';

function row(
  appointmentId: string,
  appointedOn: string | null,
  resignedOn: string | null,
): OfficerAppointment {
  return {
    companyNumber: '09876543',
    appointmentId,
    officerId: `officer-${appointmentId}`,
    name: 'SMITH, John',
    surnameKey: 'SMITH',
    nameKey: ' JOHN SMITH ',
    officerRole: 'director',
    appointedOn,
    resignedOn,
    birthYear: null,
    birthMonth: null,
    nationality: null,
    countryOfResidence: null,
    occupation: null,
    address: '{}',
    details: '{}',
    identityVerification: null,
  };
}

describe('compareAppointments', () => {
  it('puts active officers first, newest appointment first, then resigned ones, latest resignation first', () => {
    const rows = [
      row('r-old', '2001-01-01', '2005-05-05'),
      row('a-unknown', null, null),
      row('a-2019', '2019-03-04', null),
      row('r-new', '2010-01-01', '2024-03-31'),
      row('a-2023', '2023-07-01', null),
      row('a-2019b', '2019-03-04', null),
    ];
    expect([...rows].sort(compareAppointments).map((r) => r.appointmentId)).toEqual([
      'a-2023',
      'a-2019',
      'a-2019b',
      'a-unknown',
      'r-new',
      'r-old',
    ]);
  });
});
