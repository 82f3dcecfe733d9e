import { CsrfField } from '../form-controls';
import { Layout, type Viewer } from '../layout';

export interface ConnectRequest {
  uid: string;
  clientName: string;
  clientId: string;
  /** The host the browser is sent back to with the code: what the account is really trusting. */
  redirectHost: string;
  scope: string;
  /** The host of a client that identifies itself by a metadata document it publishes (its client id is its URL). */
  publishedBy?: string;
}

/** The consent step of an OAuth sign-in: which assistant asks, where it is sent back to, and what it may do. */
export function ConnectPage({ viewer, request }: { viewer: Viewer; request: ConnectRequest }) {
  return (
    <Layout title="Connect an assistant" viewer={viewer} section="connected-clients" sectionSubpage>
      <h1>Connect an assistant</h1>
      <p>
        <strong id="client-name">{request.clientName}</strong> asks to use this service as your account,{' '}
        <strong>{viewer.email}</strong>.
      </p>
      <dl>
        <dt>Sends you back to</dt>
        <dd>
          <code id="redirect-host">{request.redirectHost}</code>
        </dd>
        <dt>May</dt>
        <dd id="scope">
          call the MCP tools ({request.scope}) on your plan and quotas, as your API key does, until you
          disconnect it on the Connected assistants page
        </dd>
        <dt>Client id</dt>
        <dd>
          <code>{request.clientId}</code>
        </dd>
        {request.publishedBy ? (
          <>
            <dt>Identified by</dt>
            <dd id="published-by">
              a document it publishes at <code>{request.publishedBy}</code>: the name above is what that
              document says, and only whoever controls <code>{request.publishedBy}</code> could have written
              it
            </dd>
          </>
        ) : null}
      </dl>
      <form method="post" action={`/app/connect/${request.uid}`} id="connect-form">
        <CsrfField token={viewer.csrfToken} />
        <button type="submit" name="decision" value="allow" id="allow">
          Allow
        </button>{' '}
        <button type="submit" name="decision" value="deny" id="deny" class="secondary">
          Deny
        </button>
      </form>
    </Layout>
  );
}
