import type { z } from 'zod';
import type { addCompaniesToList } from '../../operations/add-companies-to-list';
import type { getListCompanies } from '../../operations/get-list-companies';
import { CsrfField, Notice, TextField } from '../form-controls';
import type { FormProblem } from '../form-problem';
import { Layout, type Viewer } from '../layout';
import { ListFiltersForm, listPageHref, type ListFilters } from './list-filters';
import { companyPath } from './company-paths';
import { ListSearch, type ListSearchState } from './list-search';
import { DisabledEndpointBanner, listReenablePath } from './endpoint-banner';

export type ListCompanies = z.infer<typeof getListCompanies.output>;
export type AddOutcome = z.infer<typeof addCompaniesToList.output>;

export const ADD_COMPANIES_FIELDS = ['company_numbers'] as const;

/**
 * `/app/lists/:id`: the list's companies (get_list_companies) filtered and sorted as the URL says, the add forms
 * (by number, by search) and a remove button per company.
 */
export function ListPage(props: {
  viewer: Viewer;
  page: ListCompanies;
  typed?: string;
  problem?: FormProblem;
  added?: AddOutcome;
  filters?: ListFilters;
  filterProblem?: FormProblem;
  search?: ListSearchState;
}) {
  const { viewer, page, typed, problem, added, filters = {}, filterProblem, search } = props;
  const { list, items } = page;
  const base = `/app/lists/${list.id}`;
  const filtered = Object.keys(filters).length > 0;
  return (
    <Layout title={list.name} viewer={viewer} section="lists" sectionSubpage>
      <p class="breadcrumb">
        <a href="/app/lists">Your lists</a>
      </p>
      <h1>{list.name}</h1>
      {list.webhook_url !== null ? (
        <DisabledEndpointBanner
          viewer={viewer}
          url={list.webhook_url}
          health={list.webhook_health}
          action={listReenablePath(list.id)}
        />
      ) : null}
      <p>
        A list of {list.kind}
        {list.is_default ? ' (your default list)' : ''}, with {page.total}{' '}
        {page.total === 1 ? 'company' : 'companies'}
        {filtered ? ' matching the filters' : ''}.
      </p>
      <p>
        <a href={`${base}/settings`}>List settings</a>: rename, monitoring and alerts.
      </p>
      <section aria-labelledby="add-heading">
        <h2 id="add-heading">Add companies</h2>
        {added ? <AddedNotice outcome={added} /> : null}
        {problem?.message ? <Notice kind="error">{problem.message}</Notice> : null}
        <form method="post" action={`${base}/companies`} id="add-companies-form" novalidate>
          <CsrfField token={viewer.csrfToken} />
          <TextField
            id="company-number"
            name="company_numbers"
            label="Company number"
            value={typed}
            error={problem?.fields.company_numbers}
            hint="For example 00445790 or SC123456; several separated by spaces or commas."
            required
          />
          <button type="submit">Add to list</button>
        </form>
      </section>
      <ListSearch viewer={viewer} listId={list.id} filters={filters} search={search} />
      <ListFiltersForm listId={list.id} filters={filters} q={search?.q} problem={filterProblem} />
      <section aria-labelledby="companies-heading">
        <h2 id="companies-heading">Companies</h2>
        {items.length === 0 ? (
          <p>
            {filtered ? 'No company on this list matches the filters.' : 'No companies on this list yet.'}
          </p>
        ) : (
          <CompaniesTable page={page} viewer={viewer} />
        )}
        <Pager page={page} filters={filters} q={search?.q} />
      </section>
      <p>
        <a href={`${base}/delete`}>Delete this list</a>
      </p>
    </Layout>
  );
}

function CompaniesTable({ page, viewer }: { page: ListCompanies; viewer: Viewer }) {
  const base = `/app/lists/${page.list.id}`;
  return (
    <div class="table-scroll">
      <table>
        <caption>Companies on {page.list.name}</caption>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col">Filings</th>
            <th scope="col">Health</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((company) => (
            <tr>
              <td>
                <code>{company.company_number}</code>
              </td>
              <th scope="row">
                <a href={companyPath(company.company_number)}>{company.company_name}</a>
              </th>
              <td>{company.company_status}</td>
              <td>{filingsText(company.accounts.overdue, company.confirmation_statement.overdue)}</td>
              <td>{company.health?.grade ?? 'not scored'}</td>
              <td>
                <form
                  method="post"
                  action={`${base}/companies/${encodeURIComponent(company.company_number)}/remove`}
                  class="inline-form"
                >
                  <CsrfField token={viewer.csrfToken} />
                  <button type="submit" class="button-secondary">
                    Remove<span class="visually-hidden"> {company.company_name}</span>
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function filingsText(accountsOverdue: boolean, statementOverdue: boolean): string {
  if (accountsOverdue && statementOverdue) return 'Accounts and confirmation statement overdue';
  if (accountsOverdue) return 'Accounts overdue';
  if (statementOverdue) return 'Confirmation statement overdue';
  return 'Up to date';
}

function AddedNotice({ outcome }: { outcome: AddOutcome }) {
  const missing = outcome.results.filter((r) => r.outcome === 'not_found').map((r) => r.company_number);
  return (
    <Notice kind={outcome.added > 0 || outcome.already_on_list > 0 ? 'success' : 'error'}>
      Added {outcome.added}; already on the list {outcome.already_on_list}; not on the register{' '}
      {outcome.not_found}
      {missing.length > 0 ? ` (${missing.join(', ')})` : ''}.
    </Notice>
  );
}

/** Previous and next pages, with the page's filter choices and search kept. */
function Pager({ page, filters, q }: { page: ListCompanies; filters: ListFilters; q?: string }) {
  const previous = page.offset > 0 ? Math.max(0, page.offset - page.limit) : null;
  if (previous === null && page.next_offset === null) return null;
  const href = (offset: number) => listPageHref(page.list.id, filters, { q, offset });
  return (
    <nav aria-label="Pages of companies" class="pager">
      {previous !== null ? <a href={href(previous)}>Previous page</a> : null}
      {page.next_offset !== null ? <a href={href(page.next_offset)}>Next page</a> : null}
    </nav>
  );
}
