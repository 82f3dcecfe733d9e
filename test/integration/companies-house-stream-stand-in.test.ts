import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { disqualifiedOfficerResourceSchema } from '../../src/domain/disqualifications/disqualified-officer-resource';
import { get, request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chargeIdOf, chargeItemSchema } from '../../src/domain/charges/charge-list-resource';
import { ServiceError } from '../../src/domain/errors';
import { filingHistoryItemSchema } from '../../src/domain/filings/filing-history-resource';
import { companyInsolvencySchema } from '../../src/domain/insolvency/insolvency-resource';
import { officerListItemSchema } from '../../src/domain/officers/officer-list-resource';
import { pscItemSchema } from '../../src/domain/pscs/psc-item';
import {
  companiesHouseStreamNames,
  type CompaniesHouseStreamName,
} from '../../src/ingest/companies-house/stream/stream-names';
import {
  publishedStreamEventSchema,
  readStreamFixture,
  StreamStandIn,
  type StreamEventToPublish,
} from '../support/companies-house-stand-in/stream-stand-in';
import { projectRoot } from '../support/paths';
import { waitFor } from '../support/wait-for';

const KEY = 'stream-key';

/** A client of one stream connection: what arrived, split into event lines, blank lines and a trailing part. */
interface StreamReader {
  status: number;
  headers: IncomingMessage['headers'];
  body: () => string;
  /** Non-blank complete lines, parsed. */
  events: () => unknown[];
  blankLines: () => number;
  /** Text after the last newline. */
  partial: () => string;
  /** Resolves when the response closes: complete is false when the body was cut before its end. */
  closed: Promise<{ complete: boolean }>;
  close: () => void;
}

function openStream(
  url: string,
  path: string,
  { key = KEY, timepoint }: { key?: string | null; timepoint?: string | number } = {},
): Promise<StreamReader> {
  const target = new URL(path, url);
  if (timepoint !== undefined) target.searchParams.set('timepoint', String(timepoint));
  return new Promise((resolve, reject) => {
    const req = get(target, key === null ? {} : { auth: `${key}:` }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('error', () => undefined); // a cut stream errors here; `closed` reports it
      const closed = new Promise<{ complete: boolean }>((done) =>
        res.on('close', () => done({ complete: res.complete })),
      );
      const complete = () => body.split('\n').slice(0, -1);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: () => body,
        events: () =>
          complete()
            .filter((line) => line !== '')
            .map((line) => JSON.parse(line) as unknown),
        blankLines: () => complete().filter((line) => line === '').length,
        partial: () => body.slice(body.lastIndexOf('\n') + 1),
        closed,
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

function postEvents(url: string, stream: string, body: string, method = 'POST') {
  return fetch(`${url}/_stand-in/streams/${stream}/events`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(method === 'POST' ? { body } : {}),
  });
}

function officerEvent(appointmentId: string, type: 'changed' | 'deleted' = 'changed'): StreamEventToPublish {
  const self = `/company/09876543/appointments/${appointmentId}`;
  return {
    resource_kind: 'company-officers',
    resource_uri: self,
    resource_id: appointmentId,
    data: {
      name: 'SMITH, John',
      officer_role: 'director',
      links: { self, officer: { appointments: '/officers/jK8mQ2sT5vX1yZ4aB7cD0eF3gH6/appointments' } },
    },
    event: { type },
  };
}

const timepointsOf = (events: unknown[]) =>
  events.map((event) => publishedStreamEventSchema.parse(event).event.timepoint);

describe('Companies House stream stand-in over HTTP', () => {
  let standIn: StreamStandIn;
  const readers: StreamReader[] = [];
  const open = async (path: string, options?: Parameters<typeof openStream>[2]) => {
    const reader = await openStream(standIn.url, path, options);
    readers.push(reader);
    return reader;
  };

  beforeEach(async () => {
    standIn = await StreamStandIn.start({ streamKeys: [KEY], keepAliveMs: 50 });
  });
  afterEach(async () => {
    for (const reader of readers.splice(0)) reader.close();
    await standIn.stop();
  });

  it('answers 401 without a key or with a key it does not know, and records who asked', async () => {
    expect((await open('/officers', { key: null })).status).toBe(401);
    expect((await open('/officers', { key: 'rest-api-key' })).status).toBe(401);
    expect(standIn.connections.map(({ key, status, state }) => ({ key, status, state }))).toEqual([
      { key: null, status: 401, state: 'closed' },
      { key: 'rest-api-key', status: 401, state: 'closed' },
    ]);
    expect(standIn.openConnections()).toEqual([]);
  });

  it('writes an event published after connecting at once, with the next timepoint and a published_at', async () => {
    standIn.publish('officers', officerEvent('before0000000001'));
    const reader = await open('/officers');
    expect(reader.status).toBe(200);
    await waitFor(async () => (standIn.openConnections('officers').length === 1 ? true : undefined));

    const published = standIn.publish('officers', officerEvent('after00000000002'));
    await waitFor(async () => (reader.events().length === 1 ? true : undefined));
    expect(reader.events()).toEqual([published]);
    expect(published.event).toMatchObject({ timepoint: 1001, type: 'changed' });
    expect(published.event.published_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(standIn.openConnections('officers')[0]).toMatchObject({
      eventsWritten: 1,
      lastTimepointWritten: 1001,
      timepoint: null,
    });
    expect(standIn.openConnections('companies')).toEqual([]);
  });

  it('replays from the asked timepoint on (inclusive), then carries on live', async () => {
    standIn.publishMany('filings', readStreamFixture('filings'));
    standIn.publish('filings', { ...readStreamFixture('filings')[0]!, resource_id: 'third' });
    const reader = await open('/filings', { timepoint: 1001 });
    await waitFor(async () => (reader.events().length === 2 ? true : undefined));
    standIn.publish('filings', { ...readStreamFixture('filings')[1]!, resource_id: 'fourth' });
    await waitFor(async () => (reader.events().length === 3 ? true : undefined));

    expect(timepointsOf(reader.events())).toEqual([1001, 1002, 1003]);
    expect(standIn.connections[0]).toMatchObject({ requestedTimepoint: '1001', timepoint: 1001 });
    expect(standIn.events('filings').map((event) => event.event.timepoint)).toEqual([1000, 1001, 1002, 1003]);
  });

  it('replays a long log whole and in order, however far ahead of the reader the socket gets', async () => {
    const event = readStreamFixture('companies')[0]!;
    standIn.publishMany(
      'companies',
      Array.from({ length: 3000 }, () => event),
    );
    const reader = await open('/companies', { timepoint: 1000 });
    standIn.publish('companies', event);
    await waitFor(async () => (reader.events().length === 3001 ? true : undefined));
    expect(timepointsOf(reader.events())).toEqual(Array.from({ length: 3001 }, (_, i) => 1000 + i));
  });

  it('answers 416 for a timepoint that is not a non-negative integer or is older than the oldest event held', async () => {
    await standIn.stop();
    standIn = await StreamStandIn.start({ streamKeys: [KEY], keepAliveMs: 50, retentionLimit: 2 });
    standIn.publishMany('charges', [
      ...readStreamFixture('charges'),
      ...readStreamFixture('charges'),
      ...readStreamFixture('charges'),
    ]);
    for (const timepoint of ['abc', '-1', '1.5', '', '1e3', '1000'])
      expect([timepoint, (await open('/charges', { timepoint })).status]).toEqual([timepoint, 416]);

    const reader = await open('/charges', { timepoint: 1001 });
    expect(reader.status).toBe(200);
    await waitFor(async () => (reader.events().length === 2 ? true : undefined));
    expect(timepointsOf(reader.events())).toEqual([1001, 1002]);
    // A timepoint not reached yet is not refused: its events come when they are published.
    expect((await open('/charges', { timepoint: 5000 })).status).toBe(200);
  });

  it('writes a blank keep-alive line whenever a connection is idle', async () => {
    const reader = await open('/companies');
    await waitFor(async () => (reader.blankLines() >= 2 ? true : undefined));
    expect(reader.body().trim()).toBe('');
    expect(standIn.openConnections('companies')[0]!.keepAlivesWritten).toBeGreaterThanOrEqual(2);
  });

  it('cuts the next connection after n events; the one after it is whole', async () => {
    standIn.publishMany(
      'officers',
      ['a', 'b', 'c'].map((id) => officerEvent(`${id}000000000000000`)),
    );
    standIn.dropAfter('officers', 2);
    const cut = await open('/officers', { timepoint: 1000 });
    expect(await cut.closed).toEqual({ complete: false });
    expect(timepointsOf(cut.events())).toEqual([1000, 1001]);
    expect(cut.partial()).toBe('');
    expect(standIn.connections[0]).toMatchObject({ state: 'closed', endedBy: 'dropped', eventsWritten: 2 });

    const resumed = await open('/officers', { timepoint: 1002 });
    await waitFor(async () => (resumed.events().length === 1 ? true : undefined));
    expect(timepointsOf(resumed.events())).toEqual([1002]);
    expect(standIn.connections[1]).toMatchObject({ state: 'open', endedBy: null });
  });

  it('cuts half-way through the next line when asked to, leaving a partial line', async () => {
    standIn.dropAfter('persons-with-significant-control', 1, { midLine: true });
    const reader = await open('/persons-with-significant-control');
    await waitFor(async () => (standIn.openConnections().length === 1 ? true : undefined));
    const [first, second] = standIn.publishMany(
      'persons-with-significant-control',
      readStreamFixture('persons-with-significant-control'),
    );

    expect(await reader.closed).toEqual({ complete: false });
    expect(reader.events()).toEqual([first]);
    const whole = JSON.stringify(second);
    expect(reader.partial().length).toBeGreaterThan(0);
    expect(whole.startsWith(reader.partial())).toBe(true);
    expect(reader.partial().length).toBeLessThan(whole.length);
    expect(standIn.connections[0]).toMatchObject({ endedBy: 'dropped', eventsWritten: 1 });
    // The event cut in half stays in the log for a resume.
    expect(standIn.events('persons-with-significant-control')).toHaveLength(2);
  });

  it('refuses the next connection with the status asked for (429 with Retry-After), then lets the next in', async () => {
    standIn.failNextConnection('insolvency-cases', 429, { retryAfterSeconds: 7 });
    standIn.failNextConnection('insolvency-cases', 503);
    standIn.failNextConnection('insolvency-cases', 401);

    const limited = await open('/insolvency-cases');
    expect([limited.status, limited.headers['retry-after']]).toEqual([429, '7']);
    const unavailable = await open('/insolvency-cases');
    expect([unavailable.status, unavailable.headers['retry-after']]).toEqual([503, undefined]);
    expect((await open('/insolvency-cases')).status).toBe(401);
    expect((await open('/insolvency-cases')).status).toBe(200);
    // A refusal is for that stream only.
    standIn.failNextConnection('charges', 416);
    expect((await open('/companies')).status).toBe(200);
    expect(() => standIn.failNextConnection('charges', 200)).toThrow(ServiceError);
  });

  it('writes raw text as it is to open connections and to replays', async () => {
    const reader = await open('/charges');
    await waitFor(async () => (standIn.openConnections().length === 1 ? true : undefined));
    standIn.publish('charges', readStreamFixture('charges')[0]!);
    standIn.writeRaw('charges', '{"resource_kind": "company-charges", "resou\n');
    standIn.publish('charges', readStreamFixture('charges')[0]!);
    await waitFor(async () =>
      reader
        .body()
        .split('\n')
        .filter((l) => l !== '').length === 3
        ? true
        : undefined,
    );
    const lines = reader
      .body()
      .split('\n')
      .filter((line) => line !== '');
    expect(lines[1]).toBe('{"resource_kind": "company-charges", "resou');

    const replay = await open('/charges', { timepoint: 1000 });
    await waitFor(async () =>
      replay
        .body()
        .split('\n')
        .filter((l) => l !== '').length === 3
        ? true
        : undefined,
    );
    expect(
      replay
        .body()
        .split('\n')
        .filter((line) => line !== ''),
    ).toEqual(lines);
    expect(standIn.connections[1]).toMatchObject({ eventsWritten: 2, rawWritten: 1 });
    // From the event after it on, the raw text is behind the reader.
    const later = await open('/charges', { timepoint: 1001 });
    await waitFor(async () => (later.events().length === 1 ? true : undefined));
    expect(
      later
        .body()
        .split('\n')
        .filter((line) => line !== ''),
    ).toEqual([lines[2]]);
  });

  it('keeps a timepoint an event brings and refuses one that does not grow', () => {
    const event = readStreamFixture('companies')[0]!;
    expect(
      standIn.publish('companies', { ...event, event: { ...event.event, timepoint: 48990574 } }).event
        .timepoint,
    ).toBe(48990574);
    expect(standIn.publish('companies', event).event.timepoint).toBe(48990575);
    expect(() =>
      standIn.publish('companies', { ...event, event: { ...event.event, timepoint: 48990575 } }),
    ).toThrow(/timepoints only grow/);
    expect(() => standIn.publish('companies', { ...event, resource_uri: 'company/09876543' })).toThrow(
      ServiceError,
    );
    expect(() => standIn.publish('nope' as CompaniesHouseStreamName, event)).toThrow(/unknown stream/);
    expect(standIn.events('companies')).toHaveLength(2);
  });

  it('takes events over HTTP on the control path: one, an array or JSON lines, answered with their timepoints', async () => {
    const reader = await open('/filings');
    await waitFor(async () => (standIn.openConnections().length === 1 ? true : undefined));
    const fixture = readFileSync(
      join(projectRoot, 'test/fixtures/companies-house-streams/filings.jsonl'),
      'utf8',
    );
    const [first, second] = fixture.trim().split('\n');

    const one = await postEvents(standIn.url, 'filings', first!);
    expect(one.status).toBe(201);
    expect(timepointsOf(((await one.json()) as { events: unknown[] }).events)).toEqual([1000]);
    const many = await postEvents(standIn.url, 'filings', `[${first},${second}]`);
    expect(timepointsOf(((await many.json()) as { events: unknown[] }).events)).toEqual([1001, 1002]);
    const lines = await postEvents(standIn.url, 'filings', fixture);
    expect(lines.status).toBe(201);
    expect(timepointsOf(((await lines.json()) as { events: unknown[] }).events)).toEqual([1003, 1004]);

    await waitFor(async () => (reader.events().length === 5 ? true : undefined));
    expect(timepointsOf(reader.events())).toEqual([1000, 1001, 1002, 1003, 1004]);
  });

  it('refuses bad input on the control path with a JSON error, publishing nothing', async () => {
    const refused = async (stream: string, body: string, method = 'POST') => {
      const response = await postEvents(standIn.url, stream, body, method);
      return { status: response.status, body: (await response.json()) as { error: { code: string } } };
    };
    expect(await refused('filings', '{"resource_kind": ')).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_json' } },
    });
    expect(await refused('filings', '{"a":1}\n{"b":')).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_json' } },
    });
    expect(await refused('company-exemptions', JSON.stringify(officerEvent('x')))).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_argument' } },
    });
    const missingUri = { ...officerEvent('y'), resource_uri: undefined };
    const bad = await refused('officers', JSON.stringify([officerEvent('z'), missingUri]));
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'invalid_argument' } } });
    expect(JSON.stringify(bad.body)).toContain('[1].resource_uri');
    expect(
      await refused('officers', JSON.stringify({ ...officerEvent('w'), event: { type: 'renamed' } })),
    ).toMatchObject({
      status: 400,
    });
    expect(await refused('officers', '', 'GET')).toMatchObject({
      status: 405,
      body: { error: { code: 'method_not_allowed' } },
    });
    expect(standIn.events('officers')).toEqual([]);
    expect(standIn.events('filings')).toEqual([]);
  });

  it('answers 404 for a path that is no stream and 405 for a stream not read with GET', async () => {
    expect((await open('/company-exemptions')).status).toBe(404);
    const posted = await new Promise<number>((resolve, reject) =>
      request(`${standIn.url}/companies`, { method: 'POST', auth: `${KEY}:` }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end(),
    );
    expect(posted).toBe(405);
    expect(standIn.connections).toEqual([]);
  });

  it('notices a client that goes away, and stop() closes every open connection', async () => {
    const leaving = await open('/companies');
    const staying = await open('/officers');
    await waitFor(async () => (standIn.openConnections().length === 2 ? true : undefined));
    leaving.close();
    await waitFor(async () => (standIn.openConnections().length === 1 ? true : undefined));
    expect(standIn.connections[0]).toMatchObject({ state: 'closed', endedBy: 'client' });

    await standIn.stop();
    expect(await staying.closed).toEqual({ complete: false });
    expect(standIn.connections[1]).toMatchObject({ state: 'closed', endedBy: 'stopped' });
    standIn = await StreamStandIn.start({ streamKeys: [KEY] }); // for afterEach
  });

  it('refuses options that make no sense', async () => {
    await expect(StreamStandIn.start({ streamKeys: [KEY], keepAliveMs: 0 })).rejects.toThrow(/keepAliveMs/);
    await expect(StreamStandIn.start({ streamKeys: [KEY], retentionLimit: 0 })).rejects.toThrow(
      /retentionLimit/,
    );
    await expect(StreamStandIn.start({ streamKeys: [KEY], firstTimepoint: -1 })).rejects.toThrow(
      /firstTimepoint/,
    );
    expect(() => standIn.dropAfter('charges', -1)).toThrow(ServiceError);
  });
});

describe('Companies House stream fixtures', () => {
  const companies = ['09876543', 'SC412345', '11223344'];
  const restFixture = (number: string, resource: string) =>
    JSON.parse(
      readFileSync(
        join(projectRoot, 'test/fixtures/companies-house-api', number, `${resource}.json`),
        'utf8',
      ),
    ) as Record<string, unknown>;
  const kinds: Record<CompaniesHouseStreamName, RegExp> = {
    companies: /^company-profile$/,
    filings: /^filing-history$/,
    officers: /^company-officers$/,
    'persons-with-significant-control': /^company-psc-(individual|corporate|legal|supersecure)$/,
    charges: /^company-charges$/,
    'insolvency-cases': /^company-insolvency$/,
    'disqualified-officers': /^disqualified-officer-(natural|corporate)$/,
  };

  it.each(companiesHouseStreamNames)(
    '%s: events for the REST fixtures’ companies, in the stream’s envelope',
    (stream) => {
      const events = readStreamFixture(stream);
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) {
        expect(event.resource_kind).toMatch(kinds[stream]);
        expect(event.event.timepoint).toBeUndefined(); // the stand-in assigns them, as Companies House does
        expect(event.event.published_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
        expect(event.data).toBeDefined();
        if (stream === 'disqualified-officers') {
          // A person's stream: the path names the officer, not a company.
          expect(event.resource_uri).toBe(
            `/disqualified-officers/${event.resource_kind.split('-').at(-1)}/${event.resource_id}`,
          );
          continue;
        }
        const number = /^\/company\/([A-Z0-9]{8})(\/|$)/.exec(event.resource_uri)?.[1];
        expect(companies).toContain(number);
        // A company's profile and its insolvency are one resource each, named by the company number.
        const ownId = ['company-profile', 'company-insolvency'].includes(event.resource_kind)
          ? number
          : event.resource_uri.split('/').at(-1);
        expect(event.resource_id).toBe(ownId);
      }
    },
  );

  it('the data of each event passes the importers’ schemas for its resource', () => {
    const dataOf = (stream: CompaniesHouseStreamName) => readStreamFixture(stream).map((event) => event.data);
    for (const data of dataOf('filings'))
      expect(filingHistoryItemSchema.safeParse(data).error).toBeUndefined();
    for (const data of dataOf('officers'))
      expect(officerListItemSchema.safeParse(data).error).toBeUndefined();
    for (const data of dataOf('persons-with-significant-control'))
      expect(pscItemSchema.safeParse(data).error).toBeUndefined();
    for (const event of readStreamFixture('charges')) {
      const item = chargeItemSchema.parse(event.data);
      expect(chargeIdOf(item)).toBe(event.resource_id);
    }
    for (const data of dataOf('disqualified-officers'))
      expect(disqualifiedOfficerResourceSchema.safeParse(data).error).toBeUndefined();
    for (const data of dataOf('insolvency-cases'))
      expect(companyInsolvencySchema.safeParse(data).error).toBeUndefined();
    for (const event of readStreamFixture('companies')) {
      const rest = restFixture(event.resource_id, 'company');
      expect(Object.keys(event.data!).sort()).toEqual(Object.keys(rest).sort());
      expect(event.data).toMatchObject({ company_number: event.resource_id });
    }
    // The importers’ schemas are not blind to these shapes.
    expect(filingHistoryItemSchema.safeParse({ ...dataOf('filings')[0], date: '23/11/2026' }).success).toBe(
      false,
    );
  });

  it('holds the accounts filing with its Document API link, and one deleted event', () => {
    const accounts = readStreamFixture('filings').find((event) => event.data?.type === 'AA');
    expect(accounts).toMatchObject({
      resource_uri: expect.stringMatching(/^\/company\/09876543\/filing-history\//),
      data: {
        category: 'accounts',
        description_values: { made_up_date: '2025-03-31' },
        links: {
          document_metadata:
            'https://frontend-doc-api.company-information.service.gov.uk/document/hJ1kYw2zTqFz8lGm7vA3XcQpN0rS5uVb',
        },
      },
    });
    const deleted = companiesHouseStreamNames.flatMap((stream) =>
      readStreamFixture(stream).filter((event) => event.event.type === 'deleted'),
    );
    expect(deleted).toHaveLength(1);
  });

  it('refuses a fixture line that is not an event, naming the file and line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stream-fixtures-'));
    try {
      const good = readFileSync(
        join(projectRoot, 'test/fixtures/companies-house-streams/charges.jsonl'),
        'utf8',
      );
      writeFileSync(join(dir, 'charges.jsonl'), `${good}\n{"resource_kind":"company-charges"}\n`);
      expect(() => readStreamFixture('charges', dir)).toThrow(/charges\.jsonl:3: resource_uri/);
      writeFileSync(join(dir, 'charges.jsonl'), `${good}{"resource_kind":\n`);
      expect(() => readStreamFixture('charges', dir)).toThrow(/charges\.jsonl:2: /);
      expect(() => readStreamFixture('filings', dir)).toThrow(/ENOENT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
