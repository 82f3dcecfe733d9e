import type { ConnectedClient } from '../../http/oauth/oauth-store';
import { CsrfField } from '../form-controls';
import { Layout, type Viewer } from '../layout';

export const CONNECTED_CLIENTS_PATH = '/app/connected-clients';

/** The assistants signed in as this account through OAuth, each with a button that withdraws its access. */
export function ConnectedClientsPage({ viewer, clients }: { viewer: Viewer; clients: ConnectedClient[] }) {
  return (
    <Layout title="Connected assistants" viewer={viewer} section="connected-clients">
      <h1>Connected assistants</h1>
      {clients.length === 0 ? (
        <p id="no-clients">
          No assistant is connected through OAuth. Assistants that send your API key are not listed here.
        </p>
      ) : (
        <div class="table-scroll">
          <table id="connected-clients">
            <thead>
              <tr>
                <th scope="col">Assistant</th>
                <th scope="col">Sends you back to</th>
                <th scope="col">
                  <span class="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {clients.map((client) => (
                <tr key={client.grantId}>
                  <td>{client.clientName ?? client.clientId}</td>
                  <td>
                    <code>{client.redirectHost ?? '—'}</code>
                  </td>
                  <td>
                    <form method="post" action={`${CONNECTED_CLIENTS_PATH}/${client.grantId}/revoke`}>
                      <CsrfField token={viewer.csrfToken} />
                      <button type="submit" class="secondary">
                        Disconnect
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
}
