import { CheckInMarksSchema } from '../../core/schemas/check-in';
import { CHECK_IN_BODY_LIMIT } from '../routes/host/check-in';
import { arrayOf, count, id, instant, nullable, ref, string, strictObject, type JsonSchema } from './json-schema';
import type { OperationTable } from './operation';

const CHECK_IN = 'Check-in';

const activityIds = arrayOf(id);
const checkInCode: JsonSchema = { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{10}$', description: 'The household’s check-in code, 10 Crockford base32 characters (shown `ABCDE-12345`).' };
const checkInCount = strictObject({ activityId: id, expected: count, arrived: count });
const revision: JsonSchema = { type: 'string', description: 'Changes whenever an arrival (or the guest list) changes.' };

/** What the check-in routes answer, as JSON Schema; they mirror `core/schemas/check-in.ts`. */
export const HOST_CHECK_IN_SCHEMAS: Record<string, JsonSchema> = {
  CheckInHousehold: strictObject({
    id: nullable(id),
    name: string,
    code: nullable(checkInCode),
    guests: arrayOf(strictObject({ id, firstName: string, lastName: string, expected: activityIds, arrived: activityIds })),
  }),
  CheckInCounts: strictObject({ counts: arrayOf(checkInCount), revision }),
  CheckInList: strictObject({
    activities: arrayOf(strictObject({ id, name: string, startsAt: instant })),
    households: arrayOf(ref('CheckInHousehold')),
    counts: arrayOf(checkInCount),
    revision,
  }),
};

/** The door's check-in routes (`docs/api/check-in.md`): every role of the occasion may use them, the `door` role included. */
export const HOST_CHECK_IN_OPERATIONS: OperationTable = {
  'GET /occasion/:occasionId/check-in': {
    summary: 'The check-in list',
    tag: CHECK_IN,
    caller: 'host',
    description:
      'Activities by start; households by name, each with its check-in code and its guests by last then first name, each guest’s `expected` (invitations answered `ATTENDING`) and `arrived` activity ids. A guest in no household is a household of one with `id` and `code` null. Names only: no address, email, phone or notes.',
    answers: { 200: ref('CheckInList') },
  },
  'GET /occasion/:occasionId/check-in/counts': {
    summary: 'Check-in counts',
    tag: CHECK_IN,
    caller: 'host',
    description: 'Per activity, invitations answered `ATTENDING` and arrivals (expected or not), and the `revision`: cheap, for door screens to poll.',
    answers: { 200: ref('CheckInCounts') },
  },
  'GET /occasion/:occasionId/check-in/code/:code': {
    summary: 'A household by its check-in code',
    tag: CHECK_IN,
    caller: 'host',
    description: 'The code is read without regard to case, spaces or dashes. A code of another occasion, or of none, is 404 `NOT_FOUND`.',
    params: { code: { type: 'string', description: 'A check-in code, `ABCDE12345` or `ABCDE-12345`.' } },
    answers: { 200: ref('CheckInHousehold') },
  },
  'POST /occasion/:occasionId/check-in': {
    summary: 'Mark arrivals',
    tag: CHECK_IN,
    caller: 'host',
    description:
      '1 to 200 marks, applied in order in one transaction. `arrived: true` records the guest’s arrival at the activity if there is none (the first mark’s `at` and account stay); `false` removes it. A mark whose `id` this occasion already applied is skipped, so a queue sent twice changes nothing. A guest or activity not of this occasion is 404 `NOT_FOUND` and nothing is applied.',
    body: CheckInMarksSchema,
    bodyLimit: CHECK_IN_BODY_LIMIT,
    answers: { 200: ref('CheckInCounts') },
  },
};
