/**
 * Every string the widget shows, in English, the language built into the app. Every other
 * language is one more file with the same shape (`const de: Catalogue = { … }`, its default
 * export), loaded as its own chunk: a line in `./index.ts` adds it.
 */
/** Shown by `widget.js` itself when the app cannot be fetched (before any language is known). */
import type { later } from './en-later';
import { firstPaintStrings } from './first-paint';

export const loadError = 'The RSVP form could not be loaded. Please reload the page.';

/** The strings of the first screens (sign-in, the RSVP form): what every English page loads. */
const firstScreens = {
  /** BCP 47 tag used for dates and times when the page gives no more precise English. */
  locale: 'en-US',

  loading: 'Loading…',
  /** On a button while its request runs. */
  busy: 'One moment…',
  missingOccasion: 'This RSVP form has no occasion="…" attribute.',
  retry: 'Try again',
  required: (label: string) => `${label} is required.`,
  fixErrors: 'Please correct the marked fields.',

  // Sign-in (the first strings are those widget.js paints before the app is there)
  ...firstPaintStrings,
  signInByName: 'Enter your name as written on your invitation.',
  firstName: 'First name',
  lastName: 'Last name',
  passcode: 'Passcode',
  passcodeHint: 'Only if your invitation shows one.',
  useCode: 'Use my invite code instead',
  invalidCredentials: "We couldn't find an invitation with these details. Please check them.",
  /** `wait` is a duration written by `Intl` in the catalogue's language (`30 seconds`). */
  rateLimited: (wait: string) => `Too many attempts. Please wait ${wait} and try again.`,
  originNotAllowed: (origin: string) =>
    `This RSVP form may not be shown on ${origin}: that address is not one of the occasion's allowed websites. The hosts can add it in their Kindly dashboard, under Settings, Allowed origins.`,
  networkError: 'Could not reach the server. Please try again.',
  serverError: 'Something went wrong. Please try again in a moment.',
  sessionEnded: 'Please sign in again.',
  signedInAs: (name: string) => `Signed in as ${name}`,
  signOut: 'Sign out',

  // The occasion's title line and the form's common words
  replyBy: (date: string) => `Please reply by ${date}.`,
  choose: 'Choose…',
  cancel: 'Cancel',

  // RSVP
  rsvp: 'RSVP',
  rsvpIntro: 'Let the hosts know who is coming.',
  attending: 'Joyfully accepts',
  declined: 'Regretfully declines',
  mealFor: (name: string) => `Meal for ${name}`,
  mealRequired: 'Please choose a meal.',
  answerRequired: 'Please choose an answer.',
  plusOne: 'Bringing a guest?',
  plusOneFor: (name: string) => `${name} may bring a guest, who comes to what ${name} comes to.`,
  plusOneMealAt: (name: string, activity: string) => `Meal for ${name} at ${activity}`,
  acceptAll: 'Everyone accepts everything',
  plusOneFirstName: "Guest's first name",
  plusOneLastName: "Guest's last name",
  message: 'Message to the hosts',
  review: 'Review answers',
  thankYou: 'Thank you! Your RSVP has been sent.',
  updated: 'Thank you! Your RSVP has been updated.',
  rsvpClosed: 'The RSVP deadline has passed; answers can no longer be changed.',
} as const;

type English = typeof firstScreens & typeof later;

/** The shape every language file fills in. */
export type Catalogue = { readonly [K in keyof English]: English[K] extends (...args: infer A) => string ? (...args: A) => string : string };

/**
 * English, built into the app. Only the first screens' strings are in the app's bytes; those
 * of the later screens (event details, household, the RSVP's review and summary) join from
 * `./en-later` with the chunk that shows them (`event/folded.ts` imports it).
 */
export const en = firstScreens as unknown as Catalogue;

