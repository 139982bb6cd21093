/**
 * The app (`/widget/app/app.js`), the ES module `widget.js` imports when the first
 * `<kindly-rsvp>` connects: everything but the custom element itself; later parts load as
 * chunks beside it.
 */
import { createRoot } from 'react-dom/client';
import { connect } from './data/connection';
import { languageFor, LanguageContext, loadLanguage, needsCatalogue, type Language } from './i18n';
import type { MountOptions, Unmount } from './mount-options';
import { Widget } from './widget-root';

/**
 * The occasion's connection, its session asked for: called by `widget.js` in a task before
 * `mount`'s, so the app's first render is a task of its own (at 4× CPU the two together came
 * close to 50 ms). `mount` does it too when nothing did (connections are kept per occasion).
 */
export function connectFirst(options: MountOptions): void {
  if (options.occasionId) connect(options.apiBase, options.occasionId, options.session).start();
}

/**
 * Renders the widget into a shadow root.
 *
 * @returns Unmounts Preact (ending every store subscription and listener) and removes the styles.
 */
export function mount(root: ShadowRoot, options: MountOptions): Unmount {
  const dropStyles = options.adoptStyles(root);
  const container = document.createElement('div');
  container.className = 'k';
  container.setAttribute('part', 'root');
  root.append(container);
  const connection = options.occasionId ? connect(options.apiBase, options.occasionId, options.session) : undefined;
  // Ask for the session now, not after the first render's effects (a frame later).
  connection?.start();
  const app = createRoot(container);
  let mounted = true;
  // Picks up where the sign-in form widget.js painted left off: the code typed, sent, focused.
  const typed = options.firstPaint;
  const inviteCode = typed?.submitted ? typed.code : inviteFrom(options.pageUrl);
  const render = (language: Language) => {
    if (!mounted) return;
    container.lang = language.locale;
    app.render(
      <LanguageContext.Provider value={language}>
        <Widget connection={connection} inviteCode={inviteCode} typed={typed} />
      </LanguageContext.Provider>,
    );
  };
  if (needsCatalogue(options.lang)) {
    // Another language: its strings first (English if they cannot be fetched).
    void loadLanguage(options.lang).then(render, () => render(languageFor('en')));
  } else render(languageFor(options.lang));
  return () => {
    mounted = false;
    app.unmount();
    container.remove();
    dropStyles();
  };
}

/** The `?invite=CODE` of the page's URL, if any. */
function inviteFrom(pageUrl: string): string {
  try {
    return new URL(pageUrl).searchParams.get('invite')?.trim() ?? '';
  } catch {
    return '';
  }
}

