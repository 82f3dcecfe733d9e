import { OffsetPager } from './offset-pager';
import type { z } from 'zod';
import { kybOutcomes } from '../../domain/kyb/kyb-outcome';
import type { listKybChecks } from '../../operations/list-kyb-checks';
import { Notice, SelectField, TextField } from '../form-controls';
import type { FormProblem } from '../form-problem';
import { TableBox } from './company-table-box';
import { Layout, type Viewer } from '../layout';
import { companyPath } from './company-paths';
import { PlanNote, type PlanRefusal } from './company-plan-note';
import { KybExplained } from './kyb-new-page';
import { OUTCOME_TEXT, OutcomeBadge } from './kyb-outcome';
import { KYB_NEW_PATH, KYB_PATH, kybCheckPath } from './kyb-paths';
import { UtcTime } from './utc-time';

export type KybChecksAnswer = z.infer<typeof listKybChecks.output>;

/** The filters: list_kyb_checks's own argument names, so its refusals land next to each. */
export const KYB_FILTER_FIELDS = [
  'client_reference',
  'company_number',
  'outcome',
  'created_from',
  'created_to',
] as const;
export type KybFilters = Partial<Record<(typeof KYB_FILTER_FIELDS)[number], string>>;

export function kybListHref(filters: KybFilters, offset = 0): string {
  const query = new URLSearchParams();
  for (const field of KYB_FILTER_FIELDS) if (filters[field]) query.set(field, filters[field]);
  if (offset > 0) query.set('offset', String(offset));
  const text = query.toString();
  return text === '' ? KYB_PATH : `${KYB_PATH}?${text}`;
}

const OUTCOME_OPTIONS = [
  { value: '', label: 'Any' },
  ...kybOutcomes.map((outcome) => ({ value: outcome, label: OUTCOME_TEXT[outcome] })),
];

/** `/app/kyb`: the account's checks, newest first, filtered as list_kyb_checks filters them. */
export function KybChecksPage(props: {
  viewer: Viewer;
  filters: KybFilters;
  answer?: KybChecksAnswer;
  planRefusal?: PlanRefusal;
  problem?: FormProblem;
}) {
  const { viewer, filters, answer, planRefusal, problem } = props;
  const error = (field: keyof KybFilters) => problem?.fields[field];
  return (
    <Layout title="KYB checks" viewer={viewer} section="kyb">
      <h1>KYB checks</h1>
      {planRefusal ? (
        <>
          <KybExplained />
          <PlanNote what="KYB checks" refusal={planRefusal} />
        </>
      ) : (
        <>
          <p>
            <a href={KYB_NEW_PATH} class="button">
              Run a KYB check
            </a>
          </p>
          {problem?.message ? <Notice kind="error">{problem.message}</Notice> : null}
          <form method="get" action={KYB_PATH} id="kyb-filters" novalidate>
            <div class="filter-grid">
              <TextField
                id="filter-client-reference"
                name="client_reference"
                label="Client reference"
                value={filters.client_reference}
                error={error('client_reference')}
              />
              <TextField
                id="filter-company-number"
                name="company_number"
                label="Company number"
                value={filters.company_number}
                error={error('company_number')}
              />
              <SelectField
                id="filter-outcome"
                name="outcome"
                label="Outcome"
                options={OUTCOME_OPTIONS}
                value={filters.outcome}
                error={error('outcome')}
              />
              <TextField
                id="filter-created-from"
                name="created_from"
                label="Run on or after"
                hint="YYYY-MM-DD (UTC)"
                value={filters.created_from}
                error={error('created_from')}
              />
              <TextField
                id="filter-created-to"
                name="created_to"
                label="Run on or before"
                hint="YYYY-MM-DD (UTC)"
                value={filters.created_to}
                error={error('created_to')}
              />
            </div>
            <button type="submit">Filter</button>
          </form>
          {answer ? <ChecksTable filters={filters} answer={answer} /> : null}
        </>
      )}
    </Layout>
  );
}

function ChecksTable({ filters, answer }: { filters: KybFilters; answer: KybChecksAnswer }) {
  if (answer.items.length === 0) {
    return (
      <p id="no-checks" role="status">
        {Object.keys(filters).length === 0 ? 'No KYB checks run yet.' : 'No KYB check matches these filters.'}
      </p>
    );
  }
  return (
    <section aria-labelledby="checks-heading">
      <h2 id="checks-heading">Checks, newest first</h2>
      <p role="status" id="checks-count">
        {`Checks ${answer.offset + 1} to ${answer.offset + answer.items.length} of ${answer.total}.`}
      </p>
      <TableBox label="KYB checks">
        <table id="kyb-checks">
          <caption>KYB checks</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Client reference</th>
              <th scope="col">Company</th>
              <th scope="col">Outcome</th>
              <th scope="col">Decided by</th>
            </tr>
          </thead>
          <tbody>
            {answer.items.map((check) => (
              <tr>
                <th scope="row">
                  <a href={kybCheckPath(check.id)}>
                    <UtcTime iso={check.created_at} />
                  </a>
                </th>
                <td>{check.client_reference}</td>
                <td>
                  {check.company_number === null ? (
                    <>{check.stated_company_name} (not identified)</>
                  ) : (
                    <a href={companyPath(check.company_number)}>
                      {check.company_name ?? check.company_number}
                    </a>
                  )}
                </td>
                <td>
                  <OutcomeBadge outcome={check.outcome} />
                </td>
                <td>
                  <code>{check.decided_by}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <OffsetPager
        page={answer}
        href={(offset) => kybListHref(filters, offset)}
        label="Pages of checks"
        previous="Newer checks"
        next="Older checks"
      />
    </section>
  );
}
