import { z } from 'zod';

/*
 * Companies House's disqualified-officer resources, with the field names it publishes (looked up, not guessed):
 * - naturalDisqualification (GET /disqualified-officers/natural/{officer_id}) and corporateDisqualification
 *   (GET /disqualified-officers/corporate/{officer_id}): developer-specs.company-information.service.gov.uk,
 *   companies-house-public-data-api/resources/naturaldisqualification and .../corporatedisqualification.
 *   Natural: forename, other_forenames, surname (required), title, honours, date_of_birth, nationality,
 *   kind 'natural-disqualification'. Corporate: name (required), company_number, country_of_registration, kind
 *   'corporate-disqualification'. Both: disqualifications[] (required), permissions_to_act[], links.self, etag,
 *   person_number.
 * - disqualifications[]: disqualification_type, disqualified_from and disqualified_until (required, dates),
 *   undertaken_on (an undertaking), heard_on (a court order), case_identifier, court_name, company_names[] (where
 *   the misconduct took place), address, last_variation[], reason {act, section, article,
 *   description_identifier} (act, section and description_identifier are enumerations of api-enumerations'
 *   disqualified_officer_descriptions.yml; article applies to the Northern Ireland order only).
 * - permissions_to_act[]: company_names[], court_name, granted_on, expires_on.
 * - The Streaming API's disqualified-officers stream (streaming-api/resources/disqualifiedofficersstream) carries
 *   the same resource as its `data`, natural and corporate fields in one object.
 * Unknown fields are kept (Companies House adds fields without notice); what this service reads is checked.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');
const optionalText = z.string().optional();

export const disqualificationSchema = z.looseObject({
  disqualification_type: z.string().min(1),
  disqualified_from: day,
  disqualified_until: day,
  undertaken_on: day.optional(),
  heard_on: day.optional(),
  case_identifier: optionalText,
  court_name: optionalText,
  company_names: z.array(z.string()).optional(),
  reason: z
    .looseObject({
      act: optionalText,
      section: optionalText,
      article: optionalText,
      description_identifier: optionalText,
    })
    .optional(),
});

export const permissionToActSchema = z.looseObject({
  company_names: z.array(z.string()).optional(),
  court_name: optionalText,
  granted_on: day.optional(),
  expires_on: day.optional(),
});

export const disqualifiedOfficerKinds = ['natural', 'corporate'] as const;
export type DisqualifiedOfficerKind = (typeof disqualifiedOfficerKinds)[number];

/** Companies House's `kind` value of each resource. */
export const RESOURCE_KIND: Readonly<Record<DisqualifiedOfficerKind, string>> = {
  natural: 'natural-disqualification',
  corporate: 'corporate-disqualification',
};

export const disqualifiedOfficerResourceSchema = z.looseObject({
  kind: z.enum([RESOURCE_KIND.natural, RESOURCE_KIND.corporate]),
  etag: optionalText,
  links: z.looseObject({ self: z.string().min(1) }),
  disqualifications: z
    .array(disqualificationSchema)
    .min(1, 'an officer on the register has a disqualification'),
  permissions_to_act: z.array(permissionToActSchema).optional(),
  // natural
  forename: optionalText,
  other_forenames: optionalText,
  surname: optionalText,
  title: optionalText,
  date_of_birth: day.optional(),
  nationality: optionalText,
  // corporate
  name: optionalText,
  company_number: optionalText,
  country_of_registration: optionalText,
});

export type DisqualifiedOfficerResource = z.infer<typeof disqualifiedOfficerResourceSchema>;
export type DisqualificationItem = z.infer<typeof disqualificationSchema>;

/** The kind and officer id a path /disqualified-officers/{natural|corporate}/{officer_id} names; undefined otherwise. */
export function disqualifiedOfficerPath(
  path: string,
): { kind: DisqualifiedOfficerKind; officerId: string } | undefined {
  const match = /^\/disqualified-officers\/(natural|corporate)\/([^/?#]+)\/?$/.exec(path.split('?')[0]!);
  if (!match) return undefined;
  return { kind: match[1] as DisqualifiedOfficerKind, officerId: decodeURIComponent(match[2]!) };
}
