import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

// Custom search attributes make deliveries findable in the Web UI and through List/Count queries.
// The dev server is started with them (temporal/dev-server.ts) and the worker registers them on any
// other cluster (temporal/bootstrap.ts).
export const searchAttributes = {
  deliveryStatus: defineSearchAttributeKey('DeliveryStatus', SearchAttributeType.KEYWORD),
  eventType: defineSearchAttributeKey('EventType', SearchAttributeType.KEYWORD),
  companyNumber: defineSearchAttributeKey('CompanyNumber', SearchAttributeType.KEYWORD),
  accountId: defineSearchAttributeKey('AccountId', SearchAttributeType.KEYWORD),
  // The Companies House stream consumers: which stream, the last timepoint applied, and its state.
  streamName: defineSearchAttributeKey('StreamName', SearchAttributeType.KEYWORD),
  streamTimepoint: defineSearchAttributeKey('StreamTimepoint', SearchAttributeType.INT),
  streamState: defineSearchAttributeKey('StreamState', SearchAttributeType.KEYWORD),
} as const;

export const allSearchAttributes = Object.values(searchAttributes);
