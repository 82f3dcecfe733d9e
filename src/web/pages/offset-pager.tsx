/** A page of an operation that pages by offset: where it starts, how many it holds, where the next one starts. */
export interface OffsetPage {
  offset: number;
  limit: number;
  next_offset: number | null;
}

/**
 * Links to the previous and next pages of an offset-paged answer, nothing when it is the only page. `href` keeps
 * the page's filters; the link texts say which way the order runs (newer or older checks, for one).
 */
export function OffsetPager(props: {
  page: OffsetPage;
  href: (offset: number) => string;
  label: string;
  previous?: string;
  next?: string;
}) {
  const { page, href } = props;
  if (page.offset === 0 && page.next_offset === null) return null;
  return (
    <nav aria-label={props.label} class="pager">
      {page.offset > 0 ? (
        <a href={href(Math.max(0, page.offset - page.limit))} rel="prev">
          {props.previous ?? 'Previous page'}
        </a>
      ) : null}{' '}
      {page.next_offset !== null ? (
        <a href={href(page.next_offset)} rel="next">
          {props.next ?? 'Next page'}
        </a>
      ) : null}
    </nav>
  );
}
