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
  mount(root: ShadowRoot, options: MountOptions): Unmount;
}
