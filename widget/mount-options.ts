/** What `<kindly-rsvp>` hands the app when it mounts into its shadow root. */
export interface MountOptions {
  /** The `occasion` attribute, trimmed; `''` when missing. */
  occasionId: string;
  /** The API's base URL without a trailing slash, e.g. `https://rsvp.example.com`. */
  apiBase: string;
  /** The `lang` attribute, else the page's `<html lang>`, else `''`. */
  lang: string;
  /** The page's URL when the element connected (for `?invite=CODE`). */
  pageUrl: string;
  /** The session request `widget.js` started while the app loaded (first mount only). */
  session?: SessionPrefetch | undefined;
  /**
   * Gives a shadow root the widget's stylesheet, returning its removal: `widget.js` has the
   * styles for its own first paint and hands them over, so the app does not carry them twice.
   */
  adoptStyles: (root: ShadowRoot) => () => void;
  /** What the guest did in the sign-in form `widget.js` painted before the app came. */
  firstPaint?: FirstPaintState | undefined;
}

/** The state of the sign-in form `widget.js` painted, handed to the app's own. */
export interface FirstPaintState {
  /** The invite code typed so far. */
  code: string;
  /** Whether the guest already sent it (the app then signs in at once). */
  submitted: boolean;
  /** Whether the code's field has the focus (the app's field takes it). */
  focused: boolean;
  /** Whether the guest asked for the name form ("I don't have my invite code"). */
  byName: boolean;
}

/** A request already on its way, and its URL. */
export interface SessionPrefetch {
  url: string;
  response: Promise<Response>;
}

/** Removes what `mount` rendered and every listener and subscription it added. */
export type Unmount = () => void;

/** What the app script hands the loader. */
export interface AppModule {
  /**
   * Makes the occasion's connection and asks for the session (what `mount` would do first),
   * so that `mount`, a task of its own after this one, is only the first render.
   */
  connectFirst(options: MountOptions): void;
  mount(root: ShadowRoot, options: MountOptions): Unmount;
}
