import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { ServiceError } from '../domain/errors';

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
  const declaresBody = Boolean(ctx.request.length) || ctx.get('Transfer-Encoding') !== '';
  if (!declaresBody) return {};
  if (!ctx.is('application/x-www-form-urlencoded')) {
    throw new ServiceError('unsupported_media_type', 'Send the form as application/x-www-form-urlencoded', {
      content_type: ctx.get('Content-Type') || null,
    });
  }
  let text: string;
  try {
    text = await getRawBody(ctx.req, { limit: limitBytes, length: ctx.request.length, encoding: 'utf8' });
  } catch (error) {
    if ((error as { type?: string }).type === 'entity.too.large') {
      throw new ServiceError('payload_too_large', `The form is larger than ${limitBytes} bytes`, {
        limit_bytes: limitBytes,
      });
    }
    throw new ServiceError('invalid_argument', 'The form could not be read', {
      problems: [{ argument: '(body)', problem: 'unreadable' }],
    });
  }
  return parseFormFields(text);
}

/** The pure half of readFormBody: URLSearchParams decodes `+` and percent escapes as browsers encode them. */
export function parseFormFields(text: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(text)) fields[name] = value;
  return fields;
}
