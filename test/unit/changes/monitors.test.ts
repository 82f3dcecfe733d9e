import {
  alertAddress,
  alertWebhookUrl,
  monitoredSince,
  type ListHolding,
  type Monitor,
} from '../../../src/domain/changes/monitors';
import { EVERY_ALERT } from '../../../src/domain/webhooks/alert-routing';

const info = { alertType: 'new_filing', severity: 'info' } as const;
const critical = { alertType: 'status_change', severity: 'critical' } as const;
const warning = { alertType: 'accounts_overdue', severity: 'warning' } as const;

const day = (n: number) => new Date(Date.UTC(2025, 5, n));

const list = (listId: number, changes: Partial<ListHolding> = {}): ListHolding => ({
  listId,
  name: `List ${listId}`,
  webhookUrl: `https://hooks.example.com/list-${listId}`,
  alertWebhook: true,
  standardWebhooks: false,
  routing: EVERY_ALERT,
  addedAt: day(10),
  ...changes,
});

const monitor = (lists: ListHolding[], watchlist: Monitor['watchlist'] = null): Monitor => ({
  accountId: 'acc_1',
  companyNumber: '09876543',
  watchlist,
  lists,
});

describe('alertWebhookUrl', () => {
  it("prefers the watchlist entry's own address over every list's", () => {
    const watched = {
      webhookUrl: 'https://hooks.example.com/watch',
      standardWebhooks: false,
      routing: EVERY_ALERT,
      addedAt: day(1),
    };
    expect(alertWebhookUrl(monitor([list(1), list(2)], watched))).toBe('https://hooks.example.com/watch');
    expect(alertWebhookUrl(monitor([], watched))).toBe('https://hooks.example.com/watch');
  });

  it('falls back to the lists when the watchlist entry has no address', () => {
    const watched = { webhookUrl: null, standardWebhooks: false, routing: EVERY_ALERT, addedAt: day(1) };
    expect(alertWebhookUrl(monitor([list(4)], watched))).toBe('https://hooks.example.com/list-4');
  });

  it('takes the lowest-id list that sends webhooks and has an address', () => {
    expect(alertWebhookUrl(monitor([list(2), list(3)]))).toBe('https://hooks.example.com/list-2');
    const lists = [list(2, { webhookUrl: null }), list(3), list(5)];
    expect(alertWebhookUrl(monitor(lists))).toBe('https://hooks.example.com/list-3');
  });

  it('ignores a list with an address but alert_webhook false', () => {
    const lists = [list(1, { alertWebhook: false }), list(7)];
    expect(alertWebhookUrl(monitor(lists))).toBe('https://hooks.example.com/list-7');
    expect(alertWebhookUrl(monitor([list(1, { alertWebhook: false })]))).toBeNull();
  });

  it('is null when nothing has an address that sends', () => {
    expect(alertWebhookUrl(monitor([]))).toBeNull();
    expect(alertWebhookUrl(monitor([list(1, { webhookUrl: null })]))).toBeNull();
    expect(
      alertWebhookUrl(
        monitor([list(1, { webhookUrl: null })], {
          webhookUrl: null,
          standardWebhooks: false,
          routing: EVERY_ALERT,
          addedAt: day(1),
        }),
      ),
    ).toBeNull();
  });
});

describe('alertAddress', () => {
  it('carries the Standard Webhooks setting of the address it chose, never of another', () => {
    const watched = {
      webhookUrl: 'https://hooks.example.com/watch',
      standardWebhooks: false,
      routing: EVERY_ALERT,
      addedAt: day(1),
    };
    expect(alertAddress(monitor([list(1, { standardWebhooks: true })], watched), info)).toEqual({
      url: 'https://hooks.example.com/watch',
      standardWebhooks: false,
    });
    expect(alertAddress(monitor([list(1), list(2, { standardWebhooks: true })]), info)).toEqual({
      url: 'https://hooks.example.com/list-1',
      standardWebhooks: false,
    });
    expect(
      alertAddress(monitor([list(1, { alertWebhook: false }), list(2, { standardWebhooks: true })]), info),
    ).toEqual({ url: 'https://hooks.example.com/list-2', standardWebhooks: true });
    expect(alertAddress(monitor([], { ...watched, standardWebhooks: true }), info)).toEqual({
      url: 'https://hooks.example.com/watch',
      standardWebhooks: true,
    });
  });
});

describe('alertAddress with routing', () => {
  const onCall = list(1, { routing: { alertTypes: null, minSeverity: 'critical' } });
  const mailbox = list(2);
  it('gives each alert to the first address whose routing takes it, one address per change', () => {
    expect(alertAddress(monitor([onCall, mailbox]), critical)?.url).toBe('https://hooks.example.com/list-1');
    expect(alertAddress(monitor([onCall, mailbox]), warning)?.url).toBe('https://hooks.example.com/list-2');
    expect(alertAddress(monitor([onCall, mailbox]), info)?.url).toBe('https://hooks.example.com/list-2');
  });

  it('says not_routed when addresses exist but none takes the alert, and null when there is none', () => {
    expect(alertAddress(monitor([onCall]), warning)).toEqual({ url: null, notSentReason: 'not_routed' });
    expect(alertAddress(monitor([onCall]), critical)?.url).toBe('https://hooks.example.com/list-1');
    const muted = list(3, {
      routing: { alertTypes: ['status_change', 'gazette_notice'], minSeverity: null },
    });
    expect(alertAddress(monitor([muted]), info)).toEqual({ url: null, notSentReason: 'not_routed' });
    expect(alertAddress(monitor([muted]), critical)?.url).toBe('https://hooks.example.com/list-3');
    expect(
      alertAddress(monitor([list(4, { alertWebhook: false, routing: onCall.routing })]), info),
    ).toBeNull();
  });

  it("applies the watchlist entry's routing to its own address, the lists taking what it does not", () => {
    const own = {
      webhookUrl: 'https://hooks.example.com/watch',
      standardWebhooks: false,
      routing: { alertTypes: null, minSeverity: 'warning' as const },
      addedAt: day(1),
    };
    expect(alertAddress(monitor([mailbox], own), warning)?.url).toBe('https://hooks.example.com/watch');
    expect(alertAddress(monitor([mailbox], own), info)?.url).toBe('https://hooks.example.com/list-2');
    expect(alertAddress(monitor([], own), info)).toEqual({ url: null, notSentReason: 'not_routed' });
  });
});

describe('monitoredSince', () => {
  it('is the earliest of the watchlist entry and the list memberships', () => {
    const lists = [list(1, { addedAt: day(12) }), list(2, { addedAt: day(8) })];
    expect(monitoredSince(monitor(lists))).toEqual(day(8));
    expect(
      monitoredSince(
        monitor(lists, { webhookUrl: null, standardWebhooks: false, routing: EVERY_ALERT, addedAt: day(3) }),
      ),
    ).toEqual(day(3));
    expect(
      monitoredSince(
        monitor(lists, { webhookUrl: null, standardWebhooks: false, routing: EVERY_ALERT, addedAt: day(20) }),
      ),
    ).toEqual(day(8));
  });

  it('is the watchlist entry alone, or the one list alone', () => {
    expect(
      monitoredSince(
        monitor([], { webhookUrl: null, standardWebhooks: false, routing: EVERY_ALERT, addedAt: day(5) }),
      ),
    ).toEqual(day(5));
    expect(monitoredSince(monitor([list(1, { addedAt: day(9) })]))).toEqual(day(9));
  });
});
