import type { z } from 'zod';
import type { searchCompanies } from '../../operations/search-companies';
import { CsrfField, Notice, TextField } from '../form-controls';
import type { FormProblem } from '../form-problem';
import type { Viewer } from '../layout';
import { companyPath } from './company-paths';
import type { ListFilters } from './list-filters';

export type SearchResult = z.infer<typeof searchCompanies.output>;

/** A search on a list page: what was typed, and search_companies's answer or its refusal. */
export interface ListSearchState {
  q: string;
  result?: SearchResult;
  problem?: FormProblem;
}

export const SEARCH_FIELDS = ['q'] as const;

/**
 * "Add by search" on a list page: a GET form (q in the URL, with the page's filter choices kept), then each result
 * with an Add button that posts to the list's add form, naming the search so the results are shown again.
 */
export function ListSearch(props: {
  viewer: Viewer;
  listId: number;
  filters: ListFilters;
  search?: ListSearchState;
}) {
  const { viewer, listId, filters, search } = props;
  return (
    <section aria-labelledby="search-heading">
      <h2 id="search-heading">Add companies by search</h2>
      {search?.problem?.message ? <Notice kind="error">{search.problem.message}</Notice> : null}
      <form method="get" action={`/app/lists/${listId}`} id="search-form" role="search" novalidate>
        {Object.entries(filters).map(([field, value]) => (
          <input type="hidden" name={field} value={value} />
        ))}
        <TextField
          id="search-q"
          name="q"
          label="Search the register"
          value={search?.q}
          error={search?.problem?.fields.q}
          hint="Company name words or a company number."
        />
        <button type="submit">Search</button>
      </form>
      {search?.result ? (
        <SearchResults viewer={viewer} listId={listId} q={search.q} result={search.result} />
      ) : null}
    </section>
  );
}

function SearchResults(props: { viewer: Viewer; listId: number; q: string; result: SearchResult }) {
  const { viewer, listId, q, result } = props;
  if (result.items.length === 0) {
    return (
      <p id="search-nothing" role="status">
        Nothing found on the register for “{q.trim()}”.
      </p>
    );
  }
  return (
    <>
      <p role="status">
        {result.total === result.items.length
          ? `${result.total} ${result.total === 1 ? 'company' : 'companies'} found for “${q.trim()}”.`
          : `The first ${result.items.length} of ${result.total_exact ? '' : 'more than '}${result.total.toLocaleString('en-GB')} companies found for “${q.trim()}”` +
            (result.limited_by_plan
              ? ': your plan shows the first page only; add words to narrow the search.'
              : '; add words to narrow the search.')}
      </p>
      <div class="table-scroll">
        <table id="search-results">
          <caption>Companies found for “{q.trim()}”</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Number</th>
              <th scope="col">Status</th>
              <th scope="col">Town</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {result.items.map((company) => (
              <tr>
                <th scope="row">
                  <a href={companyPath(company.company_number)}>{company.company_name}</a>
                </th>
                <td>
                  <code>{company.company_number}</code>
                </td>
                <td>{company.company_status}</td>
                <td>{company.registered_office_address.locality ?? '—'}</td>
                <td>
                  <form method="post" action={`/app/lists/${listId}/companies`} class="inline-form">
                    <CsrfField token={viewer.csrfToken} />
                    <input type="hidden" name="company_numbers" value={company.company_number} />
                    <input type="hidden" name="q" value={q} />
                    <button type="submit" class="button-secondary">
                      Add<span class="visually-hidden"> {company.company_name}</span>
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
