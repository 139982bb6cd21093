/**
 * The widget's logic and its whole app in happy-dom, on Preact as in production (`react` is
 * mapped to @preact/compat, as the build's alias does). The real browser, server and
 * cross-site flows are in widget.e2e.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventHousehold, EventInfo, Rsvp } from '../core/schemas/event';
import { describeError } from './data/errors';
import { formatDates, formatInstant, formatTimes, warmUpDates } from './event/dates';
import { acceptAll, askedInvitations, draftProblems, initialDraft, invitationsOf, rsvpBody } from './event/rsvp-model';
import { languageFor, loadLanguage, needsCatalogue } from './i18n';
import { en } from './i18n/en';
import type { Catalogue } from './i18n/catalogue';
import { englishWhole } from './i18n/en-later';
import { OTHER_LANGUAGES } from './i18n/first-paint';
import { adoptStyles } from './styles';

vi.mock('react', async () => await import('preact/compat'));
vi.mock('react-dom/client', async () => await import('preact/compat/client'));
vi.mock('react/jsx-runtime', async () => await import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/jsx-runtime'));

const activity = (id: string, name: string, meals: Array<{ value: string; text: string; disabled?: boolean }> = []) => ({
  id,
  occasionId: 'o1',
  name,
  description: '',
  startsAt: '2027-06-11T23:00:00.000Z',
  endsAt: '2027-06-12T02:00:00.000Z',
  locationName: 'The Old Barn',
  address: '',
  dressCode: 'Smart casual',
  mealOptions: meals,
});

const info: EventInfo = {
  occasion: {
    id: 'o1',
    title: 'Sam & Alex',
    description: '',
    startDate: '2027-06-11',
    endDate: '2027-06-13',
    timezone: 'America/New_York',
    venueName: 'Willow Creek Farm',
    venueAddress: '',
    rsvpDeadline: null,
    rsvpOpen: true,
    contactEmail: '',
  },
  activities: [
    activity('dinner', 'Welcome dinner', [
      { value: 'fish', text: 'Sea bass' },
      { value: 'veal', text: 'Veal', disabled: true },
    ]),
    activity('ceremony', 'Ceremony'),
  ],
  questions: [],
};

const member = (id: string, firstName: string, extra: Partial<EventHousehold['guests'][number]> = {}) => ({
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
  ...extra,
});

const household: EventHousehold = {
  name: 'The Smiths',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
  phone: '5551234567',
  email: '',
  guests: [member('jane', 'Jane', { plusOneAllowed: true }), member('jose', 'Jose')],
};

describe('the RSVP form model', () => {
  it("asks each member about what the household lists as that member's invitations", () => {
    expect(invitationsOf(info, household).map((line) => `${line.guestId} ${line.activityId}`)).toEqual([
      'jane dinner',
      'jane ceremony',
      'jose dinner',
      'jose ceremony',
    ]);
    const split: EventHousehold = {
      ...household,
      guests: [
        member('jane', 'Jane', { invitations: [{ activityId: 'dinner', response: 'ATTENDING', mealChoice: 'fish' }, { activityId: 'elsewhere', response: 'PENDING', mealChoice: null }] }),
        member('jose', 'Jose', { invitations: [] }),
      ],
    };
    expect(invitationsOf(info, split)).toEqual([{ guestId: 'jane', activityId: 'dinner', response: 'ATTENDING', mealChoice: 'fish' }]);
  });

  it('needs an answer everywhere, an enabled meal when attending the dinner, and a first name for a named plus-one', () => {
    const invitations = invitationsOf(info, household);
    const draft = initialDraft(invitations, household, null);
    expect(draft.plusOnes).toEqual({ jane: ['', ''] });
    expect(Object.values(draftProblems(info, household, invitations, draft, en))).toEqual(Array(4).fill('Please choose an answer.'));

    draft.answers['jane dinner'] = { response: 'ATTENDING', mealChoice: 'veal' };
    draft.answers['jane ceremony'] = { response: 'ATTENDING', mealChoice: '' };
    draft.answers['jose dinner'] = { response: 'DECLINED', mealChoice: '' };
    draft.answers['jose ceremony'] = { response: 'ATTENDING', mealChoice: '' };
    draft.plusOnes.jane = ['', 'Doe'];
    expect(draftProblems(info, household, invitations, draft, en)).toEqual({
      'meal jane dinner': 'Please choose a meal.',
      'plusOne jane': "Guest's first name is required.",
    });

    draft.answers['jane dinner'] = { response: 'ATTENDING', mealChoice: 'fish' };
    draft.plusOnes.jane = [' Chris ', ' Doe '];
    draft.message = '  See you there!  ';
    // Jane attends the dinner: her new plus-one's own meal there is asked for.
    expect(draftProblems(info, household, invitations, draft, en)).toEqual({ 'plusOneMeal jane dinner': 'Please choose a meal.' });
    draft.plusOneMeals.jane = { dinner: 'fish' };
    expect(draftProblems(info, household, invitations, draft, en)).toEqual({});
    expect(rsvpBody(info, household, invitations, draft)).toEqual({
      responses: [
        { guestId: 'jane', activityId: 'dinner', response: 'ATTENDING', mealChoice: 'fish' },
        { guestId: 'jane', activityId: 'ceremony', response: 'ATTENDING', mealChoice: null },
        { guestId: 'jose', activityId: 'dinner', response: 'DECLINED', mealChoice: null },
        { guestId: 'jose', activityId: 'ceremony', response: 'ATTENDING', mealChoice: null },
      ],
      plusOnes: [{ forGuestId: 'jane', firstName: 'Chris', lastName: 'Doe', meals: [{ activityId: 'dinner', mealChoice: 'fish' }] }],
      message: 'See you there!',
    });
  });

  it('answers "attending" everywhere in one step, keeping the meals chosen', () => {
    const invitations = invitationsOf(info, household);
    const draft = initialDraft(invitations, household, null);
    draft.answers['jane dinner'] = { response: 'DECLINED', mealChoice: 'fish' };
    const accepted = acceptAll(draft, invitations);
    expect(Object.values(accepted.answers).map((answer) => answer.response)).toEqual(Array(4).fill('ATTENDING'));
    expect(accepted.answers['jane dinner']).toEqual({ response: 'ATTENDING', mealChoice: 'fish' });
    expect(Object.keys(draftProblems(info, household, invitations, accepted, en))).toEqual(['meal jose dinner']);
  });

  it('starts from the reply on record, and leaves out a plus-one whose name is cleared', () => {
    const dinner = [{ activityId: 'dinner', response: 'ATTENDING' as const, mealChoice: 'fish' }];
    const withPlusOne = {
      ...household,
      guests: [
        member('jane', 'Jane', { plusOneAllowed: true, invitations: dinner }),
        member('jose', 'Jose', { invitations: [] }),
        member('chris', 'Chris', { lastName: 'Doe', plusOneOf: 'jane', invitations: dinner }),
      ],
    };
    const rsvp = {
      responses: [
        { guestId: 'jane', activityId: 'dinner', response: 'ATTENDING', mealChoice: 'fish' },
        { guestId: 'chris', activityId: 'dinner', response: 'ATTENDING', mealChoice: 'fish' },
      ],
      plusOnes: [{ forGuestId: 'jane', firstName: 'Chris', lastName: 'Doe' }],
      message: 'Hi',
      submittedAt: '',
      updatedAt: '',
    } as Rsvp;
    const invitations = invitationsOf(info, withPlusOne);
    const draft = initialDraft(invitations, withPlusOne, rsvp);
    expect(draft).toMatchObject({ plusOnes: { jane: ['Chris', 'Doe'] }, message: 'Hi', answers: { 'chris dinner': { response: 'ATTENDING', mealChoice: 'fish' } } });
    expect(askedInvitations(invitations, withPlusOne, draft)).toHaveLength(2);
    draft.plusOnes.jane = ['', ''];
    expect(askedInvitations(invitations, withPlusOne, draft).map((line) => line.guestId)).toEqual(['jane']);
    expect(rsvpBody(info, withPlusOne, askedInvitations(invitations, withPlusOne, draft), draft).plusOnes).toEqual([]);
  });
});

describe('messages, language and dates', () => {
  it('says how long to wait when rate-limited, and what failed otherwise', () => {
    const limited = (retryAfterSeconds?: number) => ({ status: 429, data: { error: { code: 'RATE_LIMITED' as const, message: '' } }, retryAfterSeconds });
    expect(describeError(limited(30), en)).toBe('Too many attempts. Please wait 30 seconds and try again.');
    expect(describeError(limited(1), en)).toBe('Too many attempts. Please wait 1 second and try again.');
    expect(describeError(limited(150), en)).toBe('Too many attempts. Please wait 3 minutes and try again.');
    expect(describeError(limited(), en)).toBe('Too many attempts. Please wait 60 seconds and try again.');
    expect(describeError({ status: 401, data: { error: { code: 'INVALID_CREDENTIALS', message: '' } } }, en)).toBe(en.invalidCredentials);
    expect(describeError({ status: 'FETCH_ERROR', error: 'TypeError' }, en)).toBe(en.networkError);
    expect(describeError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: '' }, en)).toBe(en.serverError);
  });

  it('builds English in, with the dates of the lang attribute', () => {
    expect(languageFor('')).toEqual({ strings: en, locale: 'en-US' });
    expect(languageFor('en-GB').locale).toBe('en-GB');
    expect(languageFor('en-!!').locale).toBe('en-US');
    expect(needsCatalogue('en-GB')).toBe(false);
    expect(needsCatalogue('nl')).toBe(false);
    // widget.js paints its English form for every language but these: the same list as the catalogues'.
    expect(OTHER_LANGUAGES.filter(needsCatalogue)).toEqual(['es', 'fr', 'de', 'it', 'pt']);
  });

  it("keeps English strings of the later screens out of the app's English; the later screens' chunk has them all", async () => {
    // The app alone: the first screens' strings, none of the later ones'.
    expect(en.signInTitle).toBe('Find your invitation');
    expect(en.rsvpIntro).toBe('Let the hosts know who is coming.');
    expect('eventDetails' in en).toBe(false);
    expect('addressLine1' in en).toBe(false);
    expect('yourAnswers' in en).toBe(false);
    // The later screens' module (reached only from the folded parts' chunk) has all of English.
    expect(englishWhole.signInTitle).toBe('Find your invitation');
    expect(englishWhole.eventDetails).toBe('Event details');
    expect(englishWhole.addressLine1).toBe('Address line 1');
    expect(englishWhole.changeUntil('June 1')).toBe('You can change your answers until June 1.');
    // Every string a language file has, whole English has.
    const spanish = (await import('./i18n/es')).default;
    expect(Object.keys(englishWhole).sort()).toEqual(Object.keys(spanish).sort());
  });

  it('loads the other five languages on demand, keeping the region for dates, and English for the rest', async () => {
    for (const [lang, locale, signIn] of [
      ['es', 'es', 'Busca tu invitación'],
      ['FR-ca', 'fr-CA', 'Retrouvez votre invitation'],
      ['de-AT', 'de-AT', 'Ihre Einladung finden'],
      ['it', 'it', 'Trova il tuo invito'],
      ['pt-PT', 'pt-PT', 'Encontre seu convite'],
    ]) {
      expect(needsCatalogue(lang!)).toBe(true);
      const language = await loadLanguage(lang!);
      expect(language.locale).toBe(locale);
      expect(language.strings.signInTitle).toBe(signIn);
      // Every string of the catalogue is there, of the same kind (text or function).
      const { strings } = language;
      if (!('eventDetails' in strings)) throw new Error(`${lang} loaded only the first screens' strings`);
      for (const key of Object.keys(englishWhole) as Array<keyof Catalogue>) expect(typeof strings[key], key).toBe(typeof englishWhole[key]);
    }
    expect((await loadLanguage('nl')).strings).toBe(en);
    const limited = (retryAfterSeconds: number) => ({ status: 429, data: { error: { code: 'RATE_LIMITED' as const, message: '' } }, retryAfterSeconds });
    expect(describeError(limited(1), (await loadLanguage('de')).strings)).toBe('Zu viele Versuche. Bitte warten Sie 1 Sekunde und versuchen Sie es dann erneut.');
    expect(describeError(limited(150), (await loadLanguage('fr')).strings)).toBe('Trop de tentatives. Veuillez patienter 3 minutes avant de réessayer.');
  });

  it("writes dates as they are and times in the occasion's time zone", () => {
    // ICU versions differ in the spaces they put around dashes and before AM/PM.
    const plain = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, ' ');
    expect(plain(formatDates('2027-06-11', '2027-06-13', 'en-US'))).toBe('Friday, June 11 – Sunday, June 13, 2027');
    expect(plain(formatDates('2027-06-11', '2027-06-11', 'en-US'))).toBe('Friday, June 11, 2027');
    expect(plain(formatTimes('2027-06-11T23:00:00.000Z', '2027-06-12T02:00:00.000Z', 'America/New_York', 'en-US'))).toBe('Fri, June 11, 7:00 – 10:00 PM EDT');
    expect(plain(formatTimes('2027-06-11T23:00:00.000Z', null, 'Europe/Lisbon', 'en-GB'))).toBe('Sat 12 June at 00:00 WEST');
    expect(plain(formatInstant('2027-05-01T23:59:00.000Z', 'America/New_York', 'en-US'))).toBe('May 1, 2027 at 7:59 PM EDT');
    expect(plain(formatInstant('2027-05-01T23:59:00.000Z', 'Not/AZone', 'en-US'))).toBe('May 1, 2027 at 11:59 PM UTC');
  });

  it('makes each date formatter once, and loads the date data in four idle steps at sign-in', () => {
    const Real = Intl.DateTimeFormat;
    // A constructor that counts: `new` of a function returning an object gives that object.
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Real>) {
      return new Real(...args);
    } as unknown as typeof Real);
    try {
      const times = () => formatTimes('2027-06-11T23:00:00.000Z', null, 'Asia/Tokyo', 'en-US');
      const first = times();
      expect(times()).toBe(first);
      expect(formatTimes('2027-06-12T23:00:00.000Z', null, 'Asia/Tokyo', 'en-US')).not.toBe(first);
      expect(made).toHaveBeenCalledTimes(1);

      const idle: Array<() => void> = [];
      vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work));
      made.mockClear();
      warmUpDates('fr-CA');
      expect(made).not.toHaveBeenCalled(); // nothing before the browser is idle
      const listed = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
      idle.shift()!(); // the locale's data
      expect(made).not.toHaveBeenCalled();
      expect(listed).not.toHaveBeenCalled();
      idle.shift()!(); // the locales ICU has for dates
      expect(listed).toHaveBeenCalledWith('fr-CA');
      expect(made).not.toHaveBeenCalled();
      idle.shift()!();
      expect(made).toHaveBeenCalledWith('fr-CA');
      idle.shift()!();
      expect(made).toHaveBeenLastCalledWith('fr-CA', expect.objectContaining({ dateStyle: 'full', timeZone: 'UTC' }));
      expect(idle).toHaveLength(0);
      listed.mockRestore();
    } finally {
      made.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});

describe('the app in a shadow root', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('signs in with ?invite=, renders the RSVP form from the sign-in answer, sends the bearer token, and unmounts cleanly', async () => {
    const calls: Array<{ method: string; url: string; authorization: string | null; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const headers = new Headers(init.headers);
        calls.push({ method: init.method ?? 'GET', url, authorization: headers.get('authorization'), body: init.body ? JSON.parse(String(init.body)) : undefined });
        const path = new URL(url).pathname;
        if (path === '/event/v1/auth/session/o1') return json(null);
        if (path === '/event/v1/auth/credentials') {
          const guest = { id: 'jane', firstName: 'Jane', lastName: 'Smith' };
          return json({ token: 'secret-token', expiresAt: '2027-07-01T00:00:00.000Z', occasionId: 'o1', householdId: 'h1', guest, info, household, rsvp: null });
        }
        if (path === '/event/v1/info') return json(info);
        if (path === '/event/v1/household') return json(household);
        if (path === '/event/v1/rsvp') return json(null);
        return json({ error: { code: 'NOT_FOUND', message: '' } }, 404);
      }),
    );
    const { mount } = await import('./app');
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const unmount = mount(root, { occasionId: 'o1', apiBase: 'https://api.example', lang: '', pageUrl: 'https://site.example/rsvp?invite=abcd-efgh-jkmn', adoptStyles });

    await vi.waitFor(() => expect(root.textContent).toContain('Signed in as Jane Smith'), { timeout: 3000 });
    await vi.waitFor(() => expect(root.querySelectorAll('input[type=radio]')).toHaveLength(8));
    expect(calls.find((call) => call.url.endsWith('/auth/credentials'))?.body).toEqual({ inviteCode: 'abcd-efgh-jkmn', occasionId: 'o1' });
    // The form came from the sign-in answer: the three reads were not asked for.
    expect(calls.filter((call) => call.method === 'GET' && /\/(info|household|rsvp)$/.test(call.url))).toEqual([]);
    // The writes' CORS preflights were asked for while signing in, by OPTIONS, which carries no
    // token: after the sign-in's own request, not in its task.
    // They go from their own timer tasks, which a loaded machine may run after the form renders.
    const preflightsOf = () => calls.filter((call) => call.method === 'OPTIONS');
    await vi.waitFor(() => expect(preflightsOf()).toHaveLength(2));
    const preflights = preflightsOf();
    expect(preflights.map((call) => [new URL(call.url).pathname, call.authorization])).toEqual([
      ['/event/v1/rsvp', null],
      ['/event/v1/household', null],
    ]);
    expect(calls.indexOf(preflights[0]!)).toBeGreaterThan(calls.findIndex((call) => call.url.endsWith('/auth/credentials')));
    expect(localStorage.getItem('kindly.guest-token.o1')).toBe('secret-token');
    await vi.waitFor(() => expect(root.textContent).toContain('(555) 123-4567')); // the folded part, its own chunk
    // Every control has a label.
    for (const control of root.querySelectorAll('input:not([type=radio]), select, textarea')) {
      expect(root.querySelector(`label[for="${control.id}"]`)?.textContent, control.outerHTML).toBeTruthy();
    }
    // The token goes as a bearer token (here, the sign-out's).
    [...root.querySelectorAll('button')].find((button) => button.textContent === 'Sign out')!.click();
    await vi.waitFor(() => expect(calls.find((call) => call.url.endsWith('/auth/signout'))?.authorization).toBe('Bearer secret-token'));

    unmount();
    expect(root.childNodes).toHaveLength(0);
    host.remove();
  });

  it('explains a missing occasion attribute', async () => {
    const { mount } = await import('./app');
    const root = document.createElement('div').attachShadow({ mode: 'open' });
    const unmount = mount(root, { occasionId: '', apiBase: 'https://api.example', lang: '', pageUrl: 'https://site.example/', adoptStyles });
    await vi.waitFor(() => expect(root.textContent).toContain('occasion="…"'));
    unmount();
  });
});
