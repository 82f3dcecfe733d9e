import { CsrfField, Notice, TextField } from '../form-controls';
import type { FormProblem } from '../form-problem';
import { Layout } from '../layout';

export function SignUpPage(props: { csrfToken: string; email?: string; problem?: FormProblem }) {
  const { csrfToken, email, problem } = props;
  return (
    <Layout title="Sign up">
      <h1>Sign up</h1>
      <p>You get an account on the Free plan and its API key, shown once on the next page.</p>
      {problem?.message ? <Notice kind="error">{problem.message}</Notice> : null}
      <form method="post" action="/app/sign-up" id="sign-up-form" novalidate>
        <CsrfField token={csrfToken} />
        <TextField
          id="email"
          name="email"
          label="Email"
          type="email"
          autocomplete="email"
          value={email}
          error={problem?.fields.email}
          maxLength={320}
          required
        />
        <button type="submit">Sign up</button>
      </form>
      <p>
        Already have a key? <a href="/app/sign-in">Sign in</a>.
      </p>
    </Layout>
  );
}
