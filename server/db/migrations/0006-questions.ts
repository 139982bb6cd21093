import type { Kysely, Migration } from 'kysely';

/**
 * The host's questions and the answers to them. An answer's id is its question's id followed by
 * its guest's (guest questions) or household's (household questions) id, so a question is
 * answered at most once per guest or household. Answers go with their question, guest or
 * household; questions with their occasion or activity. Answers are read through their own
 * route, not the guest list, so they take no part in the occasion's revision.
 */
export const questions: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('question')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('activityId', 'text', (c) => c.references('activity.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('prompt', 'text', (c) => c.notNull())
      .addColumn('helpText', 'text', (c) => c.notNull())
      .addColumn('options', 'text', (c) => c.notNull())
      .addColumn('min', 'double precision')
      .addColumn('max', 'double precision')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('required', 'integer', (c) => c.notNull())
      .addColumn('sortOrder', 'integer', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('question_occasion').on('question').columns(['occasionId', 'sortOrder']).execute();
    await db.schema.createIndex('question_activity').on('question').column('activityId').execute();

    await db.schema
      .createTable('answer')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('occasionId', 'text', (c) => c.notNull().references('occasion.id').onDelete('cascade'))
      .addColumn('questionId', 'text', (c) => c.notNull().references('question.id').onDelete('cascade'))
      .addColumn('householdId', 'text', (c) => c.references('household.id').onDelete('cascade'))
      .addColumn('guestId', 'text', (c) => c.references('guest.id').onDelete('cascade'))
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('answer_occasion').on('answer').column('occasionId').execute();
    await db.schema.createIndex('answer_question').on('answer').column('questionId').execute();
    await db.schema.createIndex('answer_household').on('answer').column('householdId').execute();
    await db.schema.createIndex('answer_guest').on('answer').column('guestId').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('answer').execute();
    await db.schema.dropTable('question').execute();
  },
};
