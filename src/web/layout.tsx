import type { ComponentChildren } from 'preact';
import { CsrfField } from './form-controls';

/** Who is signed in, as the header shows them: the sign-out form needs the session's CSRF token. */
export interface Viewer {
  email: string;
  csrfToken: string;
}

/** The frame of every page: one header with the site's navigation, one main holding the page's h1. */
export function Layout(props: { title: string; viewer?: Viewer; children: ComponentChildren }) {
  const { title, viewer, children } = props;
  return (
    <html lang="en-GB">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Company data service`}</title>
        <link rel="stylesheet" href="/assets/app.css" />
      </head>
      <body>
        <a class="skip-link" href="#main">
          Skip to content
        </a>
        <header class="site-header">
          <a class="brand" href="/app">
            Company data service
          </a>
          <nav aria-label="Main">{viewer ? <SignedInNav viewer={viewer} /> : <SignedOutNav />}</nav>
        </header>
        <main id="main">{children}</main>
      </body>
    </html>
  );
}

function SignedInNav({ viewer }: { viewer: Viewer }) {
  return (
    <ul class="nav-items">
      <li>
        <a href="/app/lists">Lists</a>
      </li>
      <li>
        <a href="/app/alerts">Alerts</a>
      </li>
      <li>
        <a href="/app/deliveries">Deliveries</a>
      </li>
      <li>
        <a href="/app/webhook-secret">Webhook secret</a>
      </li>
      <li class="viewer">{viewer.email}</li>
      <li>
        <form method="post" action="/app/sign-out" id="sign-out-form" class="inline-form">
          <CsrfField token={viewer.csrfToken} />
          <button type="submit" class="link-button">
            Sign out
          </button>
        </form>
      </li>
    </ul>
  );
}

function SignedOutNav() {
  return (
    <ul class="nav-items">
      <li>
        <a href="/app/sign-in">Sign in</a>
      </li>
      <li>
        <a href="/app/sign-up">Sign up</a>
      </li>
    </ul>
  );
}
