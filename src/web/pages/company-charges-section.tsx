import { DetailsNotHeldNote } from './company-details-note';
import { CompanySection } from './company-plan-note';
import { registerWords, type CompanyAnswer } from './company-profile-section';
import { TableBox } from './company-table-box';

/**
 * Charges and insolvency cases, which get_company carries beside the profile: an empty list when the company has
 * none, null when they are not held (then the page says so, not "none").
 */
export function CompanyChargesSection({ company }: { company: CompanyAnswer }) {
  const { charges, insolvency_cases: cases } = company;
  return (
    <CompanySection id="charges" title="Charges and insolvency">
      <h3>Charges</h3>
      {charges === null ? (
        <DetailsNotHeldNote what="charges" />
      ) : charges.length === 0 ? (
        <p>No charges registered against this company.</p>
      ) : (
        <TableBox label="Charges table">
          <table>
            <caption>
              Charges, newest first ({company.charge_counts.outstanding} outstanding of {charges.length})
            </caption>
            <thead>
              <tr>
                <th scope="col">Charge</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Persons entitled</th>
                <th scope="col">What it covers</th>
              </tr>
            </thead>
            <tbody>
              {charges.map((charge) => (
                <tr>
                  <th scope="row">
                    {charge.classification?.description ?? 'Charge'}
                    {charge.charge_code ? (
                      <>
                        {' '}
                        <code>{charge.charge_code}</code>
                      </>
                    ) : null}
                  </th>
                  <td>
                    {registerWords(charge.status)}
                    {charge.satisfied_on ? ` on ${charge.satisfied_on}` : ''}
                  </td>
                  <td>{charge.created_on ?? 'Not recorded'}</td>
                  <td>{charge.persons_entitled.join('; ') || 'Not recorded'}</td>
                  <td>{charge.particulars ?? 'Not recorded'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <h3>Insolvency</h3>
      {cases === null ? (
        <DetailsNotHeldNote what="insolvency cases" />
      ) : cases.length === 0 ? (
        <p>No insolvency cases held for this company.</p>
      ) : (
        <ul class="cards">
          {cases.map((insolvency) => (
            <li class="card">
              <p>
                <strong>
                  Case {insolvency.case_number}: {registerWords(insolvency.type)}
                </strong>
              </p>
              <p>
                {insolvency.dates.map((date) => `${registerWords(date.type)} ${date.date}`).join('; ') ||
                  'No dates recorded'}
              </p>
              {insolvency.practitioners.length > 0 ? (
                <p>
                  Practitioners:{' '}
                  {insolvency.practitioners
                    .map((p) => (p.role ? `${p.name} (${registerWords(p.role)})` : p.name))
                    .join('; ')}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </CompanySection>
  );
}
