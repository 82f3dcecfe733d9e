import type { z } from 'zod';
import type { endpointHealthView } from '../../domain/webhooks/endpoint-health';
import { CsrfField } from '../form-controls';
import type { Viewer } from '../layout';
import { UtcTime } from './utc-time';

type EndpointHealth = z.infer<typeof endpointHealthView>;

export const REENABLE_ENDPOINT_PATH = '/app/deliveries/endpoints/reenable';
export const listReenablePath = (listId: number | ':id') => `/app/lists/${listId}/webhook/reenable`;

/**
 * A disabled webhook address, said at the top of the page that sends to it, with what went wrong last and the one
 * button that puts it right: re-enable the address and send what it missed (recover_webhook_deliveries with its
 * url). Nothing when the address is not disabled.
 */
export function DisabledEndpointBanner(props: {
  viewer: Viewer;
  url: string;
  health: EndpointHealth | null;
  /** Where the form posts: the list's re-enable path, or the deliveries page's. */
  action: string;
}) {
  const { viewer, url, health, action } = props;
  if (health === null || health.state !== 'disabled') return null;
  return (
    <div class="notice notice-error endpoint-disabled" role="alert">
      <p>
        <strong>Webhooks to {url} are turned off.</strong> Every attempt failed
        {health.failing_since !== null ? (
          <>
            {' '}
            since <UtcTime iso={health.failing_since} />
          </>
        ) : null}
        , so new alerts for it are kept but not sent.
      </p>
      {health.last_error !== null ? (
        <p>
          Last error: <code>{health.last_error}</code>
        </p>
      ) : null}
      <form method="post" action={action} class="endpoint-reenable-form">
        <CsrfField token={viewer.csrfToken} />
        <input type="hidden" name="url" value={url} />
        <button type="submit">Re-enable and recover</button>
      </form>
    </div>
  );
}
