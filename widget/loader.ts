/**
 * `widget.js`: the classic script of the snippet (contract section 8).
 *
 * ```html
 * <script src="https://rsvp.example.com/widget.js" async></script>
 * <kindly-rsvp occasion="OCCASION_ID"></kindly-rsvp>
 * ```
 *
 * It stays tiny: it remembers where it was loaded from, defines `<kindly-rsvp>` once, and
 * imports the app (`/widget/app/app-<hash>.js`, an ES module; `/widget/*` is served with CORS) the
 * first time an element connects. Nothing is added to the page's globals. Each element
 * renders into its own open shadow root.
 */
import { guestTokenKey } from '../core/client/guest-client';
import { firstPaintStrings as text, OTHER_LANGUAGES } from './i18n/first-paint';
import type { AppModule, FirstPaintState, MountOptions, SessionPrefetch, Unmount } from './mount-options';
import { adoptStyles } from './styles';

/** Shown when the app cannot be fetched (in English: no catalogue could be fetched either). */
const loadError = 'The RSVP form could not be loaded. Please reload the page.';

/**
 * Set at build time: the app's file name, `app-<content hash>.js`, so a cached app never meets
 * a newer loader (and the app's lazy chunks import the very same URL: one module instance).
 */
declare const __KINDLY_APP__: string;

/** Where this script came from, captured while it runs (`currentScript` is null later). */
const scriptSrc = (document.currentScript as HTMLScriptElement | null)?.src || location.href;

/**
 * The session request, started while the app loads instead of after (one round trip less
 * before the first paint). It is exactly the request core's guest client makes first (same
 * URL, token and credentials); the app's client takes this answer for it (data/connection.ts).
 */
function prefetchSession(apiBase: string, occasionId: string, token: string | null): SessionPrefetch | undefined {
  if (!occasionId || app) return undefined;
  const url = `${apiBase}/event/v1/auth/session/${encodeURIComponent(occasionId)}`;
  return { url, response: fetch(url, { credentials: 'include', headers: token ? { authorization: `Bearer ${token}` } : {} }) };
}

/** The session token kept for the occasion, read once (the first read of `localStorage` is slow). */
function keptToken(occasionId: string): string | null {
  try {
    return occasionId ? localStorage.getItem(guestTokenKey(occasionId)) : null;
  } catch {
    return null; // no storage, no token
  }
}

/**
 * The sign-in form, painted at once with the app's markup and styles while the app loads, so
 * a guest can start typing: only for an English page, an occasion, no `?invite=` and no kept
 * token (a returning guest is shown their RSVP instead). Returns how to read what the guest
 * did and remove it, or undefined when nothing was painted.
 */
function paintSignIn(root: ShadowRoot, occasionId: string, lang: string, token: string | null): (() => FirstPaintState) | undefined {
  if (!occasionId || token || OTHER_LANGUAGES.includes(lang.toLowerCase().split('-')[0]!) || /[?&]invite=/.test(location.search)) return undefined;
  const dropStyles = adoptStyles(root, true);
  const container = document.createElement('div');
  container.className = 'k';
  container.setAttribute('part', 'root');
  container.innerHTML =
    `<section class="card" part="card" aria-labelledby="kindly-sign-in"><h2 id="kindly-sign-in" tabindex="-1" part="heading">${text.signInTitle}</h2>` +
    `<p class="muted">${text.signInByCode}</p><form class="stack" novalidate><div class="field "><label for="k-code" part="label">${text.inviteCode}</label>` +
    `<span id="k-codeh" class="hint" part="hint">${text.inviteCodeHint}</span><input id="k-code" part="input" autocomplete="off" autocapitalize="characters" ` +
    `spellcheck="false" required maxlength="32" aria-describedby="k-codeh"></div><div class="row"><button type="submit" part="button">${text.signIn}</button>` +
    `<button type="button" class="link" part="link">${text.useName.replace("'", '&#39;')}</button></div></form></section>`;
  root.append(container);
  const input = container.querySelector('input')!;
  let submitted = false;
  let byName = false;
  container.querySelector('form')!.onsubmit = (event) => {
    event.preventDefault();
    submitted = !!input.value.trim();
  };
  // The app cannot arrive instantly; a guest who asked for the name form gets it when it does.
  (container.querySelector('button.link') as HTMLButtonElement).onclick = () => (byName = true);
  return () => {
    const state = { code: input.value, submitted: submitted && !byName, focused: root.activeElement === input, byName };
    container.remove();
    dropStyles();
    return state;
  };
}

/** Runs `then` after the next frame when something was painted (so it cannot delay that frame), else now. */
function afterPaint(painted: unknown, then: () => void): void {
  if (painted) requestAnimationFrame(() => setTimeout(then));
  else then();
}

let app: Promise<AppModule> | undefined;
/** The app, an ES module beside this script (served with CORS, so any page may import it). */
const loadApp = (): Promise<AppModule> => (app ??= import(new URL(`widget/app/${__KINDLY_APP__}`, scriptSrc).href) as Promise<AppModule>);

/**
 * The API's base URL, without a trailing slash: the `api` attribute when it is an http(s) URL
 * (`https://rsvp.example.com`, or with a path prefix), else the folder this script was served
 * from (`https://rsvp.example.com/widget.js` → `https://rsvp.example.com`).
 */
function apiBase(attribute: string | null): string {
  let url = new URL('.', scriptSrc);
  try {
    const given = new URL(attribute!, scriptSrc);
    if (attribute && /^https?:$/.test(given.protocol)) url = given;
  } catch {
    // an invalid attribute: the script's own
  }
  return (url.origin + url.pathname).replace(/\/+$/, '');
}

class KindlyRsvpElement extends HTMLElement {
  static observedAttributes = ['occasion', 'api', 'lang'];
  private unmount?: Unmount | undefined;
  /** The current mount request; a newer one (or a disconnect) makes an older one moot. */
  private request?: object;
  /** Removes the sign-in form painted before the app came. */
  private unpaint?: (() => FirstPaintState) | undefined;

  connectedCallback(): void {
    this.disconnectedCallback();
    const request = (this.request = {});
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const occasionId = (this.getAttribute('occasion') ?? '').trim();
    const base = apiBase(this.getAttribute('api'));
    const lang = this.getAttribute('lang') || document.documentElement.lang;
    const token = keptToken(occasionId);
    root.textContent = '';
    const painted = paintSignIn(root, occasionId, lang, token);
    this.unpaint = painted;
    const options: MountOptions = { occasionId, apiBase: base, lang, pageUrl: location.href, adoptStyles };
    const mount = (module: AppModule) => {
      if (request !== this.request) return;
      this.unpaint = undefined;
      options.firstPaint = painted?.();
      root.textContent = '';
      this.unmount = module.mount(root, options);
    };
    // The session request and the app's code start once the painted form is on screen; then
    // three tasks, none long: the modules' evaluation, the connection, the app's first render.
    afterPaint(painted, () => {
      options.session = prefetchSession(base, occasionId, token);
      loadApp().then(
        (module) =>
          void setTimeout(() => {
            if (request !== this.request) return;
            module.connectFirst(options);
            setTimeout(() => mount(module));
          }),
        () => {
          app = undefined; // the next connect tries again
          painted?.();
          this.unpaint = undefined;
          root.textContent = loadError;
        },
      );
    });
  }

  disconnectedCallback(): void {
    this.request = undefined;
    this.unpaint?.();
    this.unpaint = undefined;
    this.unmount?.();
    this.unmount = undefined;
  }

  attributeChangedCallback(): void {
    if (this.unmount) this.connectedCallback();
  }
}

customElements.get('kindly-rsvp') || customElements.define('kindly-rsvp', KindlyRsvpElement);
