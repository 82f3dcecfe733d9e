import type Router from '@koa/router';
import type { AppState } from '../http/state';
import { searchCompanies } from '../operations/search-companies';
import type { Services } from '../services';
import { callOperation } from './call-operation';
import { formProblemOf } from './form-problem';
import { queryValue, signedInCaller, viewerOf } from './page-inputs';
import { COMPANIES_PATH } from './pages/company-paths';
import {
  COMPANY_SEARCH_FIELDS,
  CompanySearchPage,
  SEARCH_PAGE_SIZE,
  type CompanySearchFilters,
} from './pages/company-search-page';
import { renderPage, renderRefusedForm } from './render-page';
import { signedInPage } from './web-request';

/**
 * `/app/companies?q=…`: search_companies as a page. With no field filled in nothing is called (the empty form,
 * uncharged); otherwise the operation judges the fields, and its refusal is shown next to the field it names.
 */
export function searchRoutes(router: Router<AppState>, services: Services): void {
  router.get(
    COMPANIES_PATH,
    signedInPage(services, async (request) => {
      const filters: CompanySearchFilters = {};
      for (const field of COMPANY_SEARCH_FIELDS) {
        const value = queryValue(request.ctx, field);
        if (value !== undefined) filters[field] = value;
      }
      const viewer = viewerOf(request);
      if (Object.keys(filters).length === 0) {
        renderPage(request.ctx, <CompanySearchPage viewer={viewer} filters={filters} />);
        return;
      }
      const offset = queryValue(request.ctx, 'offset');
      try {
        const answer = await callOperation(
          searchCompanies,
          { ...filters, limit: SEARCH_PAGE_SIZE, ...(offset === undefined ? {} : { offset }) },
          signedInCaller(request),
        );
        renderPage(request.ctx, <CompanySearchPage viewer={viewer} filters={filters} answer={answer} />);
      } catch (thrown) {
        const problem = formProblemOf(thrown, COMPANY_SEARCH_FIELDS);
        if (!problem) throw thrown;
        renderRefusedForm(
          request.ctx,
          <CompanySearchPage viewer={viewer} filters={filters} problem={problem} />,
          problem,
        );
      }
    }),
  );
}
