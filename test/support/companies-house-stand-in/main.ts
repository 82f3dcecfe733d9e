import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DocumentApiStandIn } from './document-stand-in';
import { CompaniesHouseStandIn } from './stand-in';
import { StreamStandIn } from './stream-stand-in';

/*
 * The stand-ins as a fake Companies House on loopback, for a developer or a new user trying the live paths
 * (docs/companies-house.md, "Trying it with the stand-in"):
 *   npm run stand-in -- [--port 4010] [--stream-port 4011] [--document-port 4012] [--key K] [--stream-key S]
 * It prints the environment lines that point the service at it. Events are pushed into a stream with
 *   curl -XPOST http://127.0.0.1:<stream port>/_stand-in/streams/<stream>/events --data-binary @<event(s)>
 * (one JSON event, an array, or JSON lines such as test/fixtures/companies-house-streams/<stream>.jsonl).
 * Port 0 takes any free port.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      'stream-port': { type: 'string', default: '4011' },
      'document-port': { type: 'string', default: '4012' },
      key: { type: 'string', default: 'stand-in-key' },
      'stream-key': { type: 'string', default: 'stand-in-stream-key' },
    },
  });
  const fixtures = join(__dirname, '../../fixtures');
  const rest = await CompaniesHouseStandIn.start({
    fixturesDir: join(fixtures, 'companies-house-api'),
    apiKeys: [values.key],
    port: Number(values.port),
  });
  const streams = await StreamStandIn.start({
    streamKeys: [values['stream-key']],
    port: Number(values['stream-port']),
  });
  const documents = await DocumentApiStandIn.start({
    fixturesDir: join(fixtures, 'companies-house-documents'),
    apiKeys: [values.key],
    port: Number(values['document-port']),
  });
  process.stdout.write(
    [
      'A stand-in for Companies House is running on loopback. Point the service at it with:',
      '',
      `COMPANIES_HOUSE_API_KEY=${values.key}`,
      `COMPANIES_HOUSE_API_URL=${rest.url}`,
      `COMPANIES_HOUSE_DOCUMENT_API_URL=${documents.url}`,
      `COMPANIES_HOUSE_STREAM_KEY=${values['stream-key']}`,
      `COMPANIES_HOUSE_STREAM_URL=${streams.url}`,
      '',
      `Push a stream event: curl -XPOST ${streams.url}/_stand-in/streams/companies/events --data-binary @event.json`,
      'Ctrl-C stops it.',
      '',
    ].join('\n'),
  );
  const stop = () =>
    void Promise.all([rest.stop(), streams.stop(), documents.stop()]).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
