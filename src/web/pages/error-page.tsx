import type { ServiceError } from '../../domain/errors';
import { Layout, type Viewer } from '../layout';

const HEADINGS: Record<number, string> = {
  400: 'That request could not be used',
  403: 'Not allowed',
  404: 'Page not found',
  405: 'Not allowed here',
  413: 'Too much sent',
  415: 'Unexpected form',
  429: 'Too many requests',
  501: 'Not supported',
  503: 'Temporarily unavailable',
};

/** An error as a page, with its stable code and the request id to quote, as the JSON API gives them. */
export function ErrorPage(props: {
  status: number;
  error: ServiceError;
  requestId: string;
  viewer?: Viewer;
}) {
  const { status, error, requestId, viewer } = props;
  const heading = HEADINGS[status] ?? 'Something went wrong';
  const message = status === 404 ? 'There is no such page here, or it is not yours to see.' : error.message;
  return (
    <Layout title={heading} viewer={viewer}>
      <h1>{heading}</h1>
      <p>{message}</p>
      <dl class="error-facts">
        <dt>Code</dt>
        <dd>
          <code id="error-code">{error.code}</code>
        </dd>
        <dt>Request id</dt>
        <dd>
          <code>{requestId}</code>
        </dd>
      </dl>
      <p>
        <a href={viewer ? '/app/lists' : '/app'}>{viewer ? 'Back to your lists' : 'Back to the start'}</a>
      </p>
    </Layout>
  );
}
