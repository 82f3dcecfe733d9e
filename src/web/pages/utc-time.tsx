const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An instant as the pages print it: "24 Nov 2026, 14:05:09 UTC". UTC because the register, the API and the
 * webhook payloads all speak UTC and the server does not know the reader's zone; seconds because attempts of one
 * delivery can be seconds apart.
 */
export function utcText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${day}, ${time} UTC`;
}

/** A `<time>` element: the machine-readable instant in `datetime`, the readable one as its text. */
export function UtcTime({ iso }: { iso: string }) {
  return <time datetime={iso}>{utcText(iso)}</time>;
}
