import { temporal } from '@temporalio/proto';

type History = temporal.api.history.v1.IHistory;
const HistoryMessage = temporal.api.history.v1.History;

// Plain JSON (longs and bytes as strings, enums by name) so recorded histories diff readably in review.
export function historyToFile(history: History): string {
  const message = HistoryMessage.fromObject(history);
  return JSON.stringify(
    HistoryMessage.toObject(message, { longs: String, bytes: String, enums: String }),
    null,
    1,
  );
}

export function historyFromFile(text: string): temporal.api.history.v1.History {
  return HistoryMessage.fromObject(JSON.parse(text));
}
