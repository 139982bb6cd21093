/**
 * The English strings of the first screens, built into the app; those of the later screens are in
 * `./en-later`, with the chunk that shows them. Every other language is one whole file
 * (`const de: Catalogue = { … }`, its default export, `./catalogue`), loaded as its own chunk: a
 * line in `./index.ts` adds it.
 */
import { firstPaintStrings } from './first-paint';

/** Shown by `widget.js` itself when the app cannot be fetched (before any language is known). */
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

/** A language's strings of the shape of `english`: each a text, or a function of the same parameters that writes one. */
export type Texts<English> = { readonly [K in keyof English]: English[K] extends (...args: infer A) => string ? (...args: A) => string : string };

/** The strings of the first screens (sign-in, the RSVP form), in every language. */
export type FirstScreenStrings = Texts<typeof firstScreens>;

/** English's first screens: all the English the app holds until the later screens' chunk comes. */
export const en: FirstScreenStrings = firstScreens;
