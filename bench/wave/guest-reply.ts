import type { EventHousehold, EventInfo, GuestSignInResult, Rsvp } from '../../core/schemas/event';
import { newClientAgent, send, type Answer } from './http-client';
import type { LatencyLog } from './latency';

/** A household the load generator replies for: its occasion and the invite code printed on its card. */
export interface ReplyTarget {
  occasionId: string;
  inviteCode: string;
  /** The site the occasion's widget is on: every request carries it as `Origin`, as the widget's do. */
  origin: string;
}

/** The request kinds of a reply, in their order. */
export const REPLY_KINDS = ['guest: sign in', 'guest: GET info', 'guest: GET household', 'guest: GET rsvp', 'guest: send rsvp'] as const;
const [SIGN_IN, INFO, HOUSEHOLD, GET_RSVP, SEND_RSVP] = REPLY_KINDS;

class StepFailed extends Error {}

/**
 * One guest's reply, as the widget makes it: sign in with the invite code from the guest's own
 * address, read the occasion, the household and the reply so far, then send the reply (POST the
 * first time, PUT after) answering every invitation, both questions and with a message. Each
 * request's time goes to `log` under its kind; the first request's counts from `scheduledAt`.
 * Answers whether the reply went through.
 */
export async function reply(api: string, target: ReplyTarget, localAddress: string, scheduledAt: number, log: LatencyLog): Promise<boolean> {
  const agent = newClientAgent();
  const step = async (kind: string, path: string, expected: number, init: { method?: string; body?: unknown; token?: string }, from = performance.now()) => {
    let answer: Answer;
    try {
      answer = await send(`${api}${path}`, {
        agent,
        localAddress,
        method: init.method,
        headers: {
          origin: target.origin,
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    } catch (error) {
      log.failed(kind, (error as Error).message);
      throw new StepFailed();
    }
    if (answer.status !== expected) {
      log.failed(kind, `${answer.status} ${answer.body.slice(0, 200)}`);
      throw new StepFailed();
    }
    log.ok(kind, performance.now() - from);
    return JSON.parse(answer.body) as unknown;
  };
  try {
    const signedIn = (await step(SIGN_IN, '/event/v1/auth/credentials', 200, { method: 'POST', body: { occasionId: target.occasionId, inviteCode: target.inviteCode } }, scheduledAt)) as GuestSignInResult;
    const token = signedIn.token;
    const info = (await step(INFO, '/event/v1/info', 200, { token })) as EventInfo;
    const household = (await step(HOUSEHOLD, '/event/v1/household', 200, { token })) as EventHousehold;
    const before = (await step(GET_RSVP, '/event/v1/rsvp', 200, { token })) as Rsvp | null;
    await step(SEND_RSVP, '/event/v1/rsvp', before ? 200 : 201, { method: before ? 'PUT' : 'POST', token, body: rsvpBody(info, household) });
    return true;
  } catch (error) {
    if (!(error instanceof StepFailed)) log.failed('guest: unexpected', String(error));
    return false;
  } finally {
    agent.destroy();
  }
}

/** Every member answers every invitation (the first attends, children decline the evening), with meals, both questions and a message. */
function rsvpBody(info: EventInfo, household: EventHousehold) {
  const meals = new Map(info.activities.map((activity) => [activity.id, activity.mealOptions]));
  const responses = household.guests.flatMap((guest, m) =>
    guest.invitations.map(({ activityId }) => {
      const attending = m === 0 || guest.ageGroup === 'ADULT';
      const options = meals.get(activityId) ?? [];
      return { guestId: guest.id, activityId, response: attending ? 'ATTENDING' : 'DECLINED', mealChoice: attending && options.length ? options[m % options.length]!.value : null };
    }),
  );
  const answers = info.questions.map((question) => ({
    questionId: question.id,
    value: question.kind === 'SINGLE_CHOICE' ? question.options[0]!.value : 'Dancing in the Moonlight',
  }));
  return { responses, answers, message: 'So happy for you both, see you there!' };
}
