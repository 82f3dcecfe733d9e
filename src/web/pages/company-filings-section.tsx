import type { z } from 'zod';
import { filingCategories } from '../../domain/filings/filing-categories';
import { FILING_HISTORY_DEFAULT_LIMIT } from '../../domain/filings/filing-history-query';
import type { getFilingHistory } from '../../operations/get-filing-history';
import { Notice } from '../form-controls';
import type { FormProblem } from '../form-problem';
import { DetailsNotHeldNote, type DetailsGated } from './company-details-note';
import { CompanySection, PlanNote } from './company-plan-note';
import { companyPath } from './company-paths';
import { registerWords } from './company-profile-section';
import { TableBox } from './company-table-box';

export type FilingsAnswer = z.infer<typeof getFilingHistory.output>;

/** The filter's fields, named as get_filing_history's arguments so its refusals land next to them. */
export const FILINGS_FIELDS = ['category', 'offset'] as const;

/** The filings section's input: the answer, the plan's refusal, or the operation's refusal of the filter. */
export type FilingsView = DetailsGated<FilingsAnswer> | { problem: FormProblem };

/** Filing history from get_filing_history, filtered by its category argument and paged by its offset. */
export function CompanyFilingsSection(props: {
  companyNumber: string;
  filings: FilingsView;
  category: string;
}) {
  const { companyNumber, filings, category } = props;
  if ('planRefusal' in filings)
    return (
      <CompanySection id="filings" title="Filing history">
        <PlanNote what="the filing history" refusal={filings.planRefusal} />
      </CompanySection>
    );
  if ('notHeld' in filings)
    return (
      <CompanySection id="filings" title="Filing history">
        <DetailsNotHeldNote what="filings" />
      </CompanySection>
    );
  const problem = 'problem' in filings ? filings.problem : undefined;
  return (
    <CompanySection id="filings" title="Filing history">
      {problem?.message ? <Notice kind="error">{problem.message}</Notice> : null}
      <CategoryFilter
        companyNumber={companyNumber}
        category={category}
        error={problem?.fields.category ?? problem?.fields.offset}
      />
      {'shown' in filings ? (
        <FilingsTable companyNumber={companyNumber} answer={filings.shown} category={category} />
      ) : null}
    </CompanySection>
  );
}

function CategoryFilter(props: { companyNumber: string; category: string; error?: string }) {
  const { companyNumber, category, error } = props;
  return (
    <form
      method="get"
      action={`${companyPath(companyNumber)}#filings`}
      class="filter-form"
      id="filings-filter"
    >
      <div class={error ? 'field field-invalid' : 'field'}>
        <label for="filing-category">Category</label>
        {error ? (
          <p class="field-error" id="filing-category-error">
            <span class="visually-hidden">Error: </span>
            {error}
          </p>
        ) : null}
        <select
          id="filing-category"
          name="category"
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? 'filing-category-error' : undefined}
        >
          <option value="" selected={category === ''}>
            All categories
          </option>
          {filingCategories.map((option) => (
            <option value={option} selected={option === category}>
              {registerWords(option)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" class="button-secondary">
        Show filings
      </button>
    </form>
  );
}

function FilingsTable(props: { companyNumber: string; answer: FilingsAnswer; category: string }) {
  const { companyNumber, answer, category } = props;
  const which = category === '' ? '' : ` in ${registerWords(category).toLowerCase()}`;
  if (answer.total_count === 0) return <p>No filings{which} are held for this company.</p>;
  const first = answer.offset + 1;
  const last = answer.offset + answer.items.length;
  const pageLink = (offset: number) => {
    const query = new URLSearchParams({ ...(category ? { category } : {}), filings_offset: String(offset) });
    return `${companyPath(companyNumber)}?${query.toString()}#filings`;
  };
  const previous = answer.offset > 0 ? Math.max(0, answer.offset - FILING_HISTORY_DEFAULT_LIMIT) : null;
  return (
    <>
      <TableBox label="Filings table">
        <table>
          <caption>
            Filings{which}, newest first: {first} to {last} of {answer.total_count}
          </caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Form</th>
              <th scope="col">Description</th>
              <th scope="col">Category</th>
            </tr>
          </thead>
          <tbody>
            {answer.items.map((filing) => (
              <tr>
                <td>{filing.date}</td>
                <td>
                  <code>{filing.type}</code>
                </td>
                <th scope="row">{filing.description}</th>
                <td>{registerWords(filing.category)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      {previous !== null || answer.next_offset !== null ? (
        <nav aria-label="Pages of filings" class="pager">
          {previous !== null ? <a href={pageLink(previous)}>Newer filings</a> : null}
          {answer.next_offset !== null ? <a href={pageLink(answer.next_offset)}>Older filings</a> : null}
        </nav>
      ) : null}
    </>
  );
}
