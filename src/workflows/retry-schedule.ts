// Spec, "Webhook delivery": delays after failed attempts, 7 retries after the first attempt, 8 attempts in all.
// Exact delays, no jitter, and no Temporal retry policy on the send: a retry policy cannot express this
// schedule and would hide the intermediate attempts.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS: readonly number[] = [
  1 * MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  6 * HOUR,
  12 * HOUR,
  24 * HOUR,
];

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** 90_000 → "1m30s", 7_200_000 → "2h": short enough for a timer summary in the Web UI. */
export function formatDelay(ms: number): string {
  const hours = Math.floor(ms / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  const seconds = Math.floor((ms % MINUTE) / 1000);
  return (
    [hours ? `${hours}h` : '', minutes ? `${minutes}m` : '', seconds ? `${seconds}s` : ''].join('') || '0s'
  );
}
