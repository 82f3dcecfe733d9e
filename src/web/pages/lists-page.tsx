import { listKinds } from '../../db/entities/company-list';
import type { ListView } from '../../domain/lists/list-view';
import { CsrfField, Notice, SelectField, TextField } from '../form-controls';
import type { FormProblem } from '../form-problem';
import { Layout, type Viewer } from '../layout';

export const CREATE_LIST_FIELDS = ['name', 'kind'] as const;

/** `/app/lists`: every list of the account with its counts (get_lists), and the form that creates one. */
export function ListsPage(props: {
  viewer: Viewer;
  lists: readonly ListView[];
  typed?: { name?: string; kind?: string };
  problem?: FormProblem;
}) {
  const { viewer, lists, typed, problem } = props;
  return (
    <Layout title="Your lists" viewer={viewer}>
      <h1>Your lists</h1>
      {lists.length === 0 ? (
        <p>No lists yet: create one below, then add companies to it to monitor them.</p>
      ) : (
        <div class="table-scroll">
          <table>
            <caption>Lists and what is on them</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Kind</th>
                <th scope="col">Companies</th>
                <th scope="col">Overdue filings</th>
                <th scope="col">Alerts</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lists.map((list) => (
                <tr>
                  <th scope="row">
                    <a href={`/app/lists/${list.id}`}>{list.name}</a>
                  </th>
                  <td>{list.kind}</td>
                  <td class="number">{list.company_count}</td>
                  <td class="number">{list.overdue_filings}</td>
                  <td class="number">{list.alert_count}</td>
                  <td>
                    <a href={`/app/lists/${list.id}/delete`}>
                      Delete<span class="visually-hidden"> {list.name}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="create-list-heading">
        <h2 id="create-list-heading">Create a list</h2>
        {problem?.message ? <Notice kind="error">{problem.message}</Notice> : null}
        <form method="post" action="/app/lists" id="create-list-form" novalidate>
          <CsrfField token={viewer.csrfToken} />
          <TextField
            id="list-name"
            name="name"
            label="List name"
            value={typed?.name}
            error={problem?.fields.name}
            hint="Up to 100 characters, different from your other lists’ names."
            required
          />
          <SelectField
            id="list-kind"
            name="kind"
            label="Kind"
            options={listKinds}
            value={typed?.kind}
            error={problem?.fields.kind}
          />
          <button type="submit">Create list</button>
        </form>
      </section>
    </Layout>
  );
}
