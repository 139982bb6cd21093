/**
 * Every string the widget shows, in English, the language built into the app. Every other
 * language is one more file with the same shape (`const de: Catalogue = { … }`, its default
 * export), loaded as its own chunk: a line in `./index.ts` adds it.
 */
/** Shown by `widget.js` itself when the app cannot be fetched (before any language is known). */
import { firstPaintStrings } from './first-paint';

export const loadError = 'The RSVP form could not be loaded. Please reload the page.';

export const en = {
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

  // Event info
  eventDetails: 'Event details',
  venue: 'Venue',
  schedule: 'Your schedule',
  noActivities: 'Nothing is scheduled for you yet.',
  where: 'Where',
  when: 'When',
  dressCode: 'Dress code',
  questions: 'Questions? Write to the hosts:',
  replyBy: (date: string) => `Please reply by ${date}.`,

  // Household
  household: 'Your household',
  address: 'Address',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State, province or region',
  province: 'Province or territory',
  usState: 'State',
  postalCode: 'Postal code',
  country: 'Country',
  choose: 'Choose…',
  phone: 'Phone',
  email: 'Email',
  members: 'Guests',
  dietaryNotes: 'Dietary notes',
  dietaryNotesHint: 'Allergies or other needs.',
  plusOneOf: (name: string) => `Guest of ${name}`,
  notGiven: 'Not given',
  editHousehold: 'Edit household details',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Your details were saved.',
  invalidEmail: 'Enter an email like name@example.com.',

  // RSVP
  rsvp: 'RSVP',
  rsvpIntro: 'Let the hosts know who is coming.',
  attending: 'Joyfully accepts',
  declined: 'Regretfully declines',
  pending: 'No answer yet',
  meal: 'Meal',
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
  reviewTitle: 'Review your RSVP',
  edit: 'Change answers',
  submit: 'Send RSVP',
  thankYou: 'Thank you! Your RSVP has been sent.',
  updated: 'Thank you! Your RSVP has been updated.',
  yourAnswers: 'Your answers',
  addToCalendar: 'Add to calendar (.ics)',
  changeUntil: (date: string) => `You can change your answers until ${date}.`,
  rsvpClosed: 'The RSVP deadline has passed; answers can no longer be changed.',
  rsvpClosedContact: 'Please write to the hosts:',
  noRsvp: 'Your household did not reply.',
  noMessage: 'No message',
  bringing: (name: string) => `Bringing ${name}`,
} as const;

/** The shape every language file fills in. */
export type Catalogue = { readonly [K in keyof typeof en]: (typeof en)[K] extends (...args: infer A) => string ? (...args: A) => string : string };
