/**
 * The English strings of the later screens (event details, household, the RSVP's review and
 * summary), kept out of the first load: only the chunk that shows them (`event/folded.ts`)
 * reaches this module. Other languages are whole files.
 */
import { en, type FirstScreenStrings, type Texts } from './en';

const later = {
  // Event info
  eventDetails: 'Event details',
  venue: 'Venue',
  schedule: 'Your schedule',
  noActivities: 'Nothing is scheduled for you yet.',
  where: 'Where',
  when: 'When',
  dressCode: 'Dress code',
  questions: 'Questions? Write to the hosts:',
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
  phone: 'Phone',
  email: 'Email',
  members: 'Guests',
  dietaryNotes: 'Dietary notes',
  dietaryNotesHint: 'Allergies or other needs.',
  plusOneOf: (name: string) => `Guest of ${name}`,
  notGiven: 'Not given',
  editHousehold: 'Edit household details',
  save: 'Save',
  saved: 'Your details were saved.',
  invalidEmail: 'Enter an email like name@example.com.',
  // The RSVP's review and summary
  pending: 'No answer yet',
  meal: 'Meal',
  reviewTitle: 'Review your RSVP',
  edit: 'Change answers',
  submit: 'Send RSVP',
  yourAnswers: 'Your answers',
  addToCalendar: 'Add to calendar (.ics)',
  changeUntil: (date: string) => `You can change your answers until ${date}.`,
  rsvpClosedContact: 'Please write to the hosts:',
  noRsvp: 'Your household did not reply.',
  noMessage: 'No message',
  bringing: (name: string) => `Bringing ${name}`,
  // The guest's own data
  privacy: 'Privacy',
  downloadData: 'Download my data',
  dataFileName: 'my-data',
  askErasure: 'Ask to erase my data',
  erasureIntro: 'The hosts will be asked to erase the data of those you reply for: names, contact details, replies and messages.',
  erasureMessage: 'Note for the hosts (optional)',
  sendErasure: 'Send request',
  erasureSent: 'Your request was sent to the hosts.',
} as const;

/** The strings of the later screens, in every language. */
export type LaterStrings = Texts<typeof later>;

/** All of English: the first screens' strings and the later ones'. */
export const englishWhole: FirstScreenStrings & LaterStrings = { ...en, ...later };
