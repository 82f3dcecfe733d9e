import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { ServiceError } from '../domain/errors';

/**
 * A request body's text, as the JSON API (json-body.ts) and the web app's forms (web/form-body.ts) read it:
 * undefined when the request declares none, `unsupported_media_type` when it is not `mediaType`,
 * `payload_too_large` past the limit, and the reader's own error when it cannot be read.
 */
export async function readBodyText(
  ctx: Context,
  options: {
    mediaType: string;
    /** How the messages name it: "body", "form". */
    noun: string;
    limitBytes: number;
    unreadable: (reason: string | undefined) => ServiceError;
  },
): Promise<string | undefined> {
  const declaresBody = Boolean(ctx.request.length) || ctx.get('Transfer-Encoding') !== '';
  if (!declaresBody) return undefined;
  if (!ctx.is(options.mediaType)) {
    throw new ServiceError('unsupported_media_type', `Send the ${options.noun} as ${options.mediaType}`, {
      content_type: ctx.get('Content-Type') || null,
    });
  }
  try {
    return await getRawBody(ctx.req, {
      limit: options.limitBytes,
      length: ctx.request.length,
      encoding: 'utf8',
    });
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') {
      throw new ServiceError(
        'payload_too_large',
        `The ${options.noun} is larger than ${options.limitBytes} bytes`,
        { limit_bytes: options.limitBytes },
      );
    }
    throw options.unreadable(type);
  }
}
