/**
 * What is folded beneath the RSVP (event details, the household): one chunk, fetched as soon
 * as the RSVP form shows, so the bytes before it stay few.
 */
export { EventDetails } from './event-details';
export { HouseholdCard } from './household';
