/**
 * The question fields in happy-dom on Preact, inside the whole app: each kind with its native
 * control, labelled, required marked, errors linked; asked only of who attends what, live.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventHousehold, EventInfo } from '../../core/schemas/event';
import type { EventQuestion } from '../../core/schemas/question';
import { initialDraft, invitationsOf } from '../event/rsvp-model';
import { en } from '../i18n/en';
import { adoptStyles } from '../styles';
import { answersBody, questionProblems } from './questions';

vi.mock('react', async () => await import('preact/compat'));
vi.mock('react-dom/client', async () => await import('preact/compat/client'));
vi.mock('react/jsx-runtime', async () => await import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/jsx-runtime'));

const activity = (id: string, name: string) => ({
  id,
  occasionId: 'o1',
  name,
  description: '',
  startsAt: '2027-06-11T23:00:00.000Z',
  endsAt: null,
  locationName: '',
  address: '',
  dressCode: '',
  mealOptions: [],
});

const question = (id: string, kind: EventQuestion['kind'], prompt: string, extra: Partial<EventQuestion> = {}): EventQuestion => ({
  id,
  activityId: null,
  kind,
  prompt,
  helpText: '',
  options: [],
  min: null,
  max: null,
  scope: 'GUEST',
  required: false,
  sortOrder: 0,
  ...extra,
});

const questions: EventQuestion[] = [
  question('song', 'SHORT_TEXT', 'Your song'),
  question('seat', 'SINGLE_CHOICE', 'Where to sit', {
    activityId: 'dinner',
    required: true,
    options: [
      { value: 'a', text: 'Band' },
      { value: 'b', text: 'Garden' },
      { value: 'c', text: 'Kitchen', disabled: true },
    ],
  }),
  question('shuttle', 'YES_NO', 'Shuttle?', { scope: 'HOUSEHOLD', required: true, helpText: 'From the station' }),
  question('rooms', 'NUMBER', 'Rooms', { scope: 'HOUSEHOLD', min: 1, max: 3 }),
  question('days', 'MULTIPLE_CHOICE', 'Days', { scope: 'HOUSEHOLD', options: [{ value: 'fri', text: 'Friday' }, { value: 'sat', text: 'Saturday' }] }),
  question('notes', 'LONG_TEXT', 'Notes', { scope: 'HOUSEHOLD' }),
];

const info: EventInfo = {
  occasion: {
    id: 'o1',
    title: 'Sam & Alex',
    description: '',
    startDate: '2027-06-11',
    endDate: '2027-06-13',
    timezone: 'UTC',
    venueName: '',
    venueAddress: '',
    rsvpDeadline: null,
    rsvpOpen: true,
    contactEmail: '',
  },
  activities: [activity('dinner', 'Dinner'), activity('ceremony', 'Ceremony')],
  questions,
};

const member = (id: string, firstName: string) => ({
  id,
  firstName,
  lastName: 'Smith',
  ageGroup: 'ADULT' as const,
  dietaryNotes: '',
  plusOneAllowed: false,
  plusOneOf: null,
  invitations: [
    { activityId: 'dinner', response: 'PENDING' as const, mealChoice: null },
    { activityId: 'ceremony', response: 'PENDING' as const, mealChoice: null },
  ],
});

const household: EventHousehold = {
  name: 'The Smiths',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
  phone: '',
  email: '',
  guests: [member('jane', 'Jane'), member('jose', 'Jose')],
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the questions model', () => {
  it('checks answers with core’s schemas, needs required ones only of those asked, and sends what is asked', () => {
    const draft = initialDraft(invitationsOf(info, household), household, null);
    draft.answers = {
      'jane dinner': { response: 'ATTENDING', mealChoice: '' },
      'jane ceremony': { response: 'ATTENDING', mealChoice: '' },
      'jose dinner': { response: 'DECLINED', mealChoice: '' },
      'jose ceremony': { response: 'DECLINED', mealChoice: '' },
    };
    expect(questionProblems(info, draft, en)).toEqual({ 'q seat jane': 'Please choose an answer.', 'q shuttle ': 'Please choose an answer.' });
    draft.questions = { 'seat jane': 'c', 'shuttle ': true, 'rooms ': 4, 'song jane': 'x'.repeat(201), 'song jose': 'not asked' };
    expect(questionProblems(info, draft, en)).toEqual({
      'q seat jane': 'Choose one of the options.',
      'q rooms ': 'Answer must be at most 3.',
      'q song jane': 'Answer must be at most 200 characters.',
    });
    draft.stored = [{ questionId: 'seat', guestId: 'jane', value: 'c' }];
    draft.questions = { 'shuttle ': false, 'song jose': 'not asked' };
    expect(questionProblems(info, draft, en)).toEqual({});
    expect(answersBody(info, draft)).toEqual([
      { questionId: 'song', guestId: 'jane', value: '' },
      { questionId: 'seat', guestId: 'jane', value: 'c' },
      { questionId: 'shuttle', guestId: null, value: false },
      { questionId: 'rooms', guestId: null, value: '' },
      { questionId: 'days', guestId: null, value: '' },
      { questionId: 'notes', guestId: null, value: '' },
    ]);
  });
});

describe('the questions in the app', () => {
  it('asks each kind with a labelled native control, live for who attends, and sends the answers', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const path = new URL(url).pathname;
        if (path === '/event/v1/auth/session/o1') return json({ occasionId: 'o1', householdId: 'h1', guest: { id: 'jane', firstName: 'Jane', lastName: 'Smith' }, expiresAt: '2027-07-01T00:00:00.000Z' });
        if (path === '/event/v1/info') return json(info);
        if (path === '/event/v1/household') return json(household);
        if (path === '/event/v1/rsvp' && init.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          return json({ ...(sent[0] as object), plusOnes: [], submittedAt: '2027-01-01T00:00:00.000Z', updatedAt: '2027-01-01T00:00:00.000Z' }, 201);
        }
        if (path === '/event/v1/rsvp') return json(null);
        return json({ error: { code: 'NOT_FOUND', message: '' } }, 404);
      }),
    );
    localStorage.setItem('kindly.guest-token.o1', 'secret-token');
    const { mount } = await import('../app');
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const unmount = mount(root, { occasionId: 'o1', apiBase: 'https://api.example', lang: '', pageUrl: 'https://site.example/', adoptStyles });
    const radio = (legend: string, label: string) => {
      const fieldset = [...root.querySelectorAll('fieldset')].find((set) => set.querySelector(':scope > legend')?.textContent === legend)!;
      return [...fieldset.querySelectorAll('label')].find((item) => item.textContent === label)!.querySelector('input')!;
    };
    const legends = () => [...root.querySelectorAll('legend')].map((legend) => legend.textContent);

    await vi.waitFor(() => expect(legends()).toContain('Jane Smith'), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the question chunk is in by now
    expect(legends()).not.toContain('Shuttle? (required)'); // nobody attends anything yet: nothing is asked
    radio('Jane Smith', 'Joyfully accepts').click(); // the dinner: Jane is now asked where to sit
    await vi.waitFor(() => expect(legends()).toContain('Where to sit (required)'));
    expect(legends()).toContain('Shuttle? (required)');
    expect(legends().filter((legend) => legend === 'Jane Smith').length).toBeGreaterThan(1);
    const sets = (legend: string) => [...root.querySelectorAll('fieldset')].filter((set) => set.querySelector(':scope > legend')?.textContent === legend);
    for (const set of sets('Jose Smith')) set.querySelectorAll('input')[1]!.click();
    for (const set of sets('Jane Smith').filter((set) => set.textContent!.includes('accepts'))) {
      set.querySelector('input')!.click();
    }
    await vi.waitFor(() => expect(root.querySelector('input[type=number]')).not.toBeNull());
    const number = root.querySelector<HTMLInputElement>('input[type=number]')!;
    expect(number.min).toBe('1');
    expect(number.max).toBe('3');
    expect(root.querySelector(`label[for="${number.id}"]`)?.textContent).toBe('Rooms');
    expect(number.form!.querySelectorAll('textarea')).toHaveLength(2); // the reply's notes and message
    expect([...root.querySelectorAll('input[type=checkbox]')].map((box) => box.parentElement!.textContent)).toEqual(['Friday', 'Saturday']);
    expect([...root.querySelectorAll('label')].map((label) => label.textContent)).not.toContain('Kitchen');

    // Review without the required answers: each error is linked to its control.
    root.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await vi.waitFor(() => expect(root.textContent).toContain('Please correct the marked fields.'));
    const shuttle = [...root.querySelectorAll('fieldset')].find((set) => set.querySelector(':scope > legend')?.textContent === 'Shuttle? (required)')!;
    const described = shuttle.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => root.getElementById(id)?.textContent)).toEqual(['From the station', 'Please choose an answer.']);
    expect(shuttle.querySelector('input')!.getAttribute('aria-invalid')).toBe('true');

    radio('Where to sit (required)', 'Garden').click();
    radio('Shuttle? (required)', 'Yes').click();
    number.value = '2';
    number.dispatchEvent(new Event('input', { bubbles: true }));
    [...root.querySelectorAll<HTMLInputElement>('input[type=checkbox]')][1]!.click();
    await vi.waitFor(() => expect(number.value).toBe('2'));
    root.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await vi.waitFor(() => expect(root.textContent).toContain('Review your RSVP'));
    expect(root.textContent).toContain('Where to sit (Jane Smith)Garden');
    expect(root.textContent).toContain('Shuttle?Yes');
    [...root.querySelectorAll('button')].find((button) => button.textContent === 'Send RSVP')!.click();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { answers: unknown[] }).answers).toEqual([
      { questionId: 'song', guestId: 'jane', value: '' },
      { questionId: 'seat', guestId: 'jane', value: 'b' },
      { questionId: 'shuttle', guestId: null, value: true },
      { questionId: 'rooms', guestId: null, value: 2 },
      { questionId: 'days', guestId: null, value: ['sat'] },
      { questionId: 'notes', guestId: null, value: '' },
    ]);
    unmount();
    host.remove();
  });
});
