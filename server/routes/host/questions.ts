import { Hono } from 'hono';
import { QuestionCreateSchema, QuestionUpdateSchema } from '../../../core/schemas/question';
import type { AppEnv } from '../../app-env';
import { assertOwnedOccasion } from '../../data/occasions';
import {
  assertAnswersKept,
  assertQuestionActivity,
  findQuestion,
  listQuestions,
  questionWritable,
  toQuestion,
  toQuestionRow,
} from '../../data/questions';
import { lockRows } from '../../data/row-lock';
import { newId } from '../../db/ids';
import { readBody } from '../../http/read-body';
import { validate } from '../../data/validate';

/** Question CRUD. Deleting a question deletes its answers (foreign-key cascade). */
export function questionRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/occasion/:occasionId/questions', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.json((await listQuestions(db, occasionId)).map(toQuestion));
  });

  routes.post('/occasion/:occasionId/question', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const input = await readBody(c, QuestionCreateSchema);
    await assertQuestionActivity(db, occasionId, input.activityId);
    const now = new Date().toISOString();
    const row = toQuestionRow(newId(), occasionId, input, now, now);
    await db.transaction().execute((trx) => trx.insertInto('question').values(row).execute());
    return c.json(toQuestion(row), 201);
  });

  routes.get('/occasion/:occasionId/question/:questionId', async (c) => {
    const { db } = c.get('deps');
    const { occasionId, questionId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.json(toQuestion(await findQuestion(db, occasionId, questionId)));
  });

  routes.put('/occasion/:occasionId/question/:questionId', async (c) => {
    const { db, dbKind } = c.get('deps');
    const { occasionId, questionId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    await findQuestion(db, occasionId, questionId);
    const patch = await readBody(c, QuestionUpdateSchema);
    const row = await db.transaction().execute(async (trx) => {
      await lockRows(trx, dbKind, 'question', [questionId]);
      const current = await findQuestion(trx, occasionId, questionId);
      const merged = validate(QuestionCreateSchema, { ...questionWritable(current), ...patch });
      await assertQuestionActivity(trx, occasionId, merged.activityId);
      await assertAnswersKept(trx, current, merged);
      const next = toQuestionRow(current.id, occasionId, merged, current.createdAt, new Date().toISOString());
      await trx.updateTable('question').set(next).where('id', '=', current.id).execute();
      return next;
    });
    return c.json(toQuestion(row));
  });

  routes.delete('/occasion/:occasionId/question/:questionId', async (c) => {
    const { db } = c.get('deps');
    const { occasionId, questionId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const current = await findQuestion(db, occasionId, questionId);
    await db.transaction().execute((trx) => trx.deleteFrom('question').where('id', '=', current.id).execute());
    return c.body(null, 204);
  });

  return routes;
}
