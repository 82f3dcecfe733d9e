/**
 * A browser stand-in for the web app's tests: keeps the cookies the service sets (as a browser would for
 * http://127.0.0.1), never follows redirects (so a test sees each 303 and its Set-Cookie), and sends forms
 * urlencoded. It holds no knowledge of the pages beyond the hidden `csrf` field.
 */
export interface WebResponse {
  status: number;
  headers: Headers;
  html: string;
  location: string | null;
  setCookies: string[];
}

/** A form's fields; a list is sent as its name repeated. */
export type FormFields = Record<string, string | readonly string[]>;

export class WebClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async get(path: string, headers: Record<string, string> = {}): Promise<WebResponse> {
    return this.send('GET', path, undefined, headers);
  }

  async post(path: string, fields: FormFields, headers: Record<string, string> = {}): Promise<WebResponse> {
    // A list is a repeated name, as a browser sends a checkbox group.
    const pairs = Object.entries(fields).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((one) => [name, one]),
    );
    return this.send('POST', path, new URLSearchParams(pairs).toString(), {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...headers,
    });
  }

  /** Shows the page, then posts the form with the page's own CSRF token (and `fields`), as a browser would. */
  async submit(pagePath: string, action: string, fields: FormFields): Promise<WebResponse> {
    const page = await this.get(pagePath);
    return this.post(action, { csrf: csrfTokenIn(page.html), ...fields });
  }

  async send(
    method: string,
    path: string,
    body: string | undefined,
    headers: Record<string, string> = {},
  ): Promise<WebResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      body,
      redirect: 'manual',
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
    });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const removed = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (removed) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return {
      status: response.status,
      headers: response.headers,
      html: await response.text(),
      location: response.headers.get('location'),
      setCookies,
    };
  }
}

/** The value of the page's first hidden `csrf` field. */
export function csrfTokenIn(html: string): string {
  const match = /<input[^>]*name="csrf"[^>]*value="([^"]*)"/.exec(html);
  if (!match) throw new Error('the page has no csrf field');
  return match[1]!;
}

/** The attributes of the Set-Cookie line for one cookie, lower-cased names: { httponly: '', 'max-age': '43200' … }. */
export function cookieAttributes(setCookies: string[], name: string): Record<string, string> | undefined {
  const line = setCookies.find((l) => l.startsWith(`${name}=`));
  if (!line) return undefined;
  const [, ...attributes] = line.split(';');
  return Object.fromEntries(
    attributes.map((a) => {
      const [key = '', ...rest] = a.trim().split('=');
      return [key.toLowerCase(), rest.join('=')];
    }),
  );
}

/** Signs up through the pages; the key is read from the one page that shows it. */
export async function signUpThroughPages(
  client: WebClient,
  email = `web-${Math.random().toString(16).slice(2, 10)}@example.com`,
): Promise<{ key: string; page: WebResponse }> {
  const page = await client.submit('/app/sign-up', '/app/sign-up', { email });
  const match = /<code id="api-key">([^<]+)<\/code>/.exec(page.html);
  if (page.status !== 201 || !match) throw new Error(`sign-up failed: ${page.status} ${page.html}`);
  return { key: match[1]!, page };
}

/** Signs in through the pages; the client then holds the session cookie. */
export async function signInThroughPages(client: WebClient, key: string): Promise<WebResponse> {
  const answer = await client.submit('/app/sign-in', '/app/sign-in', { api_key: key });
  if (answer.status !== 303) throw new Error(`sign-in failed: ${answer.status} ${answer.html}`);
  return answer;
}
