import { parseStreamLine } from '../../../src/ingest/companies-house/stream/stream-event';

// Real-shaped: a charges stream event as Companies House sends it (one line of JSON).
const chargeEvent = {
  resource_kind: 'company-charges',
  resource_uri: '/company/SC412345/charges/ZXhYbTJ1N0JvM3dXcEp4bGZ0Qk5h',
  resource_id: 'ZXhYbTJ1N0JvM3dXcEp4bGZ0Qk5h',
  data: {
    charge_number: 2,
    status: 'outstanding',
    links: { self: '/company/SC412345/charges/ZXhYbTJ1N0JvM3dXcEp4bGZ0Qk5h' },
  },
  event: {
    timepoint: 632970,
    published_at: '2026-11-20T12:22:01',
    type: 'changed',
    fields_changed: ['status'],
  },
};

const line = (value: unknown) => JSON.stringify(value);
const without = (key: string) =>
  Object.fromEntries(Object.entries(chargeEvent).filter(([k]) => k !== key)) as Record<string, unknown>;
const withEvent = (event: Record<string, unknown>) => ({
  ...chargeEvent,
  event: { ...chargeEvent.event, ...event },
});
const withoutEventField = (key: string) => ({
  ...chargeEvent,
  event: Object.fromEntries(Object.entries(chargeEvent.event).filter(([k]) => k !== key)),
});

function malformed(text: string): string {
  const parsed = parseStreamLine(text);
  if (parsed.kind !== 'malformed') throw new Error(`expected malformed, got ${parsed.kind}`);
  return parsed.message;
}

describe('parseStreamLine', () => {
  it.each(['', '\n', '   ', '\r\n', '\t \n'])('reads a blank line %j as a keep-alive', (text) => {
    expect(parseStreamLine(text)).toEqual({ kind: 'keep_alive' });
  });

  it('reads an event line, keeping every field it carries, known or not', () => {
    const extra = { ...chargeEvent, context_id: 'ctx-1', event: { ...chargeEvent.event, extra_flag: true } };
    const parsed = parseStreamLine(`${line(extra)}\n`);
    expect(parsed).toEqual({ kind: 'event', event: extra });
  });

  it('reads a deleted event without data', () => {
    const deleted = { ...without('data'), event: { ...chargeEvent.event, type: 'deleted' } };
    const parsed = parseStreamLine(line(deleted));
    expect(parsed.kind).toBe('event');
    expect(parsed.kind === 'event' && parsed.event.data).toBeUndefined();
    expect(parsed.kind === 'event' && parsed.event.event.type).toBe('deleted');
  });

  it('reads fields_changed as optional', () => {
    const parsed = parseStreamLine(line(withoutEventField('fields_changed')));
    expect(parsed.kind === 'event' && parsed.event.event.fields_changed).toBeUndefined();
  });

  it.each([
    ['a half-written line', line(chargeEvent).slice(0, 60)],
    ['plain text', 'Too many requests'],
    ['two events on one line', `${line(chargeEvent)}${line(chargeEvent)}`],
  ])('refuses %s as not JSON', (_, text) => {
    expect(malformed(text)).toMatch(/^not JSON \(/);
  });

  it.each([
    ['a number', '42'],
    ['an array', '[]'],
    ['null', 'null'],
    ['a string', '"changed"'],
  ])('refuses JSON that is %s, not an event object', (_, text) => {
    expect(malformed(text).startsWith('(line): ')).toBe(true);
  });

  it.each([
    ['resource_kind', line(without('resource_kind'))],
    ['resource_kind', line({ ...chargeEvent, resource_kind: '' })],
    ['resource_kind', line({ ...chargeEvent, resource_kind: 7 })],
    ['resource_uri', line(without('resource_uri'))],
    ['resource_uri', line({ ...chargeEvent, resource_uri: null })],
    ['resource_id', line(without('resource_id'))],
    ['data', line({ ...chargeEvent, data: 'a string' })],
    ['data', line({ ...chargeEvent, data: [1, 2] })],
    ['event', line(without('event'))],
    ['event', line({ ...chargeEvent, event: 'changed' })],
    ['event.timepoint', line(withoutEventField('timepoint'))],
    ['event.timepoint', line(withEvent({ timepoint: '632970' }))],
    ['event.timepoint', line(withEvent({ timepoint: 1.5 }))],
    ['event.timepoint', line(withEvent({ timepoint: -1 }))],
    ['event.published_at', line(withoutEventField('published_at'))],
    ['event.published_at', line(withEvent({ published_at: 20261120 }))],
    ['event.type', line(withoutEventField('type'))],
    ['event.type', line(withEvent({ type: 'created' }))],
    ['event.fields_changed', line(withEvent({ fields_changed: 'status' }))],
    ['event.fields_changed[0]', line(withEvent({ fields_changed: [3] }))],
  ])('refuses an envelope with a bad %s, naming it', (field, text) => {
    expect(malformed(text).startsWith(`${field}: `)).toBe(true);
  });
});
