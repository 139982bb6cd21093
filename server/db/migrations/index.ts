import type { Migration } from 'kysely';
import { initial } from './0001-initial';
import { sessionIndexes } from './0002-session-indexes';
import { occasionRevision } from './0004-occasion-revision';
import { email } from './0005-email';
import { questions } from './0006-questions';
import { history } from './0007-history';
import { questionRevision } from './0008-question-revision';
import { historyGuestHouseholds } from './0009-history-guest-households';
import { occasionOrigins } from './0010-occasion-origins';
import { guestPath } from './0011-guest-path';
import { occasionRoles } from './0012-occasion-roles';
import { accounts } from './0013-accounts';
import { emailSendLog } from './0014-email-send-log';
import { occasionTwoFactor } from './0015-occasion-two-factor';
import { guestImports } from './0016-guest-imports';
import { retention } from './0017-retention';
import { guestData } from './0018-guest-data';
import { webhooks } from './0019-webhooks';
import { apiTokens } from './0020-api-tokens';
import { occasionSlugs } from './0021-occasion-slugs';
import { seating } from './0022-seating';
import { checkIn } from './0023-check-in';
import { repliesIndex } from './0024-replies-index';
import { scheduledMailIndexes } from './0025-scheduled-mail-indexes';

/** Every migration, in order. One set serves SQLite and PostgreSQL. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-session-indexes': sessionIndexes,
  '0004-occasion-revision': occasionRevision,
  '0005-email': email,
  '0006-questions': questions,
  '0007-history': history,
  '0008-question-revision': questionRevision,
  '0009-history-guest-households': historyGuestHouseholds,
  '0010-occasion-origins': occasionOrigins,
  '0011-guest-path': guestPath,
  '0012-occasion-roles': occasionRoles,
  '0013-accounts': accounts,
  '0014-email-send-log': emailSendLog,
  '0015-occasion-two-factor': occasionTwoFactor,
  '0016-guest-imports': guestImports,
  '0017-retention': retention,
  '0018-guest-data': guestData,
  '0019-webhooks': webhooks,
  '0020-api-tokens': apiTokens,
  '0021-occasion-slugs': occasionSlugs,
  '0022-seating': seating,
  '0023-check-in': checkIn,
  '0024-replies-index': repliesIndex,
  '0025-scheduled-mail-indexes': scheduledMailIndexes,
};
