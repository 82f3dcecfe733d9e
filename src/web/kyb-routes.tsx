import type Router from '@koa/router';
import type { Context } from 'koa';
import { planAllows } from '../domain/accounts/plans';
import type { AppState } from '../http/state';
import { getKybCheck } from '../operations/get-kyb-check';
import { listKybChecks } from '../operations/list-kyb-checks';
import { runKybCheck } from '../operations/run-kyb-check';
import type { Services } from '../services';
import { callOperation } from './call-operation';
import { formProblemOf } from './form-problem';
import { kybRecordPdf } from './kyb-record-pdf';
import { queryValue, signedInCaller, viewerOf } from './page-inputs';
import { gated } from './pages/company-plan-note';
import { KybCheckPage } from './pages/kyb-check-page';
import { KYB_FILTER_FIELDS, KybChecksPage, type KybFilters } from './pages/kyb-checks-page';
import { KYB_FORM_FIELDS, KybNewPage, type KybFormValues } from './pages/kyb-new-page';
import { KYB_NEW_PATH, KYB_PATH, kybCheckPath } from './pages/kyb-paths';
import { renderPage, renderRefusedForm, seeOther } from './render-page';
import { newToken } from './tokens';
import { signedInPage, type SignedInRequest } from './web-request';

const PAGE_SIZE = 20;

/** The form's fields as run_kyb_check's arguments: empty optional fields left out, the address only with a field. */
function kybInput(form: Record<string, string>): Record<string, unknown> {
  const given = (name: string) =>
    form[name] === undefined || form[name].trim() === '' ? undefined : form[name];
  const postcode = given('stated_postcode');
  const line1 = given('stated_address_line_1');
  return {
    client_reference: form.client_reference ?? '',
    stated_company_name: form.stated_company_name ?? '',
    ...(given('company_number') === undefined ? {} : { company_number: form.company_number }),
    ...(postcode === undefined && line1 === undefined
      ? {}
      : {
          stated_address: {
            postcode: postcode ?? '',
            ...(line1 === undefined ? {} : { address_line_1: line1 }),
          },
        }),
    // The form's own token: the same form sent twice is one check, answered again uncharged (run_kyb_check's rule).
    idempotency_key: form.idempotency_key,
  };
}

function formValues(source: Record<string, string | undefined>): KybFormValues {
  return {
    client_reference: source.client_reference,
    stated_company_name: source.stated_company_name,
    company_number: source.company_number,
    stated_postcode: source.stated_postcode,
    stated_address_line_1: source.stated_address_line_1,
  };
}

/** A download's name: the check id with anything a header or a file system might read otherwise made `_`. */
function attachment(ctx: Context, id: string, extension: string): void {
  ctx.set(
    'Content-Disposition',
    `attachment; filename="kyb-check-${id.replace(/[^A-Za-z0-9_-]/g, '_')}.${extension}"`,
  );
}

/**
 * The KYB pages: the form (`/app/kyb/new`, run_kyb_check), the account's checks (`/app/kyb`, list_kyb_checks) and
 * one check's record (`/app/kyb/{id}`, get_kyb_check) with its PDF and JSON. Every call goes through the
 * operation table, so quota, plan and idempotency are the API's; a plan without checks sees what they are and
 * the upgrade link, and a forced POST is the operation's plan refusal with nothing stored.
 */
export function kybRoutes(router: Router<AppState>, services: Services): void {
  const planRefusalFor = (request: SignedInRequest) => {
    const plan = request.session.account.plan;
    if (planAllows(plan, runKybCheck.lowestPlan)) return undefined;
    return {
      requiredPlan: runKybCheck.lowestPlan,
      currentPlan: plan,
      upgradeUrl: services.config.UPGRADE_URL,
    };
  };

  router.get(
    KYB_PATH,
    signedInPage(services, async (request) => {
      const filters: KybFilters = {};
      for (const field of KYB_FILTER_FIELDS) {
        const value = queryValue(request.ctx, field);
        if (value !== undefined) filters[field] = value;
      }
      const offset = queryValue(request.ctx, 'offset');
      const viewer = viewerOf(request);
      try {
        const answer = await gated(
          callOperation(
            listKybChecks,
            { ...filters, limit: PAGE_SIZE, ...(offset === undefined ? {} : { offset }) },
            signedInCaller(request),
          ),
        );
        const page =
          'planRefusal' in answer ? (
            <KybChecksPage viewer={viewer} filters={filters} planRefusal={answer.planRefusal} />
          ) : (
            <KybChecksPage viewer={viewer} filters={filters} answer={answer.shown} />
          );
        renderPage(request.ctx, page);
      } catch (thrown) {
        const problem = formProblemOf(thrown, KYB_FILTER_FIELDS);
        if (!problem) throw thrown;
        renderRefusedForm(
          request.ctx,
          <KybChecksPage viewer={viewer} filters={filters} problem={problem} />,
          problem,
        );
      }
    }),
  );

  router.get(
    KYB_NEW_PATH,
    signedInPage(services, async (request) => {
      const values = formValues({
        client_reference: queryValue(request.ctx, 'client_reference'),
        stated_company_name: queryValue(request.ctx, 'stated_company_name'),
        company_number: queryValue(request.ctx, 'company_number'),
      });
      const planRefusal = planRefusalFor(request);
      renderPage(
        request.ctx,
        <KybNewPage
          viewer={viewerOf(request)}
          values={values}
          idempotencyKey={newToken()}
          {...(planRefusal ? { planRefusal } : {})}
        />,
      );
    }),
  );

  router.post(
    KYB_NEW_PATH,
    signedInPage(services, async (request) => {
      let check;
      try {
        check = await callOperation(runKybCheck, kybInput(request.form), signedInCaller(request));
      } catch (thrown) {
        const problem = formProblemOf(thrown, KYB_FORM_FIELDS);
        if (!problem) throw thrown;
        // A fresh key: nothing was stored under the refused one, and a corrected form is a new request.
        renderRefusedForm(
          request.ctx,
          <KybNewPage
            viewer={viewerOf(request)}
            values={formValues(request.form)}
            idempotencyKey={newToken()}
            problem={problem}
          />,
          problem,
        );
        return;
      }
      seeOther(request.ctx, kybCheckPath(check.id));
    }),
  );

  const storedCheck = (request: SignedInRequest) =>
    callOperation(getKybCheck, { id: request.ctx.params.id }, signedInCaller(request));

  router.get(
    `${KYB_PATH}/:id`,
    signedInPage(services, async (request) => {
      renderPage(request.ctx, <KybCheckPage viewer={viewerOf(request)} check={await storedCheck(request)} />);
    }),
  );

  router.get(
    `${KYB_PATH}/:id/record.pdf`,
    signedInPage(services, async (request) => {
      const check = await storedCheck(request);
      const pdf = await kybRecordPdf(check, request.now);
      request.ctx.type = 'application/pdf';
      attachment(request.ctx, check.id, 'pdf');
      request.ctx.body = pdf;
    }),
  );

  router.get(
    `${KYB_PATH}/:id/record.json`,
    signedInPage(services, async (request) => {
      const check = await storedCheck(request);
      request.ctx.type = 'application/json; charset=utf-8';
      attachment(request.ctx, check.id, 'json');
      // The stored result whole (its created_at, its disclaimer), dated by when this copy was made.
      request.ctx.body = JSON.stringify({ downloaded_at: request.now.toISOString(), ...check }, null, 2);
    }),
  );
}
