/*
 * The crash scenario's customer, set up through the REST API as a customer would: fetch the signing secret, make
 * a list, point its alert webhook at the receiver, and add the companies to monitor 100 at a time.
 */

const ADD_CHUNK = 100;

async function call<T>(
  apiUrl: string,
  apiKey: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { 'X-Api-Key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export async function monitorCompanies(options: {
  apiUrl: string;
  apiKey: string;
  webhookUrl: string;
  companyNumbers: readonly string[];
}): Promise<{ secret: string; listId: number; monitored: number }> {
  const { apiUrl, apiKey } = options;
  const { secret } = await call<{ secret: string }>(apiUrl, apiKey, 'GET', '/watchlist/webhook-secret');
  const list = await call<{ id: number }>(apiUrl, apiKey, 'POST', '/lists', {
    name: 'Crash ledger portfolio',
    kind: 'portfolio',
  });
  await call(apiUrl, apiKey, 'PATCH', `/lists/${list.id}`, {
    webhook_url: options.webhookUrl,
    alert_webhook: true,
  });
  let monitored = 0;
  for (let i = 0; i < options.companyNumbers.length; i += ADD_CHUNK) {
    const added = await call<{ added: number }>(apiUrl, apiKey, 'POST', '/lists/companies', {
      list_id: list.id,
      company_numbers: options.companyNumbers.slice(i, i + ADD_CHUNK),
    });
    monitored += added.added;
  }
  return { secret, listId: list.id, monitored };
}
