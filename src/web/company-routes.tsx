import type Router from '@koa/router';
import type { AppState } from '../http/state';
import { getCompany } from '../operations/get-company';
import { getFilingHistory } from '../operations/get-filing-history';
import { getFinancialHistory } from '../operations/get-financial-history';
import { getHealthScore } from '../operations/get-health-score';
import { getOfficers } from '../operations/get-officers';
import { getPersonsWithSignificantControl } from '../operations/get-persons-with-significant-control';
import type { Services } from '../services';
import { callOperation } from './call-operation';
import { formProblemOf } from './form-problem';
import { FILINGS_FIELDS, type FilingsAnswer, type FilingsView } from './pages/company-filings-section';
import { OFFICERS_SHOWN } from './pages/company-officers-section';
import { CompanyPage } from './pages/company-page';
import { COMPANIES_PATH } from './pages/company-paths';
import { gatedDetails } from './pages/company-details-note';
import { gated } from './pages/company-plan-note';
import { queryValue, signedInCaller, viewerOf } from './page-inputs';
import { renderPage } from './render-page';
import { signedInPage } from './web-request';

/**
 * `/app/companies/:number`: get_company first, so a malformed number is its refusal (400
 * `invalid_company_number`) and an unknown one its 404, both as error pages; then each section's own operation,
 * a plan refusal becoming that section's note. One page view is as many charged calls as the plan allows.
 */
export function companyRoutes(router: Router<AppState>, services: Services): void {
  router.get(
    `${COMPANIES_PATH}/:number`,
    signedInPage(services, async (request) => {
      const call = <O extends Parameters<typeof callOperation>[0]>(
        operation: O,
        input: Record<string, unknown>,
      ) => callOperation(operation, input, signedInCaller(request));
      const company = await call(getCompany, { company_number: request.ctx.params.number });
      const number = company.company_number;
      const filingCategory = queryValue(request.ctx, 'category') ?? '';
      const filings = await filingsView(
        call(getFilingHistory, {
          company_number: number,
          ...(filingCategory === '' ? {} : { category: filingCategory }),
          ...optional('offset', queryValue(request.ctx, 'filings_offset')),
        }),
      );
      const data = {
        company,
        health: await gated(call(getHealthScore, { company_number: number })),
        financials: await gated(call(getFinancialHistory, { company_number: number })),
        officers: await gatedDetails(call(getOfficers, { company_number: number, limit: OFFICERS_SHOWN })),
        pscs: await gatedDetails(call(getPersonsWithSignificantControl, { company_number: number })),
        filings,
        filingCategory,
      };
      const status = 'problem' in filings ? filings.problem.status : 200;
      renderPage(request.ctx, <CompanyPage viewer={viewerOf(request)} data={data} />, status);
    }),
  );
}

/** The filings answer, or the refusal of the filter (shown next to it, the rest of the page still shown). */
async function filingsView(answer: Promise<FilingsAnswer>): Promise<FilingsView> {
  try {
    return await gatedDetails(answer);
  } catch (thrown) {
    const problem = formProblemOf(thrown, FILINGS_FIELDS);
    if (!problem) throw thrown;
    return { problem };
  }
}

function optional(name: string, value: string | undefined): Record<string, string> {
  return value === undefined ? {} : { [name]: value };
}
