import { z } from 'zod';
import { ServiceError } from '../domain/errors';
import { httpStatusOf } from '../http/error-status';
import { invalidArgument } from '../http/errors';

/** What a form shows after an operation refused it: messages by field, or one for the whole form, and the status. */
export interface FormProblem {
  status: number;
  /** The operation's error code (invalid_argument, conflict…), as the API would answer it. */
  code?: string;
  /** Keyed by the operation's argument name, which is also the form field's name. */
  fields: Record<string, string>;
  /** Shown above the form when no field of the form is named (a quota reached, a plan needed). */
  message?: string;
  /** For a quota or rate limit: sent as Retry-After, as the JSON API sends it. */
  retryAfterSeconds?: number;
}

/** Refusals a form answers on its own page; any other error (not found, a defect) becomes an error page. */
const SHOWN_ON_THE_FORM = new Set([
  'invalid_argument',
  'invalid_company_number',
  'conflict',
  'webhook_address_refused',
  'plan_required',
  'rate_limited',
]);

/**
 * An operation's refusal as the form shows it, reading the names the API already gives its arguments:
 * `details.problems[].argument` (bad input, `company_numbers.0` is the field `company_numbers`),
 * `details.argument` (a malformed company number) or `details.field` (a list name taken). A problem with an
 * argument the form has no field for is told above the form. Undefined for an error that is not the form's to
 * show.
 */
export function formProblemOf(thrown: unknown, formFields: readonly string[]): FormProblem | undefined {
  const error = thrown instanceof z.ZodError ? invalidArgument(thrown) : thrown;
  if (!(error instanceof ServiceError) || !SHOWN_ON_THE_FORM.has(error.code)) return undefined;
  const fields: Record<string, string> = {};
  const details = error.details ?? {};
  if (Array.isArray(details.problems)) {
    for (const problem of details.problems as { argument?: unknown; problem?: unknown }[]) {
      if (typeof problem.argument !== 'string' || typeof problem.problem !== 'string') continue;
      const field = problem.argument.split('.')[0]!;
      fields[field] ??= problem.problem;
    }
  }
  for (const key of ['argument', 'field']) {
    const field = details[key];
    if (typeof field === 'string') fields[field] ??= error.message;
  }
  const onForm = Object.fromEntries(Object.entries(fields).filter(([field]) => formFields.includes(field)));
  const elsewhere = Object.entries(fields).filter(([field]) => !formFields.includes(field));
  let message: string | undefined;
  if (elsewhere.length > 0) message = elsewhere.map(([field, text]) => `${field}: ${text}`).join('; ');
  else if (Object.keys(onForm).length === 0) message = error.message;
  const retryAfterSeconds =
    typeof details.retry_after_seconds === 'number' ? details.retry_after_seconds : undefined;
  return {
    status: httpStatusOf[error.code],
    code: error.code,
    fields: onForm,
    ...(message === undefined ? {} : { message }),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  };
}
