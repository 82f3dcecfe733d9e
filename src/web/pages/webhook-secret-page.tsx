import type { z } from 'zod';
import type { webhookSecretView } from '../../operations/webhook-secret-view';
import { CsrfField } from '../form-controls';
import { Layout, type Viewer } from '../layout';
import { UtcTime } from './utc-time';

export type WebhookSecretView = z.infer<typeof webhookSecretView>;

export const WEBHOOK_SECRET_PATH = '/app/webhook-secret';
export const REVEAL_SECRET_PATH = `${WEBHOOK_SECRET_PATH}/reveal`;
export const ROTATE_SECRET_PATH = `${WEBHOOK_SECRET_PATH}/rotate`;

/**
 * `/app/webhook-secret`: the secret that signs the account's webhooks (get_webhook_secret). Its value is in the
 * page only when `revealed`, which only the Reveal form's POST answer is (never a GET, so never a URL, a history
 * entry or a cache); otherwise the page knows nothing but its id. During a rotation's 24-hour overlap it shows
 * both secrets that sign, and when the previous one stops; revealed, both values, since the receiver being moved
 * over may still need the previous one.
 */
export function WebhookSecretPage(props: { viewer: Viewer; view: WebhookSecretView; revealed: boolean }) {
  const { viewer, view, revealed } = props;
  return (
    <Layout title="Webhook signing secret" viewer={viewer} section="webhook-secret">
      <h1>Webhook signing secret</h1>
      <p>
        Every webhook carries a <code>Service-Signature</code> header made with this secret. Your receiver
        checks it to know a webhook came from this service and was not changed on the way.
      </p>
      {view.previous !== null ? <OverlapNotice view={view} revealed={revealed} /> : null}
      <section aria-labelledby="current-secret-heading">
        <h2 id="current-secret-heading">
          {view.previous !== null ? 'The new (current) secret' : 'Your secret'}
        </h2>
        <dl class="facts">
          <dt>Id</dt>
          <dd>
            <code>{view.id}</code>
          </dd>
          <dt>Created</dt>
          <dd>
            <UtcTime iso={view.created_at} />
          </dd>
          <dt>Secret</dt>
          <dd>
            {revealed ? (
              <code id="webhook-secret" class="secret">
                {view.secret}
              </code>
            ) : (
              <span id="secret-hidden">Hidden</span>
            )}
          </dd>
        </dl>
        {revealed ? (
          <p>
            Keep it where your receiver reads its configuration, not in code or chat.{' '}
            <a href={WEBHOOK_SECRET_PATH}>Hide it</a>
          </p>
        ) : (
          <form method="post" action={REVEAL_SECRET_PATH} id="reveal-secret-form">
            <CsrfField token={viewer.csrfToken} />
            <button type="submit">Reveal secret</button>
          </form>
        )}
      </section>
      <section aria-labelledby="rotate-heading">
        <h2 id="rotate-heading">Rotate</h2>
        <p>
          Rotating makes a new secret. The one it replaces keeps signing for 24 hours beside the new one, so
          your receiver can move over without missing a webhook. Rotate when the secret may have leaked.
        </p>
        <p>
          <a class="button button-secondary" href={ROTATE_SECRET_PATH}>
            Rotate the secret…
          </a>
        </p>
      </section>
    </Layout>
  );
}

function OverlapNotice({ view, revealed }: { view: WebhookSecretView; revealed: boolean }) {
  const previous = view.previous!;
  return (
    <section class="notice notice-warning" aria-labelledby="overlap-heading" id="rotation-overlap">
      <h2 id="overlap-heading">A rotation is under way</h2>
      <p>
        Until <UtcTime iso={previous.expires_at} />, every webhook is signed with both secrets: the signature
        header carries one <code>v1</code> value for each. A receiver that knows either one accepts it. Move
        your receiver to the new secret before then: after that only the new one signs.
      </p>
      <p>The secrets signing your webhooks now:</p>
      <dl class="facts">
        <dt>New (current)</dt>
        <dd>
          <code>{view.id}</code>: signs from <UtcTime iso={view.created_at} /> until you rotate again
        </dd>
        <dt>Previous</dt>
        <dd id="previous-secret">
          <code>{previous.id}</code>: signs until <UtcTime iso={previous.expires_at} />
          {revealed ? (
            <>
              <br />
              <code id="previous-webhook-secret" class="secret">
                {previous.secret}
              </code>
            </>
          ) : null}
        </dd>
      </dl>
      {revealed ? (
        <p>
          The previous value is here for a receiver not yet moved over; give it the new one, under “The new
          (current) secret”, and drop the previous one once it stops.
        </p>
      ) : null}
    </section>
  );
}
