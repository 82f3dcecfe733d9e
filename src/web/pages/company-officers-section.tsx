import type { z } from 'zod';
import type { getOfficers } from '../../operations/get-officers';
import { DetailsNotHeldNote, type DetailsGated } from './company-details-note';
import { CompanySection, PlanNote } from './company-plan-note';
import { registerWords } from './company-profile-section';
import { TableBox } from './company-table-box';

export type OfficersAnswer = z.infer<typeof getOfficers.output>;

/** How many officers the page asks get_officers for: one call, enough for all but the largest boards. */
export const OFFICERS_SHOWN = 100;

/** Officers from get_officers: active first, then resigned, as the operation orders them. */
export function CompanyOfficersSection({ officers }: { officers: DetailsGated<OfficersAnswer> }) {
  return (
    <CompanySection id="officers" title="Officers">
      {'planRefusal' in officers ? (
        <PlanNote what="officers" refusal={officers.planRefusal} />
      ) : 'notHeld' in officers ? (
        <DetailsNotHeldNote what="officers" />
      ) : (
        <OfficersTable answer={officers.shown} />
      )}
    </CompanySection>
  );
}

function OfficersTable({ answer }: { answer: OfficersAnswer }) {
  if (answer.total === 0) return <p>No officers are held for this company, current or resigned.</p>;
  return (
    <>
      <p>
        {answer.active_count} active, {answer.resigned_count} resigned.
        {answer.next_offset !== null ? ` The first ${answer.items.length} are shown.` : ''}
      </p>
      <TableBox label="Officers table">
        <table>
          <caption>Officers, active first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Appointed</th>
              <th scope="col">Resigned</th>
              <th scope="col">Born</th>
              <th scope="col">Nationality</th>
            </tr>
          </thead>
          <tbody>
            {answer.items.map((officer) => (
              <tr>
                <th scope="row">{officer.name}</th>
                <td>{registerWords(officer.officer_role)}</td>
                <td>{officer.appointed_on ?? 'Not recorded'}</td>
                <td>{officer.resigned_on ?? (officer.is_active ? 'Active' : 'Not recorded')}</td>
                <td>{officer.date_of_birth ? monthYear(officer.date_of_birth) : '—'}</td>
                <td>{officer.nationality ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </>
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The register withholds the day of birth: month and year only. */
export function monthYear(date: { month: number; year: number }): string {
  return `${MONTHS[date.month - 1] ?? date.month} ${date.year}`;
}
