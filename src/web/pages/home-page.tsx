import { Layout } from '../layout';

/** `/app` signed out: the two ways in. */
export function HomePage() {
  return (
    <Layout title="Welcome">
      <h1>UK company data, monitored</h1>
      <p>
        Keep lists of the companies you work with and hear when their register entries change. The same
        account works through the API and the MCP endpoint.
      </p>
      <ul class="choices">
        <li>
          <a class="button" href="/app/sign-up">
            Sign up with your email
          </a>
        </li>
        <li>
          <a class="button button-secondary" href="/app/sign-in">
            Sign in with your API key
          </a>
        </li>
      </ul>
    </Layout>
  );
}
