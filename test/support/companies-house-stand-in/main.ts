import { join } from 'node:path';
import { CompaniesHouseStandIn } from './stand-in';
import { StreamStandIn } from './stream-stand-in';

/*
 * The stand-ins as a fake Companies House for a developer:
 *   npx tsx test/support/companies-house-stand-in/main.ts [port] [api key] [stream port] [stream key]
 * then COMPANIES_HOUSE_API_URL=http://127.0.0.1:<port> COMPANIES_HOUSE_API_KEY=<api key>, and
 * COMPANIES_HOUSE_STREAM_URL=http://127.0.0.1:<stream port> COMPANIES_HOUSE_STREAM_KEY=<stream key>.
 * Port 0 (the default) takes any free port; both URLs are printed. Events are pushed into a stream with
 *   curl -XPOST http://127.0.0.1:<stream port>/_stand-in/streams/<stream>/events --data-binary @<event(s)>
 * (one JSON event, an array, or JSON lines such as test/fixtures/companies-house-streams/<stream>.jsonl).
 */
async function main(): Promise<void> {
  const port = Number(process.argv[2] ?? 0);
  const key = process.argv[3] ?? 'stand-in-key';
  const streamPort = Number(process.argv[4] ?? 0);
  const streamKey = process.argv[5] ?? 'stand-in-stream-key';
  const standIn = await CompaniesHouseStandIn.start({
    fixturesDir: join(__dirname, '../../fixtures/companies-house-api'),
    apiKeys: [key],
    port,
  });
  const streams = await StreamStandIn.start({ streamKeys: [streamKey], port: streamPort });
  process.stdout.write(`Companies House stand-in on ${standIn.url} (key ${key})\n`);
  process.stdout.write(`Companies House stream stand-in on ${streams.url} (stream key ${streamKey})\n`);
  process.stdout.write(
    `  push events: curl -XPOST ${streams.url}/_stand-in/streams/companies/events --data-binary @event.json\n`,
  );
  const stop = () => void Promise.all([standIn.stop(), streams.stop()]).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
