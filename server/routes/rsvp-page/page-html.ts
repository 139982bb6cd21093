import { createHash } from 'node:crypto';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/**
 * The pages' one stylesheet, inline and allowed by its hash (`PAGE_STYLE_HASH`), so the page
 * costs one request before the widget's. Kindly's default theme reaches the widget through its
 * custom properties; the widget inherits nothing else of the page but the font.
 */
const PAGE_STYLE = `
body { margin: 0; font-family: Georgia, 'Times New Roman', serif; background: #f6f4f1; color: #2b2724; line-height: 1.5; }
main { max-width: 36rem; margin: 0 auto; padding: 48px 20px 24px; }
h1 { font-size: 2rem; font-weight: normal; text-align: center; margin: 0 0 32px; }
kindly-rsvp { display: block; --kindly-accent: #7b4a2e; --kindly-accent-text: #ffffff; --kindly-text: #2b2724; --kindly-muted: #5f5750; --kindly-background: #ffffff; --kindly-border: #ded6cc; --kindly-radius: 8px; }
footer { max-width: 36rem; margin: 0 auto; padding: 0 20px 48px; text-align: center; font-size: 0.9rem; }
a { color: #6a3f27; }
.note p { white-space: pre-line; }
`;

/** The CSP source that allows {@link PAGE_STYLE} and nothing else inline. */
export const PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`;

type Content = HtmlEscapedString | Promise<HtmlEscapedString>;

/** A whole page: never indexed, English (the widget follows `<html lang>`), the given body. */
function page(title: string, body: Content) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>${title}</title>
    <style>${raw(PAGE_STYLE)}</style>
  </head>
  <body>
    ${body}
  </body>
</html>`;
}

/** The RSVP page: the occasion's title, the widget, and a link to its privacy note. Nothing else of it. */
export function rsvpPage(occasion: { id: string; title: string }, slug: string) {
  return page(
    occasion.title,
    html`<main>
      <h1>${occasion.title}</h1>
      <kindly-rsvp occasion="${occasion.id}"></kindly-rsvp>
    </main>
    <footer><a href="/r/${slug}/privacy">Privacy note</a></footer>
    <script src="/widget.js" async></script>`,
  );
}

/** The occasion's privacy note, as `GET /event/v1/privacy` answers it, with a way back. */
export function privacyPage(note: { occasionTitle: string; note: string }, slug: string) {
  return page(
    `Privacy note: ${note.occasionTitle}`,
    html`<main class="note">
      <h1>Privacy note: ${note.occasionTitle}</h1>
      ${note.note.split(/\n{2,}/).map((paragraph) => html`<p>${paragraph}</p>`)}
    </main>
    <footer><a href="/r/${slug}">Back to the RSVP page</a></footer>`,
  );
}

/** An unknown address: says nothing but that. */
export function notFoundPage() {
  return page('Page not found', html`<main><h1>Page not found</h1><p>There is no page at this address.</p></main>`);
}
