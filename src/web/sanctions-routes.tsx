import type Router from '@koa/router';
import type { AppState } from '../http/state';
import { sanctionsListIds } from '../domain/sanctions/sanctions-lists';
import { chooseSanctionsLists } from '../operations/choose-sanctions-lists';
import { getSanctionsLists } from '../operations/get-sanctions-lists';
import type { Services } from '../services';
import { callOperation } from './call-operation';
import { formProblemOf } from './form-problem';
import { queryValue, signedInCaller, viewerOf } from './page-inputs';
import {
  CHOOSE_LISTS_FIELDS,
  CHOOSE_LISTS_PATH,
  listField,
  SANCTIONS_PATH,
  SanctionsPage,
} from './pages/sanctions-page';
import { renderPage, renderRefusedForm, seeOther } from './render-page';
import { signedInPage, type SignedInRequest } from './web-request';

/**
 * `/app/sanctions`: the lists held (get_sanctions_lists) and the account's choice of them, saved through
 * choose_sanctions_lists, which judges it (at least one list; Starter) as it judges the API's.
 */
export function sanctionsRoutes(router: Router<AppState>, services: Services): void {
  const page = async (request: SignedInRequest, extra: { saved?: boolean } = {}) => {
    const view = await callOperation(getSanctionsLists, {}, signedInCaller(request));
    return (
      <SanctionsPage
        viewer={viewerOf(request)}
        view={view}
        plan={request.session.account.plan}
        upgradeUrl={services.config.UPGRADE_URL}
        {...extra}
      />
    );
  };

  router.get(
    SANCTIONS_PATH,
    signedInPage(services, async (request) => {
      renderPage(request.ctx, await page(request, { saved: queryValue(request.ctx, 'saved') === 'lists' }));
    }),
  );

  router.post(
    CHOOSE_LISTS_PATH,
    signedInPage(services, async (request) => {
      const { form } = request;
      const lists =
        form.every_list_held === 'true'
          ? null
          : sanctionsListIds.filter((list) => form[listField(list)] === 'true');
      try {
        await callOperation(chooseSanctionsLists, { lists }, signedInCaller(request));
      } catch (thrown) {
        const problem = formProblemOf(thrown, CHOOSE_LISTS_FIELDS);
        if (!problem) throw thrown;
        const view = await callOperation(getSanctionsLists, {}, signedInCaller(request));
        renderRefusedForm(
          request.ctx,
          <SanctionsPage
            viewer={viewerOf(request)}
            view={view}
            plan={request.session.account.plan}
            upgradeUrl={services.config.UPGRADE_URL}
            problem={problem}
          />,
          problem,
        );
        return;
      }
      seeOther(request.ctx, `${SANCTIONS_PATH}?saved=lists`);
    }),
  );
}
