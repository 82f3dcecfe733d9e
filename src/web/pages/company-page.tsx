import { newKybCheckPath } from './kyb-paths';
import { companySanctionsPath } from './company-sanctions-page';
import { Layout, type Viewer } from '../layout';
import { CompanyChargesSection } from './company-charges-section';
import { CompanyFilingsSection, type FilingsView } from './company-filings-section';
import { CompanyFinancialsSection, type FinancialsAnswer } from './company-financials-section';
import { CompanyHealthSection, type HealthAnswer } from './company-health-section';
import { CompanyOfficersSection, type OfficersAnswer } from './company-officers-section';
import type { DetailsGated } from './company-details-note';
import type { Gated } from './company-plan-note';
import { CompanyProfileSection, type CompanyAnswer } from './company-profile-section';
import { CompanyPscsSection, type PscsAnswer } from './company-pscs-section';

/** Everything the company page shows, each part from its own operation. */
export interface CompanyPageData {
  company: CompanyAnswer;
  officers: DetailsGated<OfficersAnswer>;
  pscs: DetailsGated<PscsAnswer>;
  filings: FilingsView;
  filingCategory: string;
  financials: Gated<FinancialsAnswer>;
  health: Gated<HealthAnswer>;
}

const CONTENTS = [
  ['profile', 'Profile'],
  ['health', 'Health score'],
  ['financials', 'Financial history'],
  ['officers', 'Officers'],
  ['pscs', 'Persons with significant control'],
  ['charges', 'Charges and insolvency'],
  ['filings', 'Filing history'],
] as const;

/** `/app/companies/:number`: one company's register profile, people, filings, accounts and health score. */
export function CompanyPage({ viewer, data }: { viewer: Viewer; data: CompanyPageData }) {
  const { company } = data;
  return (
    <Layout title={company.company_name} viewer={viewer}>
      <p class="breadcrumb">
        <a href="/app/lists">Your lists</a>
      </p>
      <h1>{company.company_name}</h1>
      <p>
        <a
          href={newKybCheckPath({ number: company.company_number, name: company.company_name })}
          id="run-kyb"
        >
          Run a KYB check on this company
        </a>
        {' · '}
        <a href={companySanctionsPath(company.company_number)} id="screen-sanctions">
          Screen for sanctions
        </a>
      </p>
      <nav aria-label="On this page">
        <ul class="contents">
          {CONTENTS.map(([id, title]) => (
            <li>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <CompanyProfileSection company={company} />
      <CompanyHealthSection health={data.health} />
      <CompanyFinancialsSection financials={data.financials} />
      <CompanyOfficersSection officers={data.officers} />
      <CompanyPscsSection pscs={data.pscs} />
      <CompanyChargesSection company={company} />
      <CompanyFilingsSection
        companyNumber={company.company_number}
        filings={data.filings}
        category={data.filingCategory}
      />
    </Layout>
  );
}
