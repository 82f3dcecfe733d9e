import { listKinds } from '../../db/entities/company-list';
import { healthGrades } from '../../domain/health/health-model';
import type { ListView } from '../../domain/lists/list-view';
import { CsrfField, Notice, SelectField, TextField } from '../form-controls';
import type { FormProblem } from '../form-problem';
import { Layout, type Viewer } from '../layout';

export const CREATE_LIST_FIELDS = ['name', 'kind'] as const;

/**
 * `/app/lists`: every list of the account with what get_lists tells of it (companies, overdue filings, alerts,
 * health grades, whether its changes go to a webhook), and the form that creates one.
 */
export function ListsPage(props: {
  viewer: Viewer;
  lists: readonly ListView[];
  typed?: { name?: string; kind?: string };
  problem?: FormProblem;
}) {
  const { viewer, lists, typed, problem } = props;
  return (
    <Layout title="Your lists" viewer={viewer} section="lists">
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
                <th scope="col">Health grades</th>
                <th scope="col">Webhook</th>
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
                  <td>{gradesText(list.health_grades)}</td>
                  <td>{list.alert_webhook ? 'On' : 'Off'}</td>
                  <td>
                    <ul class="row-actions">
                      <li>
                        <a href={`/app/lists/${list.id}/settings`}>
                          Settings<span class="visually-hidden"> of {list.name}</span>
                        </a>
                      </li>
                      <li>
                        <a href={`/app/lists/${list.id}/delete`}>
                          Delete<span class="visually-hidden"> {list.name}</span>
                        </a>
                      </li>
                    </ul>
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

/** "A 2, C 1, 3 unscored": the grades the list's companies have, the healthiest first; none for an empty list. */
export function gradesText(grades: ListView['health_grades']): string {
  const parts = healthGrades.filter((grade) => grades[grade] > 0).map((grade) => `${grade} ${grades[grade]}`);
  if (grades.unscored > 0) parts.push(`${grades.unscored} unscored`);
  return parts.length === 0 ? 'none' : parts.join(', ');
}
