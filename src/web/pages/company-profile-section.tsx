import type { z } from 'zod';
import type { getCompany } from '../../operations/get-company';
import { CompanySection } from './company-plan-note';
import { addressText } from '../../domain/companies/address-text';

export type CompanyAnswer = z.infer<typeof getCompany.output>;

/** Register and API codes (`private-limited-guarant-nsc`, `net_assets`) as words a reader can scan. */
export function registerWords(code: string): string {
  const words = code.replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The register profile from get_company: status, type, dates, registered office, SIC codes, filing deadlines. */
export function CompanyProfileSection({ company }: { company: CompanyAnswer }) {
  const { accounts, confirmation_statement: statement } = company;
  const place = company.registered_office_place;
  return (
    <CompanySection id="profile" title="Profile">
      <dl class="facts">
        <dt>Company number</dt>
        <dd>
          <code>{company.company_number}</code>
        </dd>
        <dt>Status</dt>
        <dd>
          {registerWords(company.company_status)}
          {company.company_status_detail ? ` (${registerWords(company.company_status_detail)})` : ''}
        </dd>
        <dt>Type</dt>
        <dd>
          {registerWords(company.type)}
          {company.subtype ? ` (${registerWords(company.subtype)})` : ''}
        </dd>
        <dt>Incorporated</dt>
        <dd>{company.date_of_creation ?? 'Not recorded'}</dd>
        {company.date_of_cessation ? (
          <>
            <dt>Ceased</dt>
            <dd>{company.date_of_cessation}</dd>
          </>
        ) : null}
        <dt>Registered office</dt>
        <dd>{addressText(company.registered_office_address) || 'No address on the register'}</dd>
        {place ? (
          <>
            <dt>Region and local authority</dt>
            <dd>
              {[place.region?.name, place.local_authority?.name].filter(Boolean).join(', ') ||
                'Not known for this postcode'}
            </dd>
          </>
        ) : null}
        <dt>SIC codes</dt>
        <dd>{company.sic_codes.length > 0 ? company.sic_codes.join(', ') : 'None on the register'}</dd>
        <dt>Accounts</dt>
        <dd>
          <Deadline
            nextDue={accounts.next_due}
            overdue={accounts.overdue}
            last={accounts.last_accounts.made_up_to}
          />
        </dd>
        <dt>Confirmation statement</dt>
        <dd>
          <Deadline
            nextDue={statement.next_due}
            overdue={statement.overdue}
            last={statement.last_made_up_to}
          />
        </dd>
        {company.previous_company_names.length > 0 ? (
          <>
            <dt>Previous names</dt>
            <dd>
              <ul class="name-list">
                {company.previous_company_names.map((previous) => (
                  <li>
                    {previous.name}
                    {previous.ceased_on ? ` (until ${previous.ceased_on})` : ''}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
    </CompanySection>
  );
}

function Deadline(props: { nextDue: string | null; overdue: boolean; last: string | null }) {
  const { nextDue, overdue, last } = props;
  return (
    <>
      {nextDue === null ? 'Nothing due' : `Next due ${nextDue}`}
      {overdue ? (
        <>
          {' '}
          <strong class="severity severity-critical">Overdue</strong>
        </>
      ) : null}
      {last ? `; last made up to ${last}` : ''}
    </>
  );
}
