import type { Context } from 'koa';
import { ServiceError } from '../domain/errors';
import { readBodyText } from '../http/body-text';

/**
 * The web app's forms are a few short fields (an email, a key, a list name, up to 100 company numbers, fifteen
 * alert types): 16 KiB is far above any of them and keeps a page's body small whatever BODY_LIMIT_BYTES allows
 * the JSON API.
 */
export const FORM_LIMIT_BYTES = 16 * 1024;

/** A posted form, read both ways a page may need it. */
export interface PostedForm {
  /** The last value of each field name: what a text field, a select or a lone checkbox sends. */
  fields: Record<string, string>;
  /** Every value of each field name in the order sent: a checkbox group sends its name once per ticked box. */
  values: Record<string, string[]>;
}

/**
 * Fields of an `application/x-www-form-urlencoded` body, as the web router reads it itself (it runs before the
 * JSON body middleware). An empty body is no fields.
 */
export async function readForm(ctx: Context, limitBytes = FORM_LIMIT_BYTES): Promise<PostedForm> {
  const text = await readBodyText(ctx, {
    mediaType: 'application/x-www-form-urlencoded',
    noun: 'form',
    limitBytes,
    unreadable: () =>
      new ServiceError('invalid_argument', 'The form could not be read', {
        problems: [{ argument: '(body)', problem: 'unreadable' }],
      }),
  });
  return parseForm(text ?? '');
}

/** readForm's last value of each field, for a form of single-valued fields. */
export async function readFormBody(
  ctx: Context,
  limitBytes = FORM_LIMIT_BYTES,
): Promise<Record<string, string>> {
  return (await readForm(ctx, limitBytes)).fields;
}

/** The pure half of readForm: URLSearchParams decodes `+` and percent escapes as browsers encode them. */
export function parseForm(text: string): PostedForm {
  // Null prototypes: a field named __proto__ or constructor is an ordinary name, not the object's machinery.
  const fields = Object.create(null) as Record<string, string>;
  const values = Object.create(null) as Record<string, string[]>;
  for (const [name, value] of new URLSearchParams(text)) {
    fields[name] = value;
    (values[name] ??= []).push(value);
  }
  return { fields, values };
}

/** parseForm's last value of each field. */
export function parseFormFields(text: string): Record<string, string> {
  return parseForm(text).fields;
}
