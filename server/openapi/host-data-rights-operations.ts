import { PrivacyNoteUpdateSchema, RetentionPostponeSchema, RetentionUpdateSchema } from '../../core/schemas';
import { arrayOf, ref } from './json-schema';
import type { OperationTable } from './operation';

const DATA_RIGHTS = 'Data rights';
const GUEST_REQUESTS = 'Privacy and guests’ requests';

const erasure = (what: string): string =>
  `Erases ${what} for good: names, contact details, reply, answers, sessions and queued emails go; history and sent emails keep no personal field. ` +
  'Of several erasures of the same guest at once, one answers 200 and the others 404. A malformed id is 400.';

/** The host area's routes of an occasion's data: export, erasure, retention, the privacy note and guests' erasure requests. */
export const HOST_DATA_RIGHTS_OPERATIONS: OperationTable = {
  'GET /occasion/:occasionId/export': {
    summary: 'Export the occasion',
    tag: DATA_RIGHTS,
    caller: 'host',
    description:
      'A ZIP (`Content-Disposition: attachment`), streamed as it is made: `occasion.json`, then each list (activities, households, guests, invitations, replies, messages, questions, answers, history, emails) as `.csv` and `.json`.',
    answers: { 200: 'zip' },
  },
  'POST /occasion/:occasionId/guest/:guestId/erase': {
    summary: 'Erase a guest',
    tag: DATA_RIGHTS,
    caller: 'host',
    description: `${erasure('the guest')} A household left without members is erased with it.`,
    answers: { 200: ref('ErasureResult') },
    errors: [400],
  },
  'POST /occasion/:occasionId/household/:householdId/erase': {
    summary: 'Erase a household',
    tag: DATA_RIGHTS,
    caller: 'host',
    description: erasure('the household and every member'),
    answers: { 200: ref('ErasureResult') },
    errors: [400],
  },
  'GET /occasion/:occasionId/retention': {
    summary: 'Read the retention',
    tag: DATA_RIGHTS,
    caller: 'host',
    description: 'How long the guests are kept after the last activity, and when they will be erased.',
    answers: { 200: ref('Retention') },
  },
  'PUT /occasion/:occasionId/retention': {
    summary: 'Set the retention',
    tag: DATA_RIGHTS,
    caller: 'host',
    description: 'Owners only.',
    body: RetentionUpdateSchema,
    answers: { 200: ref('Retention') },
  },
  'POST /occasion/:occasionId/retention/postpone': {
    summary: 'Postpone the erasure',
    tag: DATA_RIGHTS,
    caller: 'host',
    description: 'Adds `days` to the retention; postponements sent at once all count. A total over 3,650 days is 400. Owners only.',
    body: RetentionPostponeSchema,
    answers: { 200: ref('Retention') },
  },

  'GET /occasion/:occasionId/privacy-note': {
    summary: 'Read the privacy note',
    tag: GUEST_REQUESTS,
    caller: 'host',
    answers: { 200: ref('HostPrivacyNote') },
  },
  'PUT /occasion/:occasionId/privacy-note': {
    summary: 'Write the privacy note',
    tag: GUEST_REQUESTS,
    caller: 'host',
    description: '`null` (or blank) gives the guests Kindly’s default note.',
    body: PrivacyNoteUpdateSchema,
    answers: { 200: ref('HostPrivacyNote') },
  },
  'GET /occasion/:occasionId/erasure-requests': {
    summary: 'List the guests’ erasure requests',
    tag: GUEST_REQUESTS,
    caller: 'host',
    description: 'Open requests first, then the rest, each newest first.',
    answers: { 200: arrayOf(ref('ErasureRequest')) },
  },
  'POST /occasion/:occasionId/erasure-request/:requestId/confirm': {
    summary: 'Confirm an erasure request',
    tag: GUEST_REQUESTS,
    caller: 'host',
    description: 'Erases the household in the same transaction, as erasing it does. Owners only; a request already decided is 409 `CONFLICT`.',
    answers: { 200: ref('ErasureRequest') },
    errors: [409],
  },
  'POST /occasion/:occasionId/erasure-request/:requestId/decline': {
    summary: 'Decline an erasure request',
    tag: GUEST_REQUESTS,
    caller: 'host',
    description: 'Keeps everything; the household may ask again. Owners only; a request already decided is 409 `CONFLICT`.',
    answers: { 200: ref('ErasureRequest') },
    errors: [409],
  },
};
