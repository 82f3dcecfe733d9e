import { CsrfField } from '../form-controls';
import { Layout, type Viewer } from '../layout';
import { UtcTime } from './utc-time';
import { ROTATE_SECRET_PATH, WEBHOOK_SECRET_PATH, type WebhookSecretView } from './webhook-secret-page';

/**
 * The confirm step of rotating the signing secret: a real form, so a rotation is a POST and never a followed
 * link, with what it does to the receiver said before it is done (a second rotation inside the overlap ends the
 * previous secret at once).
 */
export function RotateSecretPage({ viewer, view }: { viewer: Viewer; view: WebhookSecretView }) {
  return (
    <Layout title="Rotate the signing secret" viewer={viewer} section="webhook-secret" sectionSubpage>
      <p class="breadcrumb">
        <a href={WEBHOOK_SECRET_PATH}>Webhook signing secret</a>
      </p>
      <h1>Rotate the signing secret?</h1>
      <p>
        A new secret is made now and signs every webhook from now on. The current secret (
        <code>{view.id}</code>) keeps signing beside it for 24 hours, then stops: update your receiver to the
        new secret within 24 hours, or it will start refusing your webhooks.
      </p>
      {view.previous !== null ? (
        <div class="notice notice-warning" role="note" id="second-rotation-warning">
          <strong>A rotation is already under way.</strong> Rotating again stops the previous secret (
          <code>{view.previous.id}</code>) at once instead of at <UtcTime iso={view.previous.expires_at} />: a
          receiver that only knows that one refuses webhooks from now on.
        </div>
      ) : null}
      <form method="post" action={ROTATE_SECRET_PATH} id="rotate-secret-form">
        <CsrfField token={viewer.csrfToken} />
        <button type="submit" class="button-danger">
          Rotate secret
        </button>{' '}
        <a href={WEBHOOK_SECRET_PATH}>Cancel</a>
      </form>
    </Layout>
  );
}
