import type Router from '@koa/router';
import type { AppState } from '../http/state';
import { decideScreeningMatch } from '../operations/decide-screening-match';
import { listScreeningMatches } from '../operations/list-screening-matches';
import type { Services } from '../services';
import { callOperation } from './call-operation';
import { queryValue, signedInCaller, viewerOf } from './page-inputs';
import { DECISION_ROUTE, SCREENING_MATCHES_PATH, ScreeningMatchesPage } from './pages/screening-matches-page';
import { renderPage, seeOther } from './render-page';
import { signedInPage } from './web-request';

/**
 * `/app/sanctions/matches`: the account's potential matches of ongoing screening through list_screening_matches,
 * and a decision recorded through decide_screening_match (the same rules as the API's: another account's match
 * is not found, a delisted one takes no decision), answered with a redirect back to the match.
 */
export function screeningRoutes(router: Router<AppState>, services: Services): void {
  router.get(
    SCREENING_MATCHES_PATH,
    signedInPage(services, async (request) => {
      const cursor = queryValue(request.ctx, 'cursor');
      const answer = await callOperation(listScreeningMatches, { cursor }, signedInCaller(request));
      renderPage(
        request.ctx,
        <ScreeningMatchesPage viewer={viewerOf(request)} answer={answer} cursor={cursor} />,
      );
    }),
  );

  router.post(
    DECISION_ROUTE,
    signedInPage(services, async (request) => {
      const id = request.ctx.params.match_id;
      await callOperation(
        decideScreeningMatch,
        { match_id: id, decision: request.form.decision },
        signedInCaller(request),
      );
      seeOther(request.ctx, `${SCREENING_MATCHES_PATH}#match-${encodeURIComponent(String(id))}`);
    }),
  );
}
