import type { Migration } from 'kysely';
import { initial } from './0001-initial';
import { sessionIndexes } from './0002-session-indexes';
import { occasionRevision } from './0004-occasion-revision';
import { history } from './0007-history';

/** Every migration, in order. One set serves SQLite and PostgreSQL. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-session-indexes': sessionIndexes,
  '0004-occasion-revision': occasionRevision,
  '0007-history': history,
};
