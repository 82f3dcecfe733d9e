import { companyStatusSchema } from '../../domain/companies/company-profile';
import { healthGrades, riskLevels } from '../../domain/health/health-model';
import { listCompanySorts } from '../../domain/lists/list-companies';
import { FieldError, Notice, SelectField, TextField, type SelectOption } from '../form-controls';
import type { FormProblem } from '../form-problem';

/*
 * The filter and sort choices of a list page: get_list_companies's own argument names, read from the URL as they
 * are and handed to the operation, which alone decides what is valid. Kept in every link the page makes (paging,
 * searching), so a choice is never lost.
 */

/** The form's fields, named as get_list_companies's arguments so its refusals land next to them. */
export const LIST_FILTER_FIELDS = [
  'status',
  'overdue',
  'grade',
  'risk_level',
  'min_score',
  'max_score',
  'sort',
  'order',
] as const;

export type ListFilters = Partial<Record<(typeof LIST_FILTER_FIELDS)[number], string>>;

/**
 * The choices in a query string. A set (grade, risk_level) arrives as repeated checkboxes or as one
 * comma-separated text (a paging link); both become the comma-separated text the operation reads. Empty values
 * ("any") are left out.
 */
export function listFiltersOf(query: Record<string, string | string[] | undefined>): ListFilters {
  const filters: ListFilters = {};
  for (const field of LIST_FILTER_FIELDS) {
    const raw = query[field];
    const value = (Array.isArray(raw) ? raw : [raw]).filter((v) => v !== undefined && v !== '').join(',');
    if (value !== '') filters[field] = value;
  }
  return filters;
}

/** A link to a list page with these choices; undefined values are left out. */
export function listPageHref(
  listId: number,
  filters: ListFilters,
  extra: { q?: string; offset?: number } = {},
): string {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(filters)) if (value !== undefined) params.set(field, value);
  if (extra.q !== undefined) params.set('q', extra.q);
  if (extra.offset !== undefined) params.set('offset', String(extra.offset));
  const query = params.toString();
  return `/app/lists/${listId}${query === '' ? '' : `?${query}`}`;
}

const ANY: SelectOption = { value: '', label: 'Any' };
const STATUS_OPTIONS = [ANY, ...companyStatusSchema.options.map((s) => ({ value: s, label: s }))];
const OVERDUE_OPTIONS = [
  ANY,
  { value: 'true', label: 'A filing overdue' },
  { value: 'false', label: 'Nothing overdue' },
];
const SORT_LABELS: Record<(typeof listCompanySorts)[number], string> = {
  name: 'Name',
  number: 'Company number',
  added_at: 'Date added',
  score: 'Health score',
};
const SORT_OPTIONS = listCompanySorts.map((s) => ({ value: s, label: SORT_LABELS[s] }));
const ORDER_OPTIONS = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];

/** The GET form that filters and sorts a list's companies; a refused choice is told next to its control. */
export function ListFiltersForm(props: {
  listId: number;
  filters: ListFilters;
  q?: string;
  problem?: FormProblem;
}) {
  const { listId, filters, q, problem } = props;
  const errors = problem?.fields ?? {};
  return (
    <section aria-labelledby="filter-heading">
      <h2 id="filter-heading">Filter and sort</h2>
      {problem?.message ? <Notice kind="error">{problem.message}</Notice> : null}
      <form method="get" action={`/app/lists/${listId}`} id="filter-form" class="filter-form" novalidate>
        {q !== undefined ? <input type="hidden" name="q" value={q} /> : null}
        <div class="filter-grid">
          <SelectField
            id="filter-status"
            name="status"
            label="Status"
            options={STATUS_OPTIONS}
            {...at(filters, errors, 'status')}
          />
          <SelectField
            id="filter-overdue"
            name="overdue"
            label="Filings"
            options={OVERDUE_OPTIONS}
            {...at(filters, errors, 'overdue')}
          />
          <SelectField
            id="filter-sort"
            name="sort"
            label="Sort by"
            options={SORT_OPTIONS}
            {...at(filters, errors, 'sort')}
          />
          <SelectField
            id="filter-order"
            name="order"
            label="Order"
            options={ORDER_OPTIONS}
            {...at(filters, errors, 'order')}
          />
          <TextField
            id="filter-min-score"
            name="min_score"
            label="Lowest health score"
            hint="0 to 100"
            {...at(filters, errors, 'min_score')}
          />
          <TextField
            id="filter-max-score"
            name="max_score"
            label="Highest health score"
            hint="0 to 100"
            {...at(filters, errors, 'max_score')}
          />
        </div>
        <Checkboxes
          id="filter-grade"
          name="grade"
          legend="Health grade"
          values={healthGrades}
          {...at(filters, errors, 'grade')}
        />
        <Checkboxes
          id="filter-risk"
          name="risk_level"
          legend="Risk level"
          values={riskLevels}
          {...at(filters, errors, 'risk_level')}
        />
        <p class="form-actions">
          <button type="submit">Apply</button> <a href={listPageHref(listId, {}, { q })}>Clear filters</a>
        </p>
      </form>
    </section>
  );
}

function at(filters: ListFilters, errors: Record<string, string>, field: keyof ListFilters) {
  return { value: filters[field], error: errors[field] };
}

/** One checkbox per value of a set argument; checked are the values in the comma-separated choice. */
function Checkboxes(props: {
  id: string;
  name: string;
  legend: string;
  values: readonly string[];
  value?: string;
  error?: string;
}) {
  const { id, name, legend, values, value, error } = props;
  const chosen = new Set((value ?? '').split(',').map((v) => v.trim().toLowerCase()));
  return (
    <fieldset
      class={error ? 'checkbox-group field-invalid' : 'checkbox-group'}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{legend}</legend>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      <ul class="choices">
        {values.map((v) => (
          <li class="checkbox">
            <input
              type="checkbox"
              id={`${id}-${v}`}
              name={name}
              value={v}
              checked={chosen.has(v.toLowerCase())}
            />
            <label for={`${id}-${v}`}>{v}</label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
