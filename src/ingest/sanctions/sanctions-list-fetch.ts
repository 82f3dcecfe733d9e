import { ServiceError } from '../../domain/errors';

/*
 * One file of a sanctions list over HTTP, within the limits the whole read shares: a byte budget, a deadline
 * (the signal), and redirects followed only on the configured host.
 */

const MAX_REDIRECTS = 5;

export interface FetchLimits {
  /** The configured URL's origin: a redirect elsewhere is refused. */
  origin: string;
  /** The whole list's limit: OFAC's files share it. */
  maxBytes: number;
  /** Bytes of the list already read (its earlier files). */
  alreadyRead: number;
  signal: AbortSignal;
  timeoutMs: number;
}

export function listTooLarge(source: string, maxBytes: number): ServiceError {
  return new ServiceError(
    'invalid_argument',
    `The sanctions list at ${source} is larger than ${maxBytes} bytes`,
    { source, max_bytes: maxBytes },
  );
}

/** The body of `url` (after same-host redirects) and the URL finally fetched. */
export async function fetchListFile(
  url: string,
  limits: FetchLimits,
): Promise<{ bytes: Buffer; url: string }> {
  const { origin, maxBytes, alreadyRead, signal, timeoutMs } = limits;
  let current = url;
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(current, { redirect: 'manual', signal });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        const next = location === null ? null : new URL(location, current);
        // The configured host is the operator's choice; a redirect elsewhere is not, so it is named and refused.
        if (next === null || next.origin !== origin || redirects >= MAX_REDIRECTS) {
          throw new ServiceError(
            'unavailable',
            next === null || next.origin === origin
              ? `Too many redirects fetching the sanctions list from ${url}`
              : `The sanctions list at ${current} redirects to another host (${next.origin}); configure that address instead`,
            { source: url, location },
          );
        }
        current = next.toString();
        continue;
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new ServiceError(
          'unavailable',
          `Fetching the sanctions list from ${current} answered HTTP ${response.status}`,
          { source: current, status: response.status },
        );
      }
      // A compressed body is decoded on the way in, so its announced length says nothing about what arrives.
      const declared = response.headers.has('content-encoding')
        ? NaN
        : Number(response.headers.get('content-length') ?? NaN);
      if (alreadyRead + declared > maxBytes) {
        await response.body?.cancel();
        throw listTooLarge(current, maxBytes);
      }
      const parts: Buffer[] = [];
      let size = 0;
      for await (const part of response.body ?? []) {
        size += (part as Uint8Array).byteLength;
        if (alreadyRead + size > maxBytes) throw listTooLarge(current, maxBytes);
        parts.push(Buffer.from(part as Uint8Array));
      }
      // A connection cut short can still end cleanly; a shorter body than announced is a truncated list.
      if (Number.isFinite(declared) && size !== declared) {
        throw new ServiceError(
          'unavailable',
          `The sanctions list from ${current} ended after ${size} of ${declared} bytes`,
          { source: current },
        );
      }
      return { bytes: Buffer.concat(parts), url: current };
    }
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw new ServiceError(
      'unavailable',
      signal.aborted
        ? `Fetching the sanctions list from ${current} took longer than ${timeoutMs} ms`
        : `Fetching the sanctions list from ${current} failed: ${(error as Error).message}`,
      { source: current },
    );
  }
}
