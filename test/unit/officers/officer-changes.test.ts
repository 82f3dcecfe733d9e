import type { OfficerAppointment } from '../../../src/db/entities/officer-appointment';
import { alertSeverity, alertWording } from '../../../src/domain/changes/alert-rules';
import { diffOfficers, roleWords } from '../../../src/domain/officers/officer-changes';

function row(overrides: Partial<OfficerAppointment> & { appointmentId: string }): OfficerAppointment {
  return {
    companyNumber: '09876543',
    officerId: `officer-${overrides.appointmentId}`,
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
    occupation: 'Consultant',
    address: '{"address_line_1":"27 Old Street"}',
    details: '{}',
    identityVerification: null,
    ...overrides,
  };
}

describe('roleWords', () => {
  it('writes a role code in plain words', () => {
    expect(roleWords('director')).toBe('director');
    expect(roleWords('llp-designated-member')).toBe('LLP designated member');
    expect(roleWords('corporate-nominee-director')).toBe('corporate nominee director');
  });
});

describe('diffOfficers', () => {
  const smith = row({ appointmentId: 'a1' });
  const jones = row({
    appointmentId: 'a2',
    name: 'JONES, Amy',
    officerRole: 'secretary',
    appointedOn: '2015-02-01',
  });

  it('records nothing when the list is the same', () => {
    expect(diffOfficers('09876543', [smith, jones], [row({ appointmentId: 'a1' }), { ...jones }])).toEqual(
      [],
    );
  });

  it('records an appointment, a resignation, a change and a removal, each in plain words', () => {
    const patel = row({ appointmentId: 'a3', name: 'PATEL, Priya', appointedOn: '2026-11-01' });
    const drafts = diffOfficers(
      '09876543',
      [smith, jones, row({ appointmentId: 'a4', name: 'GREEN, Harriet', occupation: 'Teacher' })],
      [
        patel,
        { ...smith, resignedOn: '2026-11-02' },
        row({ appointmentId: 'a4', name: 'GREEN, Harriet', occupation: 'Head Teacher', address: '{}' }),
      ],
    );
    expect(drafts.map((d) => d.newValue)).toEqual([
      {
        action: 'appointed',
        officer_id: 'officer-a3',
        appointment_id: 'a3',
        name: 'PATEL, Priya',
        role: 'director',
        date: '2026-11-01',
        description: 'Priya PATEL appointed as director on 2026-11-01',
      },
      {
        action: 'resigned',
        officer_id: 'officer-a1',
        appointment_id: 'a1',
        name: 'SMITH, John',
        role: 'director',
        date: '2026-11-02',
        description: 'John SMITH resigned as director on 2026-11-02',
      },
      {
        action: 'changed',
        officer_id: 'officer-a4',
        appointment_id: 'a4',
        name: 'GREEN, Harriet',
        role: 'director',
        date: null,
        description: 'Harriet GREEN (director): occupation, address changed',
      },
      {
        action: 'removed',
        officer_id: 'officer-a2',
        appointment_id: 'a2',
        name: 'JONES, Amy',
        role: 'secretary',
        date: null,
        description: 'Amy JONES (secretary) is no longer on the officer list',
      },
    ]);
    expect(drafts.map((d) => d.oldValue)).toEqual([
      null,
      {
        officer_id: 'officer-a1',
        appointment_id: 'a1',
        name: 'SMITH, John',
        officer_role: 'director',
        appointed_on: '2019-03-04',
        resigned_on: null,
      },
      expect.objectContaining({ appointment_id: 'a4' }),
      expect.objectContaining({ appointment_id: 'a2', officer_role: 'secretary' }),
    ]);
    for (const draft of drafts)
      expect(draft).toMatchObject({
        companyNumber: '09876543',
        change: 'updated',
        field: 'officers',
        alertType: 'officer_change',
      });
  });

  it('announces an appointment first seen already resigned as a resignation', () => {
    const [draft] = diffOfficers('09876543', [], [row({ appointmentId: 'a9', resignedOn: '2026-10-31' })]);
    expect(draft?.newValue).toMatchObject({ action: 'resigned', date: '2026-10-31' });
  });

  it('says when a resignation is withdrawn', () => {
    const [draft] = diffOfficers(
      '09876543',
      [row({ appointmentId: 'a1', resignedOn: '2026-10-31' })],
      [row({ appointmentId: 'a1' })],
    );
    expect(draft?.newValue).toMatchObject({
      action: 'changed',
      description: 'John SMITH is again recorded as director: the resignation was withdrawn',
    });
  });

  it('raises a warning alert for a resignation and an info alert otherwise, worded from the description', () => {
    const drafts = diffOfficers(
      '09876543',
      [smith],
      [{ ...smith, resignedOn: '2026-11-02' }, row({ appointmentId: 'a3', name: 'PATEL, Priya' })],
    );
    const stored = drafts.map((d) => ({
      alertType: 'officer_change' as const,
      field: d.field,
      oldValue: d.oldValue,
      newValue: d.newValue,
    }));
    expect(stored.map(alertSeverity)).toEqual(['warning', 'info']);
    expect(alertWording(stored[0]!, { name: 'ACORN LEAF CONSULTING LTD', number: '09876543' })).toEqual({
      title: 'Officers changed',
      detail: 'ACORN LEAF CONSULTING LTD (09876543): John SMITH resigned as director on 2026-11-02.',
    });
  });
});
