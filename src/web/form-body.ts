import type { Context } from 'koa';
import { ServiceError } from '../domain/errors';
import { readBodyText } from '../http/body-text';

/**
 * The web app's forms are a few short fields (an email, a key, a list name, up to 100 company numbers): 16 KiB
 * is far above any of them and keeps a page's body small whatever BODY_LIMIT_BYTES allows the JSON API.
 */
export const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * Fields of an `application/x-www-form-urlencoded` body, as the web router reads it itself (it runs before the
 * JSON body middleware). The last value of a repeated field wins; an empty body is no fields.
 */
export async function readFormBody(
  ctx: Context,
  limitBytes = FORM_LIMIT_BYTES,
): Promise<Record<string, string>> {
  const text = await readBodyText(ctx, {
    mediaType: 'application/x-www-form-urlencoded',
    noun: 'form',
    limitBytes,
    unreadable: () =>
      new ServiceError('invalid_argument', 'The form could not be read', {
        problems: [{ argument: '(body)', problem: 'unreadable' }],
      }),
  });
  return text === undefined ? {} : parseFormFields(text);
}

/** The pure half of readFormBody: URLSearchParams decodes `+` and percent escapes as browsers encode them. */
export function parseFormFields(text: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(text)) fields[name] = value;
  return fields;
}
