import type { ComponentChildren } from 'preact';
import { CsrfField } from './form-controls';

/** Who is signed in, as the header shows them: the sign-out form needs the session's CSRF token. */
export interface Viewer {
  email: string;
  csrfToken: string;
}

/** The parts of the signed-in site the navigation links to, in its order. */
const SECTIONS = [
  { name: 'lists', href: '/app/lists', label: 'Lists' },
  { name: 'alerts', href: '/app/alerts', label: 'Alerts' },
  { name: 'deliveries', href: '/app/deliveries', label: 'Deliveries' },
  { name: 'webhook-secret', href: '/app/webhook-secret', label: 'Webhook secret' },
  { name: 'screen', href: '/app/screen', label: 'Screener' },
  { name: 'kyb', href: '/app/kyb', label: 'KYB checks' },
  { name: 'sanctions', href: '/app/sanctions', label: 'Sanctions' },
  { name: 'connected-clients', href: '/app/connected-clients', label: 'Connected assistants' },
] as const;

export type NavSection = (typeof SECTIONS)[number]['name'];

/**
 * The frame of every page: one header with the site's navigation, one main holding the page's h1. `section`
 * marks its link in the navigation as where the reader is: `aria-current="page"` on the section's own page, and
 * `aria-current="true"` on a page inside it (`sectionSubpage`: a list, a delivery, the rotate step), whose
 * link leads elsewhere, as ARIA and the GOV.UK service navigation tell the two apart.
 */
export function Layout(props: {
  title: string;
  viewer?: Viewer;
  section?: NavSection;
  sectionSubpage?: boolean;
  children: ComponentChildren;
}) {
  const { title, viewer, section, sectionSubpage = false, children } = props;
  const here = section ? { section, subpage: sectionSubpage } : undefined;
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
          {viewer ? <HeaderSearch /> : null}
          <nav aria-label="Main">
            {viewer ? <SignedInNav viewer={viewer} here={here} /> : <SignedOutNav />}
          </nav>
        </header>
        <main id="main">{children}</main>
      </body>
    </html>
  );
}

/**
 * The register search from every signed-in page: a GET form to `/app/companies` (search_companies), so the
 * query is in the URL and the results page can be bookmarked; the input's label is for screen readers only.
 */
function HeaderSearch() {
  return (
    <form
      method="get"
      action="/app/companies"
      role="search"
      aria-label="Register search"
      class="header-search"
      id="header-search"
    >
      <label for="header-search-q" class="visually-hidden">
        Search companies by name or number
      </label>
      <input
        id="header-search-q"
        name="q"
        type="search"
        maxLength={200}
        placeholder="Company name or number"
      />
      <button type="submit">Search</button>
    </form>
  );
}

function SignedInNav(props: { viewer: Viewer; here?: { section: NavSection; subpage: boolean } }) {
  const { viewer, here } = props;
  return (
    <ul class="nav-items">
      {SECTIONS.map(({ name, href, label }) => (
        <li key={name}>
          <a href={href} aria-current={here?.section === name ? (here.subpage ? 'true' : 'page') : undefined}>
            {label}
          </a>
        </li>
      ))}
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
