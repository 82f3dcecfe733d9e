import type Router from '@koa/router';
import type { AppState } from '../http/state';
import { getWatchlistAlerts } from '../operations/get-watchlist-alerts';
import type { Services } from '../services';
import { callOperation } from './call-operation';
import { formProblemOf } from './form-problem';
import { queryValue, signedInCaller, viewerOf } from './page-inputs';
import { ALERTS_PATH, ALERT_FILTER_FIELDS, AlertsPage } from './pages/alerts-page';
import { renderPage, renderRefusedForm } from './render-page';
import { signedInPage } from './web-request';

/** `/app/alerts`: the account's alerts through get_watchlist_alerts, with its company filter and paging. */
export function alertRoutes(router: Router<AppState>, services: Services): void {
  router.get(
    ALERTS_PATH,
    signedInPage(services, async (request) => {
      const { ctx } = request;
      const companyNumber = queryValue(ctx, 'company_number');
      const before = queryValue(ctx, 'before');
      const viewer = viewerOf(request);
      try {
        const answer = await callOperation(
          getWatchlistAlerts,
          { company_number: companyNumber, before },
          signedInCaller(request),
        );
        renderPage(
          ctx,
          <AlertsPage viewer={viewer} answer={answer} companyNumber={companyNumber} before={before} />,
        );
      } catch (thrown) {
        // A malformed company number or page: said next to the filter, above the newest alerts.
        const problem = formProblemOf(thrown, ALERT_FILTER_FIELDS);
        if (!problem) throw thrown;
        const answer = await callOperation(getWatchlistAlerts, {}, signedInCaller(request));
        const page = (
          <AlertsPage viewer={viewer} answer={answer} companyNumber={companyNumber} problem={problem} />
        );
        renderRefusedForm(ctx, page, problem);
      }
    }),
  );
}
