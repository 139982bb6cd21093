/**
 * `widget.js`: the classic script of the snippet (contract section 8).
 *
 * ```html
 * <script src="https://rsvp.example.com/widget.js" async></script>
 * <kindly-rsvp occasion="OCCASION_ID"></kindly-rsvp>
 * ```
 *
 * It stays tiny: it remembers where it was loaded from, defines `<kindly-rsvp>` once, and
 * loads the app (`/widget/app.js`) the first time an element connects. The app is a classic
 * script too, not an ES module: a module from the API's origin would need CORS headers on
 * every static file, a classic script does not. It hands its `mount` to the `<script>` element
 * that loaded it, so nothing is added to the page's globals. Each element renders into its
 * own open shadow root.
 */
import { loadError } from './i18n/en';
import type { AppModule, MountOptions, Unmount } from './mount-options';

/** Set at build time: makes each build's app URL new, so a cached app never meets a newer loader. */
declare const __KINDLY_BUILD__: string;

const TAG = 'kindly-rsvp';

/** Where this script came from, captured while it runs (`currentScript` is null later). */
const scriptSrc: string =
  (document.currentScript as HTMLScriptElement | null)?.src ||
  document.querySelector<HTMLScriptElement>('script[src*="/widget.js"]')?.src ||
  location.href;

let app: Promise<AppModule> | undefined;
const loadApp = (): Promise<AppModule> =>
  (app ??= new Promise<AppModule>((resolve, reject) => {
    const script = document.createElement('script') as HTMLScriptElement & { kindly?: (app: AppModule) => void };
    script.src = new URL(`widget/app.js?v=${__KINDLY_BUILD__}`, scriptSrc).href;
    script.async = true;
    script.kindly = resolve;
    script.onerror = reject;
    document.head.append(script);
  }));

class KindlyRsvpElement extends HTMLElement {
  static observedAttributes = ['occasion', 'api', 'lang'];
  private unmount: Unmount | undefined;
  /** Bumped on each connect, disconnect and attribute change; a stale mount is dropped. */
  private generation = 0;

  connectedCallback(): void {
    this.render();
  }

  disconnectedCallback(): void {
    this.generation += 1;
    this.unmount?.();
    this.unmount = undefined;
  }

  attributeChangedCallback(_name: string, before: string | null, after: string | null): void {
    if (before !== after && this.isConnected && this.unmount) this.render();
  }

  private render(): void {
    const generation = ++this.generation;
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    this.unmount?.();
    this.unmount = undefined;
    const options: MountOptions = {
      occasionId: (this.getAttribute('occasion') ?? '').trim(),
      apiBase: apiBase(this.getAttribute('api')),
      lang: this.getAttribute('lang') || document.documentElement.lang || '',
      pageUrl: location.href,
    };
    loadApp().then(
      (module) => {
        if (generation === this.generation && this.isConnected) this.unmount = module.mount(root, options);
      },
      () => {
        app = undefined; // the next connect tries again
        root.textContent = loadError;
      },
    );
  }
}

/**
 * The API's base URL, without a trailing slash: the `api` attribute when it is an http(s) URL
 * (`https://rsvp.example.com`, or with a path prefix), else the folder this script was served
 * from (`https://rsvp.example.com/widget.js` → `https://rsvp.example.com`).
 */
function apiBase(attribute: string | null): string {
  let url = new URL('.', scriptSrc);
  try {
    if (attribute) {
      const given = new URL(attribute, scriptSrc);
      if (given.protocol === 'https:' || given.protocol === 'http:') url = given;
    }
  } catch {
    // an invalid attribute falls back to the script's origin
  }
  return (url.origin + url.pathname).replace(/\/+$/, '');
}

if (!customElements.get(TAG)) customElements.define(TAG, KindlyRsvpElement);
