import type Router from '@koa/router';
import { ServiceError, notFound } from '../domain/errors';
import type { ListView } from '../domain/lists/list-view';
import type { AppState } from '../http/state';
import { addCompaniesToList } from '../operations/add-companies-to-list';
import { createList } from '../operations/create-list';
import { deleteList } from '../operations/delete-list';
import { getListCompanies } from '../operations/get-list-companies';
import { getLists } from '../operations/get-lists';
import { removeCompanyFromList } from '../operations/remove-company-from-list';
import { searchCompanies } from '../operations/search-companies';
import { updateList } from '../operations/update-list';
import type { Services } from '../services';
import { callOperation } from './call-operation';
import { formProblemOf, type FormProblem } from './form-problem';
import { DeleteListPage } from './pages/delete-list-page';
import { LIST_FILTER_FIELDS, listFiltersOf, type ListFilters } from './pages/list-filters';
import { ADD_COMPANIES_FIELDS, ListPage, type AddOutcome } from './pages/list-page';
import { SEARCH_FIELDS, type ListSearchState } from './pages/list-search';
import {
  ListSettingsPage,
  RENAME_FIELDS,
  SAVED_NOTICES,
  type SettingsRefusal,
} from './pages/list-settings-page';
import { WEBHOOK_FIELDS, wantedWebhookOf, webhookChangeOf } from './pages/list-webhook-form';
import { CREATE_LIST_FIELDS, ListsPage } from './pages/lists-page';
import { signedInCaller, viewerOf } from './page-inputs';
import { renderPage, renderRefusedForm, seeOther } from './render-page';
import { requireWebhookPlan } from './web-plan-rules';
import { LISTS_PATH, signedInPage, type SignedInRequest } from './web-request';

/** `/app/lists` and one list's pages; each reads and changes lists only through the operations. */
export function listRoutes(router: Router<AppState>, services: Services): void {
  router.get(
    LISTS_PATH,
    signedInPage(services, async (request) => {
      const { lists } = await callOperation(getLists, {}, signedInCaller(request));
      renderPage(request.ctx, <ListsPage viewer={viewerOf(request)} lists={lists} />);
    }),
  );

  router.post(
    LISTS_PATH,
    signedInPage(services, async (request) => {
      const { ctx, form } = request;
      const typed = { name: form.name, kind: form.kind };
      try {
        const created = await callOperation(createList, typed, signedInCaller(request));
        return seeOther(ctx, `${LISTS_PATH}/${created.id}`);
      } catch (thrown) {
        const problem = formProblemOf(thrown, CREATE_LIST_FIELDS);
        if (!problem) throw thrown;
        const { lists } = await callOperation(getLists, {}, signedInCaller(request));
        const page = <ListsPage viewer={viewerOf(request)} lists={lists} typed={typed} problem={problem} />;
        renderRefusedForm(ctx, page, problem);
      }
    }),
  );

  router.get(
    `${LISTS_PATH}/:id`,
    signedInPage(services, async (request) => {
      const { ctx } = request;
      const listId = listIdOf(request);
      const filters = listFiltersOf(ctx.query);
      const offset = typeof ctx.query.offset === 'string' ? ctx.query.offset : undefined;
      const q = typeof ctx.query.q === 'string' ? ctx.query.q : undefined;
      const { page, filterProblem } = await filteredCompanies(request, listId, filters, offset);
      const search = q === undefined ? undefined : await searchFor(request, q);
      const shown = (
        <ListPage
          viewer={viewerOf(request)}
          page={page}
          filters={filters}
          filterProblem={filterProblem}
          search={search}
        />
      );
      const problem = filterProblem ?? search?.problem;
      if (problem) renderRefusedForm(ctx, shown, problem);
      else renderPage(ctx, shown);
    }),
  );

  router.post(
    `${LISTS_PATH}/:id/companies`,
    signedInPage(services, async (request) => {
      const { ctx, form } = request;
      const listId = listIdOf(request);
      const typed = form.company_numbers ?? '';
      const numbers = typed.split(/[\s,;]+/).filter((number) => number !== '');
      let added: AddOutcome | undefined;
      let problem: FormProblem | undefined;
      try {
        added = await callOperation(
          addCompaniesToList,
          { list_id: listId, company_numbers: numbers },
          signedInCaller(request),
        );
      } catch (thrown) {
        problem = formProblemOf(thrown, ADD_COMPANIES_FIELDS);
        if (!problem) throw thrown;
      }
      // Shown in this answer rather than after a redirect: adding again is harmless (already_on_list). An add
      // from search results shows the same results again, to add the next one.
      const page = await callOperation(getListCompanies, { list_id: listId }, signedInCaller(request));
      const search = form.q === undefined ? undefined : await searchFor(request, form.q);
      const shown = (
        <ListPage
          viewer={viewerOf(request)}
          page={page}
          added={added}
          search={search}
          {...(problem ? { typed, problem } : {})}
        />
      );
      if (problem) renderRefusedForm(ctx, shown, problem);
      else renderPage(ctx, shown);
    }),
  );

  router.post(
    `${LISTS_PATH}/:id/companies/:number/remove`,
    signedInPage(services, async (request) => {
      const listId = listIdOf(request);
      const companyNumber = request.ctx.params.number;
      await callOperation(
        removeCompanyFromList,
        { list_id: listId, company_number: companyNumber },
        signedInCaller(request),
      );
      seeOther(request.ctx, `${LISTS_PATH}/${listId}`);
    }),
  );

  router.get(
    `${LISTS_PATH}/:id/settings`,
    signedInPage(services, async (request) => {
      const list = await listOfAccount(request, listIdOf(request));
      const saved = request.ctx.query.saved;
      renderSettings(request, list, {
        saved:
          typeof saved === 'string' && Object.hasOwn(SAVED_NOTICES, saved)
            ? (saved as keyof typeof SAVED_NOTICES)
            : undefined,
      });
    }),
  );

  router.post(
    `${LISTS_PATH}/:id/settings/name`,
    signedInPage(services, async (request) => {
      const { ctx, form } = request;
      const listId = listIdOf(request);
      try {
        // A form without the field is an empty name, refused by the field like any other.
        await callOperation(updateList, { list_id: listId, name: form.name ?? '' }, signedInCaller(request));
        return seeOther(ctx, `${LISTS_PATH}/${listId}/settings?saved=name`);
      } catch (thrown) {
        const problem = formProblemOf(thrown, RENAME_FIELDS);
        if (!problem) throw thrown;
        const list = await listOfAccount(request, listId);
        renderSettings(request, list, {
          refusal: { form: 'rename', typed: { name: form.name ?? '' }, problem },
        });
      }
    }),
  );

  router.post(
    `${LISTS_PATH}/:id/settings/webhook`,
    signedInPage(services, async (request) => {
      const { ctx, form } = request;
      const listId = listIdOf(request);
      const list = await listOfAccount(request, listId);
      const current = {
        webhook_url: list.webhook_url,
        alert_webhook: list.alert_webhook,
        sanctions_alerts: list.sanctions_alerts,
        standard_webhooks: list.standard_webhooks,
      };
      const wanted = wantedWebhookOf(form);
      try {
        // The Team-only rule of the web app, before the operation (open to every plan) is called.
        requireWebhookPlan(request.session.account.plan, current, wanted, services.config.UPGRADE_URL);
        const change = webhookChangeOf(current, wanted);
        if (change) await callOperation(updateList, { list_id: listId, ...change }, signedInCaller(request));
        return seeOther(ctx, `${LISTS_PATH}/${listId}/settings?saved=webhook`);
      } catch (thrown) {
        const problem = webhookProblemOf(thrown);
        if (!problem) throw thrown;
        const typed = {
          webhook_url: form.webhook_url ?? '',
          alert_webhook: form.alert_webhook ?? '',
          sanctions_alerts: form.sanctions_alerts ?? '',
          standard_webhooks: form.standard_webhooks ?? '',
        };
        renderSettings(request, list, { refusal: { form: 'webhook', typed, problem } });
      }
    }),
  );

  router.get(
    `${LISTS_PATH}/:id/delete`,
    signedInPage(services, async (request) => {
      const listId = listIdOf(request);
      const page = await callOperation(
        getListCompanies,
        { list_id: listId, limit: 1 },
        signedInCaller(request),
      );
      renderPage(
        request.ctx,
        <DeleteListPage viewer={viewerOf(request)} list={page.list} companyCount={page.total} />,
      );
    }),
  );

  router.post(
    `${LISTS_PATH}/:id/delete`,
    signedInPage(services, async (request) => {
      await callOperation(deleteList, { list_id: listIdOf(request) }, signedInCaller(request));
      seeOther(request.ctx, LISTS_PATH);
    }),
  );
}

/** A list id in a page's path; anything that cannot be one is a page that does not exist (404), as a foreign list is. */
function listIdOf(request: SignedInRequest): number {
  const raw = (request.ctx.params as Record<string, string>).id ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= 2_147_483_647)) throw notFound('Page', { path: request.ctx.path });
  return id;
}

/**
 * The list's companies as the filters ask; a choice get_list_companies refuses is shown by its control, over the
 * list as it is unfiltered (a list that is not the account's is still a 404).
 */
async function filteredCompanies(
  request: SignedInRequest,
  listId: number,
  filters: ListFilters,
  offset: string | undefined,
) {
  try {
    const input = { list_id: listId, ...filters, offset };
    return { page: await callOperation(getListCompanies, input, signedInCaller(request)) };
  } catch (thrown) {
    const filterProblem = formProblemOf(thrown, LIST_FILTER_FIELDS);
    if (!filterProblem) throw thrown;
    const page = await callOperation(getListCompanies, { list_id: listId }, signedInCaller(request));
    return { page, filterProblem };
  }
}

/** search_companies for the list page's search box; a refused search is shown by the box. */
async function searchFor(request: SignedInRequest, q: string): Promise<ListSearchState> {
  try {
    return { q, result: await callOperation(searchCompanies, { q }, signedInCaller(request)) };
  } catch (thrown) {
    const problem = formProblemOf(thrown, SEARCH_FIELDS);
    if (!problem) throw thrown;
    return { q, problem };
  }
}

/** One of the account's lists with its counts and webhook setting, as get_lists gives it; another's is a 404. */
async function listOfAccount(request: SignedInRequest, listId: number): Promise<ListView> {
  const { lists } = await callOperation(getLists, {}, signedInCaller(request));
  const list = lists.find((candidate) => candidate.id === listId);
  if (!list) throw notFound('List', { list_id: listId });
  return list;
}

function renderSettings(
  request: SignedInRequest,
  list: ListView,
  options: { saved?: keyof typeof SAVED_NOTICES; refusal?: SettingsRefusal },
) {
  const page = (
    <ListSettingsPage
      viewer={viewerOf(request)}
      list={list}
      plan={request.session.account.plan}
      upgradeUrl={request.services.config.UPGRADE_URL}
      {...options}
    />
  );
  if (options.refusal) renderRefusedForm(request.ctx, page, options.refusal.problem);
  else renderPage(request.ctx, page);
}

/**
 * The webhook form's refusals. The address rules name no argument in their details (the API answers them with
 * `details.rule`), so a refused address is told by the address field, where the user typed it.
 */
function webhookProblemOf(thrown: unknown): FormProblem | undefined {
  const problem = formProblemOf(thrown, WEBHOOK_FIELDS);
  if (problem?.message && thrown instanceof ServiceError && thrown.code === 'webhook_address_refused') {
    const { message, ...rest } = problem;
    return { ...rest, fields: { ...rest.fields, webhook_url: message } };
  }
  return problem;
}
