import type Router from '@koa/router';
import { planAllows } from '../domain/accounts/plans';
import type { AppState } from '../http/state';
import { getLists } from '../operations/get-lists';
import { screenCompanies } from '../operations/screen-companies';
import type { Services } from '../services';
import { callOperation } from './call-operation';
import { formProblemOf } from './form-problem';
import { queryValue, signedInCaller, viewerOf } from './page-inputs';
import { planRefusalOf } from './pages/company-plan-note';
import { csvHeader, csvRow, shownFigures } from './pages/screen-columns';
import { SCREEN_FILTER_FIELDS, screenFiltersOf } from './pages/screen-fields';
import { NEW_LIST, SCREEN_ADD_FIELDS, SCREEN_PAGE_SIZE, ScreenPage } from './pages/screen-page';
import { SCREEN_ADD_PATH, SCREEN_CSV_PATH, SCREEN_PATH } from './pages/screen-paths';
import { renderPage, renderRefusedForm } from './render-page';
import { addScreenToList, type AddAllTarget } from './screen-add-all';
import { screenAllPages } from './screen-all-pages';
import { csvLines } from './screen-csv';
import { signedInPage, type SignedInRequest } from './web-request';

/**
 * The screener's pages: `/app/screen` (screen_companies, a page at a time), `/app/screen.csv` (the same screen,
 * every page up to the cap) and the add-all POST (create_list, add_companies_to_list). All go through the operation
 * table, so the screener's plan, validation and quota are the API's: Free sees what it is and the upgrade link,
 * and a forced CSV or POST is the operation's own plan refusal, before anything is stored.
 */
export function screenRoutes(router: Router<AppState>, services: Services): void {
  const planRefusalFor = (request: SignedInRequest) => {
    const plan = request.session.account.plan;
    if (planAllows(plan, screenCompanies.lowestPlan)) return undefined;
    return {
      requiredPlan: screenCompanies.lowestPlan,
      currentPlan: plan,
      upgradeUrl: services.config.UPGRADE_URL,
    };
  };

  /** A refusal of the screen or the add: the plan's note (403), or the form with the problem by its field. */
  const renderRefusal = (
    request: SignedInRequest,
    thrown: unknown,
    filters: Record<string, string>,
    add?: { typed: Record<string, string>; lists: Awaited<ReturnType<typeof listsOf>> },
  ) => {
    const viewer = viewerOf(request);
    const planRefusal = planRefusalOf(thrown);
    if (planRefusal) {
      renderPage(
        request.ctx,
        <ScreenPage viewer={viewer} filters={filters} planRefusal={planRefusal} />,
        403,
      );
      return;
    }
    const addProblem = add ? formProblemOf(thrown, SCREEN_ADD_FIELDS) : undefined;
    // A refusal naming the list's fields belongs to the add form; any other (a bad filter) to the screen's form.
    if (add && addProblem && Object.keys(addProblem.fields).length > 0) {
      const page = (
        <ScreenPage
          viewer={viewer}
          filters={filters}
          lists={add.lists}
          addProblem={addProblem}
          addTyped={add.typed}
        />
      );
      renderRefusedForm(request.ctx, page, addProblem);
      return;
    }
    const problem = formProblemOf(thrown, SCREEN_FILTER_FIELDS);
    if (!problem) throw thrown;
    renderRefusedForm(
      request.ctx,
      <ScreenPage viewer={viewer} filters={filters} problem={problem} />,
      problem,
    );
  };

  const listsOf = async (request: SignedInRequest) =>
    (await callOperation(getLists, {}, signedInCaller(request))).lists;

  router.get(
    SCREEN_PATH,
    signedInPage(services, async (request) => {
      const filters = screenFiltersOf(request.ctx.query);
      const viewer = viewerOf(request);
      const planRefusal = planRefusalFor(request);
      if (planRefusal) {
        renderPage(request.ctx, <ScreenPage viewer={viewer} filters={filters} planRefusal={planRefusal} />);
        return;
      }
      const offset = queryValue(request.ctx, 'offset');
      // The bare page is the empty form, uncharged; a submitted form always carries its sort.
      if (Object.keys(filters).length === 0 && offset === undefined) {
        renderPage(request.ctx, <ScreenPage viewer={viewer} filters={filters} />);
        return;
      }
      try {
        const answer = await callOperation(
          screenCompanies,
          { ...filters, limit: SCREEN_PAGE_SIZE, ...(offset === undefined ? {} : { offset }) },
          signedInCaller(request),
        );
        const lists = answer.items.length > 0 ? await listsOf(request) : undefined;
        renderPage(
          request.ctx,
          <ScreenPage viewer={viewer} filters={filters} answer={answer} {...(lists ? { lists } : {})} />,
        );
      } catch (thrown) {
        renderRefusal(request, thrown, filters);
      }
    }),
  );

  router.get(
    SCREEN_CSV_PATH,
    signedInPage(services, async (request) => {
      const filters = screenFiltersOf(request.ctx.query);
      let all;
      try {
        all = await screenAllPages(filters, signedInCaller(request));
      } catch (thrown) {
        renderRefusal(request, thrown, filters);
        return;
      }
      const figures = shownFigures(filters);
      request.ctx.type = 'text/csv; charset=utf-8; header=present';
      request.ctx.set('Content-Disposition', `attachment; filename="screen-${all.first.as_of}.csv"`);
      request.ctx.body = csvLines([
        csvHeader(figures),
        ...all.items.map((company) => csvRow(company, figures)),
      ]);
    }),
  );

  router.post(
    SCREEN_ADD_PATH,
    signedInPage(services, async (request) => {
      const { form } = request;
      const filters = screenFiltersOf(form);
      const typed = { list_id: form.list_id ?? '', name: form.name ?? '', kind: form.kind ?? '' };
      const target: AddAllTarget =
        typed.list_id === NEW_LIST
          ? { newList: { name: typed.name, kind: typed.kind } }
          : { listId: typed.list_id };
      try {
        const added = await addScreenToList(filters, target, signedInCaller(request));
        renderPage(request.ctx, <ScreenPage viewer={viewerOf(request)} filters={filters} added={added} />);
      } catch (thrown) {
        const lists = planRefusalOf(thrown) ? [] : await listsOf(request);
        renderRefusal(request, thrown, filters, { typed, lists });
      }
    }),
  );
}
