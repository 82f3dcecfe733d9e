import { OffsetPager } from './offset-pager';
import type { z } from 'zod';
import { companyStatusSchema } from '../../domain/companies/company-profile';
import type { searchCompanies } from '../../operations/search-companies';
import { Notice, SelectField, TextField } from '../form-controls';
import type { FormProblem } from '../form-problem';
import { TableBox } from './company-table-box';
import { Layout, type Viewer } from '../layout';
import { COMPANIES_PATH, companyPath } from './company-paths';

export type CompanySearchAnswer = z.infer<typeof searchCompanies.output>;

/** The search form's fields: search_companies's own argument names, so its refusals land next to each. */
export const COMPANY_SEARCH_FIELDS = ['q', 'status', 'sic_code', 'postcode', 'town'] as const;
export type CompanySearchFilters = Partial<Record<(typeof COMPANY_SEARCH_FIELDS)[number], string>>;

/** Rows a page shows: the operation's own cap on Free (10) still applies, and says so in limited_by_plan. */
export const SEARCH_PAGE_SIZE = 20;

export function searchHref(filters: CompanySearchFilters, offset = 0): string {
  const query = new URLSearchParams();
  for (const field of COMPANY_SEARCH_FIELDS) if (filters[field]) query.set(field, filters[field]);
  if (offset > 0) query.set('offset', String(offset));
  return `${COMPANIES_PATH}?${query.toString()}`;
}

const STATUS_OPTIONS = [{ value: '', label: 'Any' }, ...companyStatusSchema.options];

/**
 * `/app/companies`: the register search (search_companies) with its filters as a GET form, kept in the URL and
 * in the paging links; each row links to the company page.
 */
export function CompanySearchPage(props: {
  viewer: Viewer;
  filters: CompanySearchFilters;
  answer?: CompanySearchAnswer;
  problem?: FormProblem;
}) {
  const { viewer, filters, answer, problem } = props;
  const error = (field: keyof CompanySearchFilters) => problem?.fields[field];
  return (
    <Layout title="Search companies" viewer={viewer}>
      <h1>Search companies</h1>
      {problem?.message ? <Notice kind="error">{problem.message}</Notice> : null}
      <form method="get" action={COMPANIES_PATH} id="company-search-form" novalidate>
        <TextField
          id="search-q"
          name="q"
          label="Name or company number"
          value={filters.q}
          error={error('q')}
          hint="Name words or a company number. Give this or at least one filter."
        />
        <div class="filter-grid">
          <SelectField
            id="search-status"
            name="status"
            label="Status"
            options={STATUS_OPTIONS}
            value={filters.status}
            error={error('status')}
          />
          <TextField
            id="search-sic"
            name="sic_code"
            label="SIC code"
            value={filters.sic_code}
            error={error('sic_code')}
            hint="4 or 5 digits, such as 62012."
          />
          <TextField
            id="search-postcode"
            name="postcode"
            label="Postcode"
            value={filters.postcode}
            error={error('postcode')}
            hint="Full, or its first part (LS1)."
          />
          <TextField id="search-town" name="town" label="Town" value={filters.town} error={error('town')} />
        </div>
        <button type="submit">Search</button>
      </form>
      {answer ? <SearchResults filters={filters} answer={answer} /> : null}
    </Layout>
  );
}

function SearchResults({ filters, answer }: { filters: CompanySearchFilters; answer: CompanySearchAnswer }) {
  if (answer.items.length === 0) {
    return (
      <p id="search-nothing" role="status">
        {answer.offset === 0 ? 'No company on the register matches this search.' : 'No more results.'}
      </p>
    );
  }
  const first = answer.offset + 1;
  const last = answer.offset + answer.items.length;
  const total = `${answer.total_exact ? '' : 'more than '}${answer.total.toLocaleString('en-GB')}`;
  return (
    <section aria-labelledby="results-heading">
      <h2 id="results-heading">Results</h2>
      <p role="status" id="search-count">
        {`Companies ${first} to ${last} of ${total}.`}
        {answer.limited_by_plan
          ? ' Your plan shows the first 10 only; narrow the search, or upgrade for every page.'
          : ''}
      </p>
      <TableBox label="Companies found">
        <table id="company-search-results">
          <caption>Companies found</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Number</th>
              <th scope="col">Status</th>
              <th scope="col">Town</th>
              <th scope="col">Postcode</th>
              <th scope="col">Incorporated</th>
            </tr>
          </thead>
          <tbody>
            {answer.items.map((company) => (
              <tr>
                <th scope="row">
                  <a href={companyPath(company.company_number)}>{company.company_name}</a>
                </th>
                <td>
                  <code>{company.company_number}</code>
                </td>
                <td>{company.company_status}</td>
                <td>{company.registered_office_address.locality ?? '—'}</td>
                <td>{company.registered_office_address.postal_code ?? '—'}</td>
                <td>{company.date_of_creation ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <OffsetPager page={answer} href={(offset) => searchHref(filters, offset)} label="Pages of results" />
    </section>
  );
}
