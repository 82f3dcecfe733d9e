import { OffsetPager } from './offset-pager';
import { listKinds } from '../../db/entities/company-list';
import type { ListView } from '../../domain/lists/list-view';
import { CsrfField, Notice, SelectField, TextField } from '../form-controls';
import type { FormProblem } from '../form-problem';
import { Layout, type Viewer } from '../layout';
import type { AddAllOutcome } from '../screen-add-all';
import { SCREEN_ALL_PAGES_CAP } from '../screen-all-pages';
import { PlanNote, type PlanRefusal } from './company-plan-note';
import { companyPath } from './company-paths';
import { formatPounds } from './company-money';
import { TableBox } from './company-table-box';
import { figureHeader, figureValue, screenedOn, shownFigures, type ScreenAnswer } from './screen-columns';
import { SCREEN_FIELD_GROUPS, SCREEN_FIELD_LABELS, type ScreenFilters } from './screen-fields';
import { SCREEN_ADD_PATH, SCREEN_PATH, screenCsvHref, screenHref } from './screen-paths';
import type { FigureFilter } from '../../domain/screening/screen-filters';
import type { ScreenedCompany } from '../../domain/screening/screen-result';

/** Rows a page shows; the CSV and Add all take every page up to SCREEN_ALL_PAGES_CAP. */
export const SCREEN_PAGE_SIZE = 20;

/** The add-all form's own fields, besides the screen's filters it carries hidden: create_list's names. */
export const SCREEN_ADD_FIELDS = ['list_id', 'name', 'kind'] as const;
export const NEW_LIST = 'new';

const cap = SCREEN_ALL_PAGES_CAP.toLocaleString('en-GB');

/** What the screener is, said above the form and in place of it on a plan without it. */
function ScreenerExplained() {
  return (
    <p>
      The screener finds companies on the register by their latest filed accounts (turnover, profit, net
      assets, employees and more, and their growth on the year before), their industry and place, age and
      status, their filing record, charges and health score. Each result shows the figures it matched on.
    </p>
  );
}

/**
 * `/app/screen`: screen_companies as a GET form, so a screen is its URL; results paged as the operation pages
 * them, each row linking to its company with the figures and growth that made it match; the CSV of the screen
 * and "Add all to a list" (a POST with the filters hidden in it).
 */
export function ScreenPage(props: {
  viewer: Viewer;
  filters: ScreenFilters;
  answer?: ScreenAnswer;
  lists?: readonly ListView[];
  problem?: FormProblem;
  planRefusal?: PlanRefusal;
  added?: AddAllOutcome;
  addProblem?: FormProblem;
  addTyped?: Record<string, string>;
}) {
  const { viewer, filters, answer, lists, problem, planRefusal, added, addProblem, addTyped } = props;
  return (
    <Layout title="Screen companies" viewer={viewer} section="screen">
      <h1>Screen companies</h1>
      <ScreenerExplained />
      {planRefusal ? (
        <PlanNote what="the screener" refusal={planRefusal} />
      ) : (
        <>
          {added ? <AddedNotice filters={filters} added={added} /> : null}
          {problem ? <RefusedNotice problem={problem} /> : null}
          <ScreenForm filters={filters} problem={problem} />
          {answer ? <ScreenResults filters={filters} answer={answer} /> : null}
          {lists && (addProblem || (answer && answer.items.length > 0)) ? (
            <AddAllForm
              viewer={viewer}
              filters={filters}
              lists={lists}
              total={answer ? totalText(answer) : undefined}
              problem={addProblem}
              typed={addTyped}
            />
          ) : null}
        </>
      )}
    </Layout>
  );
}

/** The operation's refusal above its form: its error code as the API gives it, and what names no field. */
function RefusedNotice({ problem }: { problem: FormProblem }) {
  return (
    <Notice kind="error">
      <p>
        Refused (<code class="error-code">{problem.code ?? String(problem.status)}</code>):{' '}
        {problem.message ?? 'see the fields marked below.'}
      </p>
    </Notice>
  );
}

function ScreenForm({ filters, problem }: { filters: ScreenFilters; problem?: FormProblem }) {
  return (
    <form method="get" action={SCREEN_PATH} id="screen-form" novalidate>
      {SCREEN_FIELD_GROUPS.map((group) => {
        const used = group.fields.some(
          (field) => filters[field.name] !== undefined || problem?.fields[field.name] !== undefined,
        );
        const controls = (
          <div class="filter-grid">
            {group.fields.map((field) => {
              const common = {
                id: `screen-${field.name.replace(/_/g, '-')}`,
                name: field.name,
                label: field.label,
                value: filters[field.name],
                error: problem?.fields[field.name],
              };
              return field.options ? (
                <SelectField {...common} options={field.options} />
              ) : (
                <TextField {...common} hint={field.hint} maxLength={100} />
              );
            })}
          </div>
        );
        return (
          <details class="filter-group" id={`screen-${group.id}`} open={group.open || used}>
            <summary>{group.legend}</summary>
            {controls}
          </details>
        );
      })}
      <button type="submit">Screen</button>
    </form>
  );
}

/** "1,234", or "more than 10,000" when the operation stopped counting. */
function totalText(answer: ScreenAnswer): string {
  return `${answer.total_capped ? 'more than ' : ''}${answer.total.toLocaleString('en-GB')}`;
}

/** What a screen asked, in the form's words, for "nothing found" to say what was screened. */
export function screenDescription(filters: ScreenFilters): string {
  const parts = Object.entries(filters)
    .filter(([name]) => name !== 'sort' && name !== 'order')
    .map(([name, value]) => `${SCREEN_FIELD_LABELS.get(name) ?? name}: ${value}`);
  return parts.length === 0 ? 'the whole register, no filter' : parts.join('; ');
}

function figureText(company: ScreenedCompany, filter: FigureFilter): string {
  const value = figureValue(company, filter);
  if (value === null) return '—';
  if (filter.growth) return `${value > 0 ? '+' : ''}${value.toLocaleString('en-GB')} %`;
  return filter.measure === 'employees' ? value.toLocaleString('en-GB') : formatPounds(value);
}

function ScreenResults({ filters, answer }: { filters: ScreenFilters; answer: ScreenAnswer }) {
  if (answer.items.length === 0) {
    return (
      <p id="screen-nothing" role="status">
        {answer.offset === 0
          ? `No company on the register matches this screen (${screenDescription(filters)}), as of ${answer.as_of}.`
          : 'No more results.'}
      </p>
    );
  }
  const figures = shownFigures(filters);
  const first = answer.offset + 1;
  const last = answer.offset + answer.items.length;
  const cut = answer.total_capped || answer.total > SCREEN_ALL_PAGES_CAP;
  return (
    <section aria-labelledby="screen-results-heading">
      <h2 id="screen-results-heading">Results</h2>
      <p role="status" id="screen-count">
        {`Companies ${first} to ${last} of ${totalText(answer)}, as of ${answer.as_of}.`}
      </p>
      <p>
        <a href={screenCsvHref(filters)} class="button button-secondary" download id="screen-csv">
          Download as CSV
        </a>{' '}
        {cut
          ? `The CSV holds the first ${cap} in this order; narrow the screen to have them all.`
          : 'Every company found, with the figures below.'}
      </p>
      <p class="hint">
        Figures from each company’s latest filed accounts, growth on the year before; a column marked
        “screened” is one the screen filtered or sorted on.
      </p>
      <TableBox label="Companies screened">
        <table id="screen-results">
          <caption>Companies screened</caption>
          <thead>
            <tr>
              <th scope="col">Name and number</th>
              <th scope="col">Place</th>
              <th scope="col">Year end</th>
              {figures.map((filter) => (
                <th scope="col" class="number">
                  {figureHeader(filter)}
                  {screenedOn(filters, filter.stem) ? <span class="screened"> screened</span> : null}
                </th>
              ))}
              <th scope="col">Health</th>
            </tr>
          </thead>
          <tbody>
            {answer.items.map((company) => (
              <tr>
                <th scope="row">
                  <a href={companyPath(company.company_number)}>{company.company_name}</a>
                  <code class="company-number">{company.company_number}</code>
                </th>
                <td>
                  {[company.registered_office_address.locality, company.place?.region?.name]
                    .filter(Boolean)
                    .join(', ') || '—'}
                </td>
                <td>
                  {company.latest_accounts?.period_end ?? '—'}
                  {company.growth ? (
                    <span class="screened">growth on {company.growth.from_period_end}</span>
                  ) : null}
                </td>
                {figures.map((filter) => (
                  <td class="number">{figureText(company, filter)}</td>
                ))}
                <td>
                  {company.health?.grade ? `${company.health.grade} (${company.health.score ?? '—'})` : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <OffsetPager page={answer} href={(offset) => screenHref(filters, offset)} label="Pages of results" />
    </section>
  );
}

function AddAllForm(props: {
  viewer: Viewer;
  filters: ScreenFilters;
  lists: readonly ListView[];
  total?: string;
  problem?: FormProblem;
  typed?: Record<string, string>;
}) {
  const { viewer, filters, lists, total, problem, typed } = props;
  const listOptions = [
    ...lists.map((list) => ({ value: String(list.id), label: list.name })),
    { value: NEW_LIST, label: 'A new list (name it below)' },
  ];
  return (
    <section aria-labelledby="screen-add-heading">
      <h2 id="screen-add-heading">Add all to a list</h2>
      <p>
        {total === undefined ? 'Every company this screen finds' : `All ${total} companies found`} (up to the
        first {cap} in this order) go on the list, 100 to a request of your quota; those already on it stay as
        they are.
      </p>
      {problem ? <RefusedNotice problem={problem} /> : null}
      <form method="post" action={SCREEN_ADD_PATH} id="screen-add-form" novalidate>
        <CsrfField token={viewer.csrfToken} />
        {Object.entries(filters).map(([name, value]) => (
          <input type="hidden" name={name} value={value} />
        ))}
        <div class="filter-grid">
          <SelectField
            id="screen-add-list"
            name="list_id"
            label="List"
            options={listOptions}
            value={typed?.list_id ?? (lists[0] ? String(lists[0].id) : NEW_LIST)}
            error={problem?.fields.list_id}
          />
          <TextField
            id="screen-add-name"
            name="name"
            label="New list’s name"
            value={typed?.name}
            error={problem?.fields.name}
            hint="Only for a new list."
            maxLength={100}
          />
          <SelectField
            id="screen-add-kind"
            name="kind"
            label="New list’s kind"
            options={listKinds}
            value={typed?.kind ?? 'prospects'}
            error={problem?.fields.kind}
          />
        </div>
        <button type="submit">Add all to the list</button>
      </form>
    </section>
  );
}

const count = (n: number) => n.toLocaleString('en-GB');

function AddedNotice({ filters, added }: { filters: ScreenFilters; added: AddAllOutcome }) {
  if (added.taken === 0) {
    return (
      <Notice kind="success">
        <p id="screen-added">The screen found no company, so nothing was added.</p>
      </Notice>
    );
  }
  const listLink = (
    <a href={`/app/lists/${added.list.id}`} id="screen-added-list">
      {added.list.name}
    </a>
  );
  return (
    <Notice kind="success">
      <p id="screen-added">
        {added.list.created ? 'Made the list ' : 'On the list '}
        {listLink}: {count(added.added)} added, {count(added.alreadyOnList)} already there
        {added.notFound > 0 ? `, ${count(added.notFound)} no longer on the register` : ''}, of{' '}
        {count(added.taken)} screened.
      </p>
      {added.cut ? (
        <p>
          The screen matched {added.totalCapped ? 'more than ' : ''}
          {added.total.toLocaleString('en-GB')}: only the first {cap} in its order were added. Narrow the
          screen to add the rest.
        </p>
      ) : null}
      {added.stoppedBy ? <p>Stopped part way: {added.stoppedBy} Adding again later adds the rest.</p> : null}
      <p>
        <a href={screenHref(filters)}>Back to the screen’s results</a>
      </p>
    </Notice>
  );
}
