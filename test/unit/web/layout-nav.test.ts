import { h } from 'preact';
import { render } from 'preact-render-to-string';
import { Layout, type NavSection } from '../../../src/web/layout';
import { SignInPage, waitText } from '../../../src/web/pages/sign-in-page';

const viewer = { email: 'someone@example.com', csrfToken: 'T'.repeat(43) };

/** Each nav link's text and its aria-current, in order ('' when it has none). */
function navLinks(html: string): [string, string][] {
  const nav = /<nav aria-label="Main">([\s\S]*?)<\/nav>/.exec(html)![1]!;
  return [...nav.matchAll(/<a href="[^"]*"( aria-current="([^"]*)")?>([^<]*)<\/a>/g)].map((m) => [
    m[3]!,
    m[2] ?? '',
  ]);
}

const page = (props: { section?: NavSection; sectionSubpage?: boolean }) =>
  render(h(Layout, { title: 'T', viewer, ...props, children: h('h1', {}, 'T') }));

describe('the navigation marks where the reader is', () => {
  it.each([
    ['lists', 'Lists'],
    ['alerts', 'Alerts'],
    ['deliveries', 'Deliveries'],
    ['webhook-secret', 'Webhook secret'],
    ['screen', 'Screener'],
    ['kyb', 'KYB checks'],
    ['sanctions', 'Sanctions'],
    ['connected-clients', 'Connected assistants'],
  ] as const)('on the %s page, its link alone is aria-current="page"', (section, label) => {
    const links = navLinks(page({ section }));
    expect(links.map(([text]) => text)).toEqual([
      'Lists',
      'Alerts',
      'Deliveries',
      'Webhook secret',
      'Screener',
      'KYB checks',
      'Sanctions',
      'Connected assistants',
    ]);
    expect(links.filter(([, current]) => current !== '')).toEqual([[label, 'page']]);
  });

  it('inside a section (a list, a delivery) marks its link aria-current="true", not "page"', () => {
    expect(navLinks(page({ section: 'lists', sectionSubpage: true }))[0]).toEqual(['Lists', 'true']);
    expect(page({ section: 'deliveries', sectionSubpage: true })).not.toContain('aria-current="page"');
  });

  it('marks nothing on a page of no section (a company, an error) or when signed out', () => {
    expect(page({})).not.toContain('aria-current');
    expect(render(h(SignInPage, { csrfToken: 'c'.repeat(43) }))).not.toContain('aria-current');
  });
});

describe('the sign-in page when the address has failed too often', () => {
  it('says so and when to try again, and says nothing of it otherwise', () => {
    const limited = render(h(SignInPage, { csrfToken: 'c'.repeat(43), limitedFor: 3_000 }));
    expect(limited).toContain('id="sign-in-limited"');
    expect(limited).toContain('Try again in 50 minutes.');
    expect(limited).toContain('role="alert"');
    expect(render(h(SignInPage, { csrfToken: 'c'.repeat(43) }))).not.toContain('sign-in-limited');
  });

  it('rounds the wait up to whole minutes', () => {
    expect(waitText(1)).toBe('1 minute');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(3_600)).toBe('60 minutes');
    expect(waitText(0)).toBe('1 minute');
  });
});
