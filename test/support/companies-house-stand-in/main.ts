import { join } from 'node:path';
import { CompaniesHouseStandIn } from './stand-in';

/*
 * The stand-in as a fake Companies House for a developer:
 *   npx tsx test/support/companies-house-stand-in/main.ts [port] [api key]
 * then COMPANIES_HOUSE_API_URL=http://127.0.0.1:<port> COMPANIES_HOUSE_API_KEY=<api key>.
 */
async function main(): Promise<void> {
  const port = Number(process.argv[2] ?? 0);
  const key = process.argv[3] ?? 'stand-in-key';
  const standIn = await CompaniesHouseStandIn.start({
    fixturesDir: join(__dirname, '../../fixtures/companies-house-api'),
    apiKeys: [key],
    port,
  });
  process.stdout.write(`Companies House stand-in on ${standIn.url} (key ${key})\n`);
  const stop = () => void standIn.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
