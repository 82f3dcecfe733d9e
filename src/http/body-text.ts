import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { ServiceError } from '../domain/errors';

/**
 * A request body's text, as the JSON API (json-body.ts) and the web app's forms (web/form-body.ts) read it:
 * undefined when the request declares none, `unsupported_media_type` when it is not `mediaType`,
 * `payload_too_large` past the limit, and the reader's own error when it cannot be read. The body is decoded
 * as UTF-8 (a byte-order mark dropped), the one charset both media types are sent in.
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
  const length = ctx.request.length;
  const declaresBody = Boolean(length) || ctx.get('Transfer-Encoding') !== '';
  if (!declaresBody) return undefined;
  if (!ctx.is(options.mediaType)) {
    throw new ServiceError('unsupported_media_type', `Send the ${options.noun} as ${options.mediaType}`, {
      content_type: ctx.get('Content-Type') || null,
    });
  }
  try {
    // Read as bytes and decoded here: raw-body decodes through iconv-lite, whose decoder, built for every
    // request, cost more than the read (docs/performance.md, "The hot path of a keyed call").
    const bytes = await getRawBody(ctx.req, { limit: options.limitBytes, length });
    const text = bytes.toString('utf8');
    return text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text;
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

const BYTE_ORDER_MARK = 0xfeff;
