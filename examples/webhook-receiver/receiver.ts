// Minimal webhook receiver for the company data service: verify, de-duplicate, acknowledge.
// Run: WEBHOOK_SECRET=whsec_... npx tsx examples/webhook-receiver/receiver.ts
import { createServer, type IncomingMessage } from 'node:http';

import { verifyWebhook } from '../../src/domain/webhooks/verify-webhook';

const port = Number(process.env.PORT ?? 4000);
// Comma-separated so both secrets can be held across a rotation.
const secrets = (process.env.WEBHOOK_SECRET ?? '')
  .split(',')
  .map((secret) => secret.trim())
  .filter((secret) => secret !== '');
if (secrets.length === 0) {
  console.error('WEBHOOK_SECRET is not set (one whsec_... secret, or two separated by a comma)');
  process.exit(1);
}

const MAX_BODY_BYTES = 1024 * 1024;
// Retries carry the same event id. In memory only, so a restart forgets: use your database in production.
const seenEventIds = new Set<string>();

async function readRawBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function handle(req: IncomingMessage): Promise<[status: number, text: string]> {
  if (req.method !== 'POST') return [405, 'method_not_allowed'];
  // Verify the bytes as received: parsing JSON first and re-serialising it would break the signature.
  const body = await readRawBody(req);
  if (body === undefined) return [413, 'body_too_large'];
  const header = req.headers['service-signature'];
  const result = verifyWebhook(body, typeof header === 'string' ? header : undefined, secrets);
  if (!result.ok) return [400, result.reason];

  const event = JSON.parse(body.toString('utf8')) as {
    id: string;
    type: string;
    data?: { company_number?: string };
  };
  // The id header is not covered by the signature; trust it only when it agrees with the signed body.
  const eventId = req.headers['service-event-id'];
  if (eventId !== event.id) return [400, 'event_id_mismatch'];
  if (seenEventIds.has(eventId)) {
    console.log(`duplicate ${eventId}, already handled`);
    return [204, ''];
  }
  seenEventIds.add(eventId);
  console.log(
    `${event.type} ${event.id} company=${event.data?.company_number ?? '-'} signed_at=${result.timestamp}`,
  );
  return [204, ''];
}

const server = createServer((req, res) => {
  handle(req)
    .catch((error: unknown) => {
      console.error(error);
      return [500, 'internal_error'] as const;
    })
    .then(([status, text]) => res.writeHead(status, { 'content-type': 'text/plain' }).end(text));
});

server.listen(port, '127.0.0.1', () => console.log(`webhook receiver on http://127.0.0.1:${port}/`));
