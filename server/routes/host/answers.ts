import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { answerListSchema, AnswersBulkSchema, type AnswerBulkRow } from '../../../core/schemas/answer';
import type { ApiIssue } from '../../../core/schemas/error';
import type { AppEnv } from '../../app-env';
import { GuestBulkQuerySchema } from '../../../core/schemas/history';
import { answerId, answerValue, listAnswers, writeQuestionAnswers } from '../../data/answers';
import { lockOccasionForBulk } from '../../data/bulk-lock';
import { actorOf } from '../../data/history';
import { assertOwnedOccasion } from '../../data/occasions';
import { listQuestions, toEventQuestion } from '../../data/questions';
import type { Database } from '../../db/schema';
import { BULK_BODY_LIMIT, readBody } from '../../http/read-body';
import { validate } from '../../data/validate';
import { failOnIssues } from './validation-failed';

/**
 * `GET /occasion/{occasionId}/answers`: every answer to the occasion's questions.
 * `PUT /occasion/{occasionId}/answers`: the host's bulk (the CSV import), all or nothing; a null
 * or blank value removes an answer. Answers the occasion's answers.
 */
export function answerRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/occasion/:occasionId/answers', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.json(await listAnswers(db, occasionId));
  });

  routes.put('/occasion/:occasionId/answers', async (c) => {
    const { db, dbKind } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    // The CSV importer sends `?source=import`, as with the guest bulk: history names the import.
    const { source } = validate(GuestBulkQuerySchema, c.req.query());
    const { answers } = await readBody(c, AnswersBulkSchema, BULK_BODY_LIMIT);
    await db.transaction().execute(async (trx) => {
      await lockOccasionForBulk(trx, dbKind, occasionId);
      const rows = await checkBulk(trx, occasionId, answers);
      await writeQuestionAnswers(trx, occasionId, rows, actorOf(c.get('host'), source === 'import' ? 'IMPORT' : 'HOST'), new Date());
    });
    return c.json(await listAnswers(db, occasionId));
  });

  return routes;
}

/**
 * Checks the rows against the occasion: the shared answer rules (question, scope, value; a
 * disabled option only where the stored answer holds it), then the ids: a household question
 * needs a household of the occasion, a guest question a guest of it (a household given with it
 * must be the guest's). Answers the rows as they are stored.
 */
export async function checkBulk(trx: Kysely<Database>, occasionId: string, rows: AnswerBulkRow[]): Promise<AnswerBulkRow[]> {
  const [questions, households, guests, stored] = await Promise.all([
    listQuestions(trx, occasionId),
    trx.selectFrom('household').select('id').where('occasionId', '=', occasionId).execute(),
    trx.selectFrom('guest').select(['id', 'householdId']).where('occasionId', '=', occasionId).execute(),
    trx.selectFrom('answer').select(['id', 'value']).where('occasionId', '=', occasionId).execute(),
  ]);
  const storedValues = new Map(stored.map((row) => [row.id, answerValue(row)]));
  const schema = answerListSchema<AnswerBulkRow>(questions.map(toEventQuestion), {
    previous: (row) => storedValues.get(answerId(row.questionId, row.householdId, row.guestId)),
  });
  const { answers: checked } = validate(v.object({ answers: schema }), { answers: rows });
  const householdIds = new Set(households.map((household) => household.id));
  const guestHousehold = new Map(guests.map((guest) => [guest.id, guest.householdId]));
  const issues: ApiIssue[] = [];
  const result = checked.map((row, index) => {
    const path = `answers.${index}`;
    if (row.guestId !== null) {
      if (!guestHousehold.has(row.guestId)) issues.push({ path: `${path}.guestId`, message: 'This guest is not part of the occasion.' });
      else if (row.householdId !== null && guestHousehold.get(row.guestId) !== row.householdId) {
        issues.push({ path: `${path}.householdId`, message: 'This guest is not in that household.' });
      }
      return { ...row, householdId: null };
    }
    if (row.householdId === null || !householdIds.has(row.householdId)) {
      issues.push({ path: `${path}.householdId`, message: 'This household is not part of the occasion.' });
    }
    return row;
  });
  failOnIssues(issues);
  return result;
}
