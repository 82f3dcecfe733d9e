import type { Context } from 'koa';
import type { VNode } from 'preact';
import { render } from 'preact-render-to-string';
import type { FormProblem } from './form-problem';

/** A page as the answer: Preact renders to a string, escaping every text and attribute value it is given. */
export function renderPage(ctx: Context, page: VNode, status = 200): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = `<!DOCTYPE html>${render(page)}`;
}

/** A form shown again with the operation's refusal: the refusal's status, and Retry-After for a limit. */
export function renderRefusedForm(ctx: Context, page: VNode, problem: FormProblem): void {
  if (problem.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(problem.retryAfterSeconds));
  renderPage(ctx, page, problem.status);
}

/** After a form that changed something: the browser fetches the next page with GET (post/redirect/get). */
export function seeOther(ctx: Context, path: string): void {
  ctx.status = 303;
  ctx.redirect(path);
}
