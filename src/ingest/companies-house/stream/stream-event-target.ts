import { normaliseCompanyNumber } from '../../../domain/companies/company-number';

/*
 * Which company (and which item of it) a stream event is about, read from its resource_uri, the REST path of
 * the resource: /company/{n} (the profile), /company/{n}/insolvency, or /company/{n}/<list>/.../{item id} for one
 * item of a list (an appointment, a PSC, a filing, a charge). The officer and PSC events' data carries no company
 * number, so the path is the one place every kind names it.
 */

export interface StreamEventTarget {
  companyNumber: string;
  /** The path's parts after /company/{n}, e.g. ['appointments', 'oa07QETFwXYZSQmyaBvqR1Fvp6w']. */
  parts: readonly string[];
}

export type StreamEventTargetResult =
  { ok: true; target: StreamEventTarget } | { ok: false; companyNumber?: string; message: string };

export function streamEventTarget(resourceUri: string): StreamEventTargetResult {
  const [empty, company, rawNumber, ...parts] = resourceUri.split('?')[0]!.split('/');
  if (empty !== '' || company !== 'company' || !rawNumber)
    return {
      ok: false,
      message: `resource_uri ${JSON.stringify(resourceUri)} does not name a company (/company/{n}/…)`,
    };
  const number = normaliseCompanyNumber(decodeURIComponent(rawNumber));
  if (!number.ok) return { ok: false, message: `resource_uri: ${number.message}` };
  return {
    ok: true,
    target: { companyNumber: number.companyNumber, parts: parts.filter((part) => part !== '') },
  };
}

/** The item id: the last part of the path, under `section` (e.g. 'appointments'); undefined for another path. */
export function itemIdOf(target: StreamEventTarget, section: string): string | undefined {
  const { parts } = target;
  return parts.length >= 2 && parts[0] === section ? decodeURIComponent(parts[parts.length - 1]!) : undefined;
}
