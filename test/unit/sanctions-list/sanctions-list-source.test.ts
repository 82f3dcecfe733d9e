import { copyFileSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceError } from '../../../src/domain/errors';
import {
  ofacUrls,
  readSanctionsListSource,
  type SourceFiles,
} from '../../../src/ingest/sanctions/sanctions-list-source';
import { startLocalReceiver, type LocalReceiver } from '../../support/local-receiver';

const fixtures = join(__dirname, '../../fixtures/sanctions');
const ofacFixtures = join(fixtures, 'ofac');
const ofacFile = (name: string) => readFileSync(join(ofacFixtures, name), 'utf8');

/** name → text, to compare what was read with what was there. */
const texts = (read: SourceFiles) =>
  Object.fromEntries([...read.files].map(([name, bytes]) => [name, bytes.toString('utf8')]));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) =>
      error instanceof ServiceError ? { code: error.code, message: error.message } : error,
  );

describe('reading a sanctions list source into its files (name → bytes)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cds-list-source-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const at = (name: string, day: number) => {
    const when = new Date(Date.UTC(2026, 1, day));
    utimesSync(join(dir, name), when, when);
  };

  it("reads a UK, EU or UN folder as its newest file of the list's extension, named as it is", async () => {
    copyFileSync(join(fixtures, 'uk-sanctions-list-2026-02-13.csv'), join(dir, 'older.csv'));
    copyFileSync(join(fixtures, 'uk-sanctions-list-2026-02-20.csv'), join(dir, 'newer.csv'));
    copyFileSync(join(fixtures, 'eu-consolidated-list-sample.xml'), join(dir, 'eu.xml'));
    at('older.csv', 13);
    at('eu.xml', 14);
    at('newer.csv', 20);
    const uk = await readSanctionsListSource('uk', { kind: 'file', path: dir });
    expect([...uk.files.keys()]).toEqual(['newer.csv']);
    expect(uk.source).toBe(join(dir, 'newer.csv'));
    const eu = await readSanctionsListSource('eu', { kind: 'file', path: dir });
    expect([...eu.files.keys()]).toEqual(['eu.xml']);
    expect(
      eu.files.get('eu.xml')!.equals(readFileSync(join(fixtures, 'eu-consolidated-list-sample.xml'))),
    ).toBe(true);
    expect(await failure(readSanctionsListSource('un', { kind: 'file', path: join(dir, 'none') }))).toEqual({
      code: 'unavailable',
      message: `No sanctions list file at ${join(dir, 'none')}`,
    });
    rmSync(join(dir, 'eu.xml'));
    expect(await failure(readSanctionsListSource('un', { kind: 'file', path: dir }))).toEqual({
      code: 'unavailable',
      message: `No .xml file in the sanctions list folder ${dir}`,
    });
  });

  it('reads OFAC from a folder holding sdn.csv and its companions, whatever their case, or from sdn.csv itself, under their specified names', async () => {
    copyFileSync(join(ofacFixtures, 'sdn.csv'), join(dir, 'SDN.CSV'));
    for (const name of ['add.csv', 'alt.csv', 'sdn_comments.csv'])
      copyFileSync(join(ofacFixtures, name), join(dir, name));
    writeFileSync(join(dir, 'notes.csv'), 'not an OFAC file');
    const expected = {
      'sdn.csv': ofacFile('sdn.csv'),
      'add.csv': ofacFile('add.csv'),
      'alt.csv': ofacFile('alt.csv'),
      'sdn_comments.csv': ofacFile('sdn_comments.csv'),
    };
    const fromFolder = await readSanctionsListSource('ofac', { kind: 'file', path: dir });
    expect(texts(fromFolder)).toEqual(expected);
    expect(fromFolder.source).toBe(join(dir, 'SDN.CSV'));
    expect(
      texts(await readSanctionsListSource('ofac', { kind: 'file', path: join(dir, 'SDN.CSV') })),
    ).toEqual(expected);
    // A companion left out is left out: the operator chose the folder's files.
    rmSync(join(dir, 'sdn_comments.csv'));
    expect(Object.keys(texts(await readSanctionsListSource('ofac', { kind: 'file', path: dir })))).toEqual([
      'sdn.csv',
      'add.csv',
      'alt.csv',
    ]);
  });

  it('refuses an OFAC folder without sdn.csv, a file that is not sdn.csv, and files together over the size limit', async () => {
    copyFileSync(join(ofacFixtures, 'add.csv'), join(dir, 'add.csv'));
    expect(await failure(readSanctionsListSource('ofac', { kind: 'file', path: dir }))).toEqual({
      code: 'unavailable',
      message: `No sdn.csv in the OFAC list folder ${dir}`,
    });
    expect(
      await failure(readSanctionsListSource('ofac', { kind: 'file', path: join(dir, 'add.csv') })),
    ).toEqual({
      code: 'invalid_argument',
      message: expect.stringContaining('An OFAC source is sdn.csv or the folder holding it'),
    });
    copyFileSync(join(ofacFixtures, 'sdn.csv'), join(dir, 'sdn.csv'));
    const sdnSize = readFileSync(join(ofacFixtures, 'sdn.csv')).length;
    // sdn.csv alone fits; with add.csv it does not.
    expect(
      await failure(readSanctionsListSource('ofac', { kind: 'file', path: dir }, { maxBytes: sdnSize + 10 })),
    ).toEqual({
      code: 'invalid_argument',
      message: `The sanctions list at ${join(dir, 'add.csv')} is larger than ${sdnSize + 10} bytes`,
    });
  });
});

describe('fetching a sanctions list over HTTP (loopback)', () => {
  let server: LocalReceiver;
  const files: Record<string, string> = {
    '/exports/SDN.CSV': ofacFile('sdn.csv'),
    '/exports/ADD.CSV': ofacFile('add.csv'),
    '/exports/ALT.CSV': ofacFile('alt.csv'),
    '/exports/SDN_COMMENTS.CSV': ofacFile('sdn_comments.csv'),
    '/downloads/sdn.csv': ofacFile('sdn.csv'),
    '/downloads/add.csv': ofacFile('add.csv'),
    '/downloads/alt.csv': ofacFile('alt.csv'),
    '/downloads/sdn_comments.csv': ofacFile('sdn_comments.csv'),
    '/un/consolidated.xml': readFileSync(join(fixtures, 'un-consolidated-list-sample.xml'), 'utf8'),
  };
  beforeAll(async () => {
    server = await startLocalReceiver();
  });
  beforeEach(() => {
    server.received.length = 0;
    server.respondWith((req) => {
      const path = req.path.split('?')[0]!;
      return files[path] === undefined
        ? { status: 404, body: 'not found' }
        : { status: 200, body: files[path] };
    });
  });
  afterAll(() => server?.close());

  it("derives OFAC's companions from SDN.CSV's address, in its case, keeping the query", () => {
    expect(ofacUrls('https://x.example/api/PublicationPreview/exports/SDN.CSV')).toEqual([
      'https://x.example/api/PublicationPreview/exports/SDN.CSV',
      'https://x.example/api/PublicationPreview/exports/ADD.CSV',
      'https://x.example/api/PublicationPreview/exports/ALT.CSV',
      'https://x.example/api/PublicationPreview/exports/SDN_COMMENTS.CSV',
    ]);
    expect(ofacUrls('https://x.example/ofac/downloads/sdn.csv?token=t')).toEqual([
      'https://x.example/ofac/downloads/sdn.csv?token=t',
      'https://x.example/ofac/downloads/add.csv?token=t',
      'https://x.example/ofac/downloads/alt.csv?token=t',
      'https://x.example/ofac/downloads/sdn_comments.csv?token=t',
    ]);
    expect(() => ofacUrls('https://x.example/ofac/latest')).toThrow(ServiceError);
  });

  it('fetches all four OFAC files from the folder of the SDN.CSV address', async () => {
    const read = await readSanctionsListSource('ofac', { kind: 'url', url: server.url('/exports/SDN.CSV') });
    // Named as the specification names them, whatever the address calls them: the same files, the same version.
    expect(texts(read)).toEqual({
      'sdn.csv': ofacFile('sdn.csv'),
      'add.csv': ofacFile('add.csv'),
      'alt.csv': ofacFile('alt.csv'),
      'sdn_comments.csv': ofacFile('sdn_comments.csv'),
    });
    expect(read.source).toBe(server.url('/exports/SDN.CSV'));
    expect(server.received.map((req) => req.path)).toEqual([
      '/exports/SDN.CSV',
      '/exports/ADD.CSV',
      '/exports/ALT.CSV',
      '/exports/SDN_COMMENTS.CSV',
    ]);
    const lower = await readSanctionsListSource('ofac', {
      kind: 'url',
      url: server.url('/downloads/sdn.csv'),
    });
    expect(Object.keys(texts(lower))).toEqual(['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv']);
  });

  it('fails the whole OFAC read when a companion cannot be fetched, or all four together pass the size limit', async () => {
    delete files['/exports/ALT.CSV'];
    expect(
      await failure(readSanctionsListSource('ofac', { kind: 'url', url: server.url('/exports/SDN.CSV') })),
    ).toEqual({
      code: 'unavailable',
      message: `Fetching the sanctions list from ${server.url('/exports/ALT.CSV')} answered HTTP 404`,
    });
    // Stopped at the missing file: SDN_COMMENTS.CSV was not asked for.
    expect(server.received.map((req) => req.path)).not.toContain('/exports/SDN_COMMENTS.CSV');
    const sdnSize = Buffer.byteLength(ofacFile('sdn.csv'));
    expect(
      await failure(
        readSanctionsListSource(
          'ofac',
          { kind: 'url', url: server.url('/downloads/sdn.csv') },
          { maxBytes: sdnSize + 10 },
        ),
      ),
    ).toEqual({
      code: 'invalid_argument',
      message: `The sanctions list at ${server.url('/downloads/add.csv')} is larger than ${sdnSize + 10} bytes`,
    });
  });

  it("names a one-file list's file by its address's last segment, after a redirect on the same host", async () => {
    server.respondWith((req) =>
      req.path === '/latest'
        ? { status: 302, headers: { Location: '/un/consolidated.xml' } }
        : { status: 200, body: files['/un/consolidated.xml'] },
    );
    const read = await readSanctionsListSource('un', { kind: 'url', url: server.url('/latest') });
    expect([...read.files.keys()]).toEqual(['consolidated.xml']);
    expect(read.source).toBe(server.url('/un/consolidated.xml'));
  });
});
