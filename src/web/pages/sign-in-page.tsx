import { CsrfField, Notice, TextField } from '../form-controls';
import { Layout } from '../layout';

/**
 * The key field is never filled back in: a refused key is not written into the page. `limitedFor` is set when
 * this address has failed too many sign-ins: the seconds until it may try again (also sent as Retry-After).
 */
export function SignInPage(props: { csrfToken: string; error?: string; limitedFor?: number; next?: string }) {
  const { csrfToken, error, limitedFor, next } = props;
  return (
    <Layout title="Sign in">
      <h1>Sign in</h1>
      {limitedFor !== undefined ? (
        <Notice kind="error">
          <span id="sign-in-limited">
            Too many failed sign-ins from your network in the last hour. Try again in {waitText(limitedFor)}.
            Your key was not checked.
          </span>
        </Notice>
      ) : null}
      <form method="post" action="/app/sign-in" id="sign-in-form" novalidate>
        <CsrfField token={csrfToken} />
        {next ? <input type="hidden" name="next" value={next} /> : null}
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

/** 45 → "1 minute", 3600 → "60 minutes": a person waits in minutes, rounded up so they never try too soon. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
