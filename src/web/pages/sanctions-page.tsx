import { planAllows, type PlanName } from '../../domain/accounts/plans';
import type { SanctionsListsView } from '../../domain/sanctions/sanctions-lists-view';
import { chooseSanctionsLists } from '../../operations/choose-sanctions-lists';
import { CsrfField, FieldError, Notice } from '../form-controls';
import type { FormProblem } from '../form-problem';
import { SCREENING_MATCHES_PATH } from './screening-matches-page';
import { Layout, type Viewer } from '../layout';
import { TableBox } from './company-table-box';
import { UtcTime } from './utc-time';

export const SANCTIONS_PATH = '/app/sanctions';
export const CHOOSE_LISTS_PATH = `${SANCTIONS_PATH}/lists`;
export const CHOOSE_LISTS_FIELDS = ['lists'] as const;

/** A list's checkbox field: one field per list, since the web app's form reader keeps one value per name. */
export const listField = (list: string) => `list_${list}`;

/**
 * `/app/sanctions`: the official sanctions lists, the version of each this service holds, and which of them the
 * account's screens (screen_sanctions, run_kyb_check) use, with the account's choice (choose_sanctions_lists,
 * Starter). Below Starter the choice is shown as it is, with why it cannot be changed and the upgrade link.
 */
export function SanctionsPage(props: {
  viewer: Viewer;
  view: SanctionsListsView;
  plan: PlanName;
  upgradeUrl: string;
  saved?: boolean;
  problem?: FormProblem;
}) {
  const { viewer, view, plan, upgradeUrl, saved, problem } = props;
  const mayChoose = planAllows(plan, chooseSanctionsLists.lowestPlan);
  return (
    <Layout title="Sanctions lists" viewer={viewer} section="sanctions">
      <h1>Sanctions lists</h1>
      <p>
        Sanctions screens compare a company’s name, officers and owners with the official lists below. A name
        match is not a finding that anyone is sanctioned: each potential match is for you to review.
      </p>
      <p>
        Each new version of a list is screened against the companies you monitor:{' '}
        <a href={SCREENING_MATCHES_PATH}>Potential matches found</a>.
      </p>
      {saved ? <Notice kind="success">Your choice of lists is saved.</Notice> : null}
      <ListsTable view={view} />
      <section aria-labelledby="choice-heading">
        <h2 id="choice-heading">Lists your screens use</h2>
        <p id="choice-state">
          {view.chosen === null
            ? 'Every list this service holds (the default): a list it starts holding is screened too.'
            : `Only the lists you chose: ${view.lists
                .filter((list) => view.chosen!.includes(list.list))
                .map((list) => list.name)
                .join(', ')}.`}
        </p>
        {problem?.message ? <Notice kind="error">{problem.message}</Notice> : null}
        {mayChoose ? (
          <ChoiceForms viewer={viewer} view={view} problem={problem} />
        ) : (
          <div class="notice notice-warning" id="sanctions-plan-notice">
            <p>
              Choosing lists needs the {chooseSanctionsLists.lowestPlan} plan; your plan is {plan}.{' '}
              <a href={upgradeUrl}>Upgrade to {chooseSanctionsLists.lowestPlan}</a>
            </p>
          </div>
        )}
      </section>
    </Layout>
  );
}

function ListsTable({ view }: { view: SanctionsListsView }) {
  return (
    <TableBox label="The sanctions lists">
      <table id="sanctions-lists">
        <caption>The official lists and the version held of each</caption>
        <thead>
          <tr>
            <th scope="col">List</th>
            <th scope="col">Version held</th>
            <th scope="col">Published</th>
            <th scope="col">Designations</th>
            <th scope="col">Imported</th>
            <th scope="col">Your screens</th>
          </tr>
        </thead>
        <tbody>
          {view.lists.map((list) => {
            const version = list.current_version;
            return (
              <tr>
                <th scope="row">
                  {list.name}
                  <br />
                  <span class="hint">{list.publisher}</span>
                </th>
                <td>{version === null ? 'Not held' : `Version ${version.id}`}</td>
                <td>{version === null ? '—' : (version.published_on ?? 'Not given by the list')}</td>
                <td class="number">
                  {version === null ? '—' : version.designations.toLocaleString('en-GB')}
                </td>
                <td>{version === null ? '—' : <UtcTime iso={version.imported_at} />}</td>
                <td>{list.screened ? 'Screened' : version === null ? 'Not held' : 'Not chosen'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableBox>
  );
}

function ChoiceForms(props: { viewer: Viewer; view: SanctionsListsView; problem?: FormProblem }) {
  const { viewer, view, problem } = props;
  const error = problem?.fields.lists;
  const ticked = (list: string) => (view.chosen === null ? true : view.chosen.includes(list as never));
  return (
    <>
      <form method="post" action={CHOOSE_LISTS_PATH} id="sanctions-lists-form" novalidate>
        <CsrfField token={viewer.csrfToken} />
        <fieldset
          class={error ? 'checkbox-group field-invalid' : 'checkbox-group'}
          aria-describedby={error ? 'lists-error' : undefined}
        >
          <legend>Screen against only these lists</legend>
          {error ? <FieldError id="lists-error">{error}</FieldError> : null}
          {view.lists.map((list) => (
            <div class="checkbox">
              <input
                type="checkbox"
                id={listField(list.list)}
                name={listField(list.list)}
                value="true"
                checked={ticked(list.list)}
              />
              <label for={listField(list.list)}>{list.name}</label>
            </div>
          ))}
        </fieldset>
        <button type="submit">Save the lists</button>
      </form>
      {view.chosen !== null ? (
        <form method="post" action={CHOOSE_LISTS_PATH} id="sanctions-lists-default-form">
          <CsrfField token={viewer.csrfToken} />
          <input type="hidden" name="every_list_held" value="true" />
          <button type="submit" class="button-secondary">
            Screen against every list held
          </button>
        </form>
      ) : null}
    </>
  );
}
