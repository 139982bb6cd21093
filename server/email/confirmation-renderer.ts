import type { EmailTemplate } from '../../core/schemas/email';
import { LruMap } from '../lru-map';
import { unsubscribeUrl } from './outbox';
import type { EmailRenderer, RenderedEmail } from './render-email';
import type { ConfirmationProps, ConfirmedActivity } from './templates/confirmation';

/** What a confirmation shows of one reply; the rest (title, intro) is the occasion's template. */
export type ConfirmationReply = Pick<ConfirmationProps, 'householdName' | 'activities' | 'plusOnes' | 'message'>;

/** Makes one reply's confirmation, as rendering it would, for the unsubscribe token given. */
export interface FillConfirmation {
  (reply: ConfirmationReply, unsubscribeToken: string): Promise<RenderedEmail>;
  /** Whether messages are filled in from the shape (false: each is rendered). */
  readonly shaped: Promise<boolean>;
}

/** Stand-ins rendered, then replaced per reply: plain words no template or escaping changes. */
const SLOT = /KINDLYx([A-Z]+)x/g;
const stand = (name: Slot): string => `KINDLYx${name}x`;
type Slot = 'HOUSEHOLD' | 'PREVIEW' | 'ACTIVITY' | 'WHEN' | 'GUEST' | 'MEAL' | 'PLUSONES' | 'MESSAGE' | 'TOKEN';
type Values = Partial<Record<Slot, string>>;

/** A piece of a message: literal text and the slots between, in order. */
type Pattern = Array<string | { slot: Slot }>;

/** One piece in both parts of the message. */
interface Piece {
  html: Pattern;
  text: Pattern;
}

type Kind = keyof Piece;
type AnswerKind = 'withMeal' | 'attending' | 'declined';

/**
 * A confirmation taken apart: the frame around the activities, the plus-ones and the message
 * (each of which a reply repeats or leaves out), and the activity's piece around its answers.
 */
interface Shape {
  frame: [beforeActivities: Piece, beforePlusOnes: Piece, beforeMessage: Piece, end: Piece];
  activity: [head: Piece, tail: Piece];
  answers: Record<AnswerKind, Piece>;
  plusOnes: Piece;
  message: Piece;
  /** The preview line's text before the household's name, and the unit of its padding. */
  preview: { before: string; padding: string };
}

/**
 * Confirmations render once per occasion and template (eight renders of ~6 ms), then each
 * reply's is filled in by joining strings: kept by occasion while its title, intro and the
 * public URL are those it was rendered with, so a changed template or title renders anew.
 * A shape that fails its own check (a template whose pieces cannot be told apart) is kept as
 * `undefined`: its messages are rendered one by one, as before.
 */
const keptByRenderer = new WeakMap<EmailRenderer, LruMap<string, { key: string; shape: Promise<Shape | undefined> }>>();

/** The confirmation filler of the occasion's current template (rendered on first use, then kept). */
export function confirmationRenderer(
  occasionId: string,
  occasionTitle: string,
  template: EmailTemplate,
  publicUrl: string,
  renderEmail: EmailRenderer,
): FillConfirmation {
  let kept = keptByRenderer.get(renderEmail);
  if (!kept) keptByRenderer.set(renderEmail, (kept = new LruMap(1000)));
  const key = JSON.stringify([occasionTitle, template.intro, publicUrl]);
  let entry = kept.get(occasionId);
  if (entry?.key !== key) {
    const made = { key, shape: checkedShape(occasionTitle, template.intro, publicUrl, renderEmail) };
    const own = kept;
    own.set(occasionId, made);
    // A failed render is not kept: the next message renders again.
    made.shape.catch(() => own.get(occasionId) === made && own.delete(occasionId));
    entry = made;
  }
  const shape = entry.shape;
  const render = (reply: ConfirmationReply, token: string) =>
    renderEmail({ kind: 'CONFIRMATION', props: { occasionTitle, intro: template.intro, ...reply, unsubscribeUrl: unsubscribeUrl(publicUrl, token) } });
  const filler = async (reply: ConfirmationReply, token: string) => {
    const taken = await shape;
    return (taken && fill(taken, reply, token)) ?? render(reply, token);
  };
  return Object.assign(filler, { shaped: shape.then((taken) => taken !== undefined) });
}

/** A reply with every piece, some twice, and markup and spacing to escape: the shape's check. */
const PROBE: ConfirmationReply = {
  householdName: `O'Brien & <Sons>`,
  activities: [
    { name: 'Ceremony & "vows"', when: 'Sat 12 June, 15:00', answers: [{ guestName: 'Jane  Doe', attending: true, meal: 'Fish <grilled>' }, { guestName: 'Tim', attending: false, meal: null }] },
    { name: 'Dinner', when: 'Sat 12 June, 19:00', answers: [{ guestName: 'Ann', attending: true, meal: null }] },
  ],
  plusOnes: ['Pat Doe', 'Sam'],
  message: 'See you\nthere!',
};

async function checkedShape(occasionTitle: string, intro: string, publicUrl: string, renderEmail: EmailRenderer): Promise<Shape | undefined> {
  const props = { occasionTitle, intro, ...PROBE, unsubscribeUrl: unsubscribeUrl(publicUrl, 'probe-token') };
  const [shape, probe] = await Promise.all([renderShape(occasionTitle, intro, publicUrl, renderEmail), renderEmail({ kind: 'CONFIRMATION', props })]);
  const filled = shape && fill(shape, PROBE, 'probe-token');
  return filled?.html === probe.html && filled.text === probe.text ? shape : undefined;
}

/** Renders stand-in confirmations and takes the pieces out by where each differs from the frame. */
async function renderShape(occasionTitle: string, intro: string, publicUrl: string, renderEmail: EmailRenderer): Promise<Shape | undefined> {
  const activity = (answers: ConfirmedActivity['answers']): ConfirmedActivity => ({ name: stand('ACTIVITY'), when: stand('WHEN'), answers });
  const answer = (attending: boolean, meal: string | null) => ({ guestName: stand('GUEST'), attending, meal });
  const base: ConfirmationProps = {
    occasionTitle,
    intro,
    householdName: stand('HOUSEHOLD'),
    activities: [],
    plusOnes: [],
    message: '',
    unsubscribeUrl: unsubscribeUrl(publicUrl, stand('TOKEN')),
  };
  const render = (props: Partial<ConfirmationProps>) => renderEmail({ kind: 'CONFIRMATION', props: { ...base, ...props } });
  const [frame, oneActivity, withMeal, attending, declined, plusOnes, message] = await Promise.all([
    render({}),
    render({ activities: [activity([])] }),
    render({ activities: [activity([answer(true, stand('MEAL'))])] }),
    render({ activities: [activity([answer(true, null)])] }),
    render({ activities: [activity([answer(false, null)])] }),
    render({ plusOnes: [stand('PLUSONES')] }),
    render({ message: stand('MESSAGE') }),
  ]);
  const part = (kind: Kind) => {
    const activityAt = inserted(frame[kind], oneActivity[kind]);
    const plusOnesAt = inserted(frame[kind], plusOnes[kind]);
    const messageAt = inserted(frame[kind], message[kind]);
    const answersAt = [withMeal, attending, declined].map((larger) => inserted(oneActivity[kind], larger[kind]));
    const answerAt = answersAt[0]!.at - activityAt.at;
    const inOrder = activityAt.at <= plusOnesAt.at && plusOnesAt.at <= messageAt.at;
    const sameAnswerPlace = answersAt.every(({ at }) => at - activityAt.at === answerAt) && answerAt >= 0 && answerAt <= activityAt.piece.length;
    if (!inOrder || !sameAnswerPlace) return undefined;
    const text = frame[kind];
    const segments: [string, string, string, string] = [text.slice(0, activityAt.at), text.slice(activityAt.at, plusOnesAt.at), text.slice(plusOnesAt.at, messageAt.at), text.slice(messageAt.at)];
    return {
      frame: segments,
      activity: [activityAt.piece.slice(0, answerAt), activityAt.piece.slice(answerAt)],
      answers: answersAt.map(({ piece }) => piece),
      plusOnes: plusOnesAt.piece,
      message: messageAt.piece,
    };
  };
  const html = part('html');
  const text = part('text');
  const preview = html && previewSlot(html.frame[0]);
  if (!html || !text || !preview) return undefined;
  html.frame[0] = preview.frame;
  const piece = (h: string, t: string): Piece => ({ html: pattern(h), text: pattern(t) });
  const pieces = (h: string[], t: string[]) => h.map((value, i) => piece(value, t[i]!));
  return {
    frame: pieces(html.frame, text.frame) as Shape['frame'],
    activity: pieces(html.activity, text.activity) as Shape['activity'],
    answers: Object.fromEntries((['withMeal', 'attending', 'declined'] as const).map((kind, i) => [kind, piece(html.answers[i]!, text.answers[i]!)])) as Record<AnswerKind, Piece>,
    plusOnes: piece(html.plusOnes, text.plusOnes),
    message: piece(html.message, text.message),
    preview: preview.preview,
  };
}

/** React Email's `Preview` pads its text with invisible characters up to this many (and cuts it there). */
const PREVIEW_LENGTH = 150;

/**
 * The preview line ("We have your reply, {household}") as one slot: its padding depends on the
 * name's length. Undefined when the frame does not show the name that way.
 */
function previewSlot(frame: string): { frame: string; preview: Shape['preview'] } | undefined {
  const name = stand('HOUSEHOLD');
  const at = frame.indexOf(name);
  const start = frame.lastIndexOf('>', at) + 1;
  const before = unescapeHtml(frame.slice(start, at));
  const padded = /^<div>([^<]*)<\/div>/.exec(frame.slice(at + name.length));
  const shown = before.length + name.length;
  if (at < 0 || !padded || shown >= PREVIEW_LENGTH || frame.indexOf(name, at + 1) >= 0) return undefined;
  const padding = padded[1]!.slice(0, padded[1]!.length / (PREVIEW_LENGTH - shown));
  if (padding.repeat(PREVIEW_LENGTH - shown) !== padded[1]) return undefined;
  return { frame: frame.slice(0, start) + stand('PREVIEW') + frame.slice(at + name.length + padded[0].length), preview: { before, padding } };
}

/** The preview line's HTML for a household, as `Preview` renders it. */
function previewHtml(preview: Shape['preview'], householdName: string): string {
  const text = (preview.before + householdName).substring(0, PREVIEW_LENGTH);
  const padding = text.length < PREVIEW_LENGTH ? `<div>${preview.padding.repeat(PREVIEW_LENGTH - text.length)}</div>` : '';
  return escapeHtml(text) + padding;
}

/** What `larger` adds to `smaller` at one place, and where; undefined when it is no insertion. */
function inserted(smaller: string, larger: string): { at: number; piece: string } {
  let start = 0;
  while (start < smaller.length && smaller[start] === larger[start]) start++;
  let end = 0;
  while (end < smaller.length - start && smaller[smaller.length - 1 - end] === larger[larger.length - 1 - end]) end++;
  return { at: start, piece: larger.slice(start, larger.length - end) };
}

function pattern(piece: string): Pattern {
  const parts: Pattern = [];
  let last = 0;
  for (const match of piece.matchAll(SLOT)) {
    parts.push(piece.slice(last, match.index), { slot: match[1] as Slot });
    last = match.index + match[0].length;
  }
  parts.push(piece.slice(last));
  return parts;
}

/**
 * The reply's message from the shape; undefined when a value would not come out of the plain
 * text as filled (one of nothing but spaces: rendered the usual way instead).
 */
function fill(shape: Shape, reply: ConfirmationReply, token: string): RenderedEmail | undefined {
  const values = [reply.householdName, reply.message, ...reply.plusOnes, ...reply.activities.flatMap((a) => [a.name, a.when, ...a.answers.flatMap((b) => [b.guestName, b.meal ?? ''])])];
  if (values.some((value) => value !== '' && plainText(value) === '')) return undefined;
  const frameValues: Values = { PREVIEW: previewHtml(shape.preview, reply.householdName), TOKEN: token };
  const part = (kind: Kind, write: (value: string, slot: Slot) => string) => {
    const put = (piece: Piece, slots: Values) => fillPattern(piece[kind], slots, write);
    const [beforeActivities, beforePlusOnes, beforeMessage, end] = shape.frame;
    let out = put(beforeActivities, frameValues);
    for (const activity of reply.activities) {
      const slots: Values = { ACTIVITY: activity.name, WHEN: activity.when };
      out += put(shape.activity[0], slots);
      for (const answer of activity.answers) {
        const answerKind: AnswerKind = answer.attending ? (answer.meal ? 'withMeal' : 'attending') : 'declined';
        out += put(shape.answers[answerKind], { GUEST: answer.guestName, MEAL: answer.meal ?? '' });
      }
      out += put(shape.activity[1], slots);
    }
    out += put(beforePlusOnes, frameValues);
    if (reply.plusOnes.length > 0) out += put(shape.plusOnes, { PLUSONES: reply.plusOnes.join(', ') });
    out += put(beforeMessage, frameValues);
    if (reply.message) out += put(shape.message, { MESSAGE: reply.message });
    return out + put(end, frameValues);
  };
  return { html: part('html', (value, slot) => (slot === 'PREVIEW' ? value : escapeHtml(value))), text: part('text', plainText) };
}

/** The pattern with each slot's value written in; a slot without a value keeps its stand-in. */
function fillPattern(piece: Pattern, values: Values, write: (value: string, slot: Slot) => string): string {
  let out = '';
  for (const part of piece) {
    if (typeof part === 'string') out += part;
    else {
      const value = values[part.slot];
      out += value === undefined ? stand(part.slot) : write(value, part.slot);
    }
  }
  return out;
}

/** What React escapes in text and attributes. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);
}

function unescapeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#x27);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" })[name]!);
}

/** A value as html-to-text writes a text node: runs of white space as one space, none at the ends. */
function plainText(value: string): string {
  return value.replace(/[ \t\r\n\f\u200b]+/g, ' ').trim();
}
