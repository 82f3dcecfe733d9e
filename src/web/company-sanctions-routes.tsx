import type Router from '@koa/router';
import type { AppState } from '../http/state';
import { getCompany } from '../operations/get-company';
import { screenSanctions } from '../operations/screen-sanctions';
import type { Services } from '../services';
import { callOperation } from './call-operation';
import { signedInCaller, viewerOf } from './page-inputs';
import { COMPANIES_PATH } from './pages/company-paths';
import { gated } from './pages/company-plan-note';
import { CompanySanctionsPage } from './pages/company-sanctions-page';
import { renderPage } from './render-page';
import { signedInPage } from './web-request';

/**
 * `/app/companies/:number/sanctions`: get_company first (a malformed or unknown number is its refusal, as on the
 * company page), then screen_sanctions; its plan refusal (Starter) becomes the page's upgrade note, uncharged.
 */
export function companySanctionsRoutes(router: Router<AppState>, services: Services): void {
  router.get(
    `${COMPANIES_PATH}/:number/sanctions`,
    signedInPage(services, async (request) => {
      const caller = signedInCaller(request);
      const company = await callOperation(getCompany, { company_number: request.ctx.params.number }, caller);
      const screen = await gated(
        callOperation(screenSanctions, { company_number: company.company_number }, caller),
      );
      renderPage(
        request.ctx,
        <CompanySanctionsPage
          viewer={viewerOf(request)}
          company={{ number: company.company_number, name: company.company_name }}
          {...('planRefusal' in screen ? { planRefusal: screen.planRefusal } : { screen: screen.shown })}
        />,
      );
    }),
  );
}
