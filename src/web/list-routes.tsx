import type Router from '@koa/router';
import { notFound } from '../domain/errors';
import type { AppState } from '../http/state';
import { addCompaniesToList } from '../operations/add-companies-to-list';
import { createList } from '../operations/create-list';
import { deleteList } from '../operations/delete-list';
import { getListCompanies } from '../operations/get-list-companies';
import { getLists } from '../operations/get-lists';
import { removeCompanyFromList } from '../operations/remove-company-from-list';
import type { Services } from '../services';
import { callOperation } from './call-operation';
import { formProblemOf } from './form-problem';
import type { Viewer } from './layout';
import { DeleteListPage } from './pages/delete-list-page';
import { ADD_COMPANIES_FIELDS, ListPage } from './pages/list-page';
import { CREATE_LIST_FIELDS, ListsPage } from './pages/lists-page';
import { renderPage, renderRefusedForm, seeOther } from './render-page';
import { LISTS_PATH, signedInPage, type SignedInRequest } from './web-request';

/** `/app/lists` and one list's pages; each reads and changes lists only through the operations. */
export function listRoutes(router: Router<AppState>, services: Services): void {
  router.get(
    LISTS_PATH,
    signedInPage(services, async (request) => {
      const { lists } = await callOperation(getLists, {}, withAccount(request));
      renderPage(request.ctx, <ListsPage viewer={viewerOf(request)} lists={lists} />);
    }),
  );

  router.post(
    LISTS_PATH,
    signedInPage(services, async (request) => {
      const { ctx, form } = request;
      const typed = { name: form.name, kind: form.kind };
      try {
        const created = await callOperation(createList, typed, withAccount(request));
        return seeOther(ctx, `${LISTS_PATH}/${created.id}`);
      } catch (thrown) {
        const problem = formProblemOf(thrown, CREATE_LIST_FIELDS);
        if (!problem) throw thrown;
        const { lists } = await callOperation(getLists, {}, withAccount(request));
        const page = <ListsPage viewer={viewerOf(request)} lists={lists} typed={typed} problem={problem} />;
        renderRefusedForm(ctx, page, problem);
      }
    }),
  );

  router.get(
    `${LISTS_PATH}/:id`,
    signedInPage(services, async (request) => {
      const listId = listIdOf(request);
      const offset = typeof request.ctx.query.offset === 'string' ? request.ctx.query.offset : undefined;
      const page = await callOperation(getListCompanies, { list_id: listId, offset }, withAccount(request));
      renderPage(request.ctx, <ListPage viewer={viewerOf(request)} page={page} />);
    }),
  );

  router.post(
    `${LISTS_PATH}/:id/companies`,
    signedInPage(services, async (request) => {
      const { ctx, form } = request;
      const listId = listIdOf(request);
      const typed = form.company_numbers ?? '';
      const numbers = typed.split(/[\s,;]+/).filter((number) => number !== '');
      try {
        const added = await callOperation(
          addCompaniesToList,
          { list_id: listId, company_numbers: numbers },
          withAccount(request),
        );
        // Shown in this answer rather than after a redirect: adding again is harmless (already_on_list).
        const page = await callOperation(getListCompanies, { list_id: listId }, withAccount(request));
        renderPage(ctx, <ListPage viewer={viewerOf(request)} page={page} added={added} />);
      } catch (thrown) {
        const problem = formProblemOf(thrown, ADD_COMPANIES_FIELDS);
        if (!problem) throw thrown;
        const page = await callOperation(getListCompanies, { list_id: listId }, withAccount(request));
        renderRefusedForm(
          ctx,
          <ListPage viewer={viewerOf(request)} page={page} typed={typed} problem={problem} />,
          problem,
        );
      }
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
        withAccount(request),
      );
      seeOther(request.ctx, `${LISTS_PATH}/${listId}`);
    }),
  );

  router.get(
    `${LISTS_PATH}/:id/delete`,
    signedInPage(services, async (request) => {
      const listId = listIdOf(request);
      const page = await callOperation(getListCompanies, { list_id: listId, limit: 1 }, withAccount(request));
      renderPage(
        request.ctx,
        <DeleteListPage viewer={viewerOf(request)} list={page.list} companyCount={page.total} />,
      );
    }),
  );

  router.post(
    `${LISTS_PATH}/:id/delete`,
    signedInPage(services, async (request) => {
      await callOperation(deleteList, { list_id: listIdOf(request) }, withAccount(request));
      seeOther(request.ctx, LISTS_PATH);
    }),
  );
}

function withAccount(request: SignedInRequest) {
  return { ...request, account: request.session.account };
}

export function viewerOf(request: SignedInRequest): Viewer {
  return { email: request.session.account.email, csrfToken: request.session.csrfToken };
}

/** A list id in a page's path; anything that cannot be one is a page that does not exist (404), as a foreign list is. */
function listIdOf(request: SignedInRequest): number {
  const raw = (request.ctx.params as Record<string, string>).id ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= 2_147_483_647)) throw notFound('Page', { path: request.ctx.path });
  return id;
}
