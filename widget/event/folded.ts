/**
 * What is folded beneath the RSVP (event details, the household), with the English strings of
 * these screens (`../i18n/en-later`): one chunk, fetched as soon as the RSVP form shows, so the
 * bytes before it stay few.
 */
export { EventDetails } from './event-details';
export { HouseholdCard } from './household';
export { GuestData } from './guest-data';
export { RsvpReview, RsvpSummary } from './rsvp-summary';

// Also reached from here (though the app already has them), so esbuild puts the modules the
// app shares with the later chunks into one chunk instead of several small ones (fewer
// requests, fewer bytes).
export { fieldIssues } from '../data/errors';
export { useFocusFirstInvalid } from '../ui/focus';
export { Busy } from '../ui/status';
