import { Layout } from '../layout';

/**
 * The one page that ever shows the key: right after sign-up, in the POST's answer (never a URL), sent with
 * no-store. The copy button is wired by /assets/copy-key.js, since the CSP allows no inline script; without
 * script the key is still selectable text.
 */
export function ApiKeyPage({ apiKey, email }: { apiKey: string; email: string }) {
  return (
    <Layout title="Your API key">
      <h1>Your API key</h1>
      <p>
        The account for <strong>{email}</strong> is ready. This is its API key:
      </p>
      <div class="key-box">
        <code id="api-key">{apiKey}</code>
        <button type="button" id="copy-key" hidden>
          Copy key
        </button>
        <p id="copy-status" class="hint" role="status"></p>
      </div>
      <div class="notice notice-warning" role="note">
        <strong>Store it now: it is not shown again.</strong> Only a hash of it is kept, so nobody can show it
        to you later. You sign in to these pages with it, and programs send it in the <code>X-Api-Key</code>{' '}
        header.
      </div>
      <p>
        <a class="button" href="/app/sign-in">
          Sign in with your key
        </a>
      </p>
      <script src="/assets/copy-key.js" defer></script>
    </Layout>
  );
}
