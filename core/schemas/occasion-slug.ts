import * as v from 'valibot';
import { strictBody } from './strict-body';

/** Fewest and most characters of a slug. */
export const SLUG_MIN = 3;
export const SLUG_MAX = 60;

/** How long a replaced slug still leads to its occasion's page (then it answers 404). */
export const RETIRED_SLUG_DAYS = 90;

/**
 * Words no occasion may take: names of Kindly's own pages and areas, and words a guest could
 * read as Kindly speaking (`admin`, `login`) rather than the hosts.
 */
export const RESERVED_SLUGS: readonly string[] = [
  'about', 'account', 'admin', 'api', 'api-reference', 'app', 'assets', 'auth', 'dashboard', 'event',
  'help', 'host', 'kindly', 'login', 'logout', 'new', 'occasion', 'occasions', 'privacy', 'r', 'root',
  'rsvp', 'settings', 'sign-in', 'sign-out', 'signin', 'signout', 'signup', 'static', 'support',
  'system', 'terms', 'unsubscribe', 'widget', 'www',
];

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * An occasion's slug, the path of its RSVP page (`/r/{slug}`): 3 to 60 lowercase letters, digits
 * and single hyphens, neither first nor last, not one of {@link RESERVED_SLUGS}. Surrounding
 * spaces are trimmed; capitals are refused rather than folded, so the host sees the address
 * exactly as guests will.
 */
/* @__NO_SIDE_EFFECTS__ */
export function slugField() {
  return v.pipe(
    v.string('Page address must be text.'),
    v.trim(),
    v.minLength(SLUG_MIN, `Page address must be at least ${SLUG_MIN} characters.`),
    v.maxLength(SLUG_MAX, `Page address must be at most ${SLUG_MAX} characters.`),
    v.regex(SLUG_PATTERN, 'Page address may hold only lowercase letters, digits and hyphens, with no hyphen first, last or twice in a row.'),
    v.check((slug: string) => !RESERVED_SLUGS.includes(slug), 'This page address is reserved. Choose another.'),
    v.title('Page address'),
  );
}

/**
 * The body of `PUT /host/v1/occasion/{occasionId}/slug`: `{ slug }`, a slug or null (the
 * occasion has no page; its former slug still redirects for {@link RETIRED_SLUG_DAYS} days).
 */
export const OccasionSlugSchema = /* @__PURE__ */ strictBody({
  slug: v.nullable(slugField()),
});

/** A valid slug body. */
export type OccasionSlug = v.InferOutput<typeof OccasionSlugSchema>;

/** Whether a text is a valid slug (for the server's `/r/{slug}` before any lookup). */
export function isSlug(value: string): boolean {
  return v.is(slugField(), value) && value === value.trim();
}
