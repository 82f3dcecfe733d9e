import { CsrfField, TextField } from '../form-controls';
import { Layout } from '../layout';

/** The key field is never filled back in: a refused key is not written into the page. */
export function SignInPage(props: { csrfToken: string; error?: string }) {
  const { csrfToken, error } = props;
  return (
    <Layout title="Sign in">
      <h1>Sign in</h1>
      <form method="post" action="/app/sign-in" id="sign-in-form" novalidate>
        <CsrfField token={csrfToken} />
        <TextField
          id="api-key"
          name="api_key"
          label="API key"
          type="password"
          autocomplete="current-password"
          hint="The key shown once when you signed up; it starts with cds_."
          error={error}
          required
        />
        <button type="submit">Sign in</button>
      </form>
      <p>
        No key yet? <a href="/app/sign-up">Sign up</a>. Lost yours? Ask the operator for a new key on your
        account.
      </p>
    </Layout>
  );
}
