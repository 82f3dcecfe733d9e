/* What every Companies House client sets up the same way. */

/** Companies House's HTTP basic auth: the key as user name, an empty password. */
export function basicAuthorization(key: string): string {
  return `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
}

/** The client's defaults with whatever the caller set (undefined leaves a default). */
export function withDefaults<T extends Record<string, unknown>>(defaults: T, options: Partial<T>): T {
  const settings = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = options[key];
    if (value !== undefined) settings[key] = value;
  }
  return settings;
}

/** A base URL without trailing slashes, for paths that start with one. */
export function trimBaseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}
