import { plainTextSelectors, render } from '@react-email/render';
import { compile } from 'html-to-text';
import type { ReactElement } from 'react';
import { Confirmation, type ConfirmationProps } from './templates/confirmation';
import { Digest, type DigestProps } from './templates/digest';
import { Invitation, type InvitationProps } from './templates/invitation';

/** A message rendered: a whole HTML document and its plain-text part. */
export interface RenderedEmail {
  html: string;
  text: string;
}

/** What each kind of message is rendered from. */
export type EmailContent =
  | { kind: 'INVITATION'; props: InvitationProps }
  | { kind: 'REMINDER'; props: InvitationProps }
  | { kind: 'CONFIRMATION'; props: ConfirmationProps }
  | { kind: 'DIGEST'; props: DigestProps };

/**
 * Renders a message with its React Email template to HTML, and the HTML to plain text: the
 * app's `renderEmail` dependency. The server passes its render thread's; tests and scripts
 * {@link renderEmailHere}.
 */
export type EmailRenderer = (content: EmailContent) => Promise<RenderedEmail>;

/** The {@link EmailRenderer} on the calling thread. */
export async function renderEmailHere(content: EmailContent): Promise<RenderedEmail> {
  const html = await render(element(content));
  return { html, text: plainText(html) };
}

/**
 * React Email's `toPlainText`, with its options, compiled once (its `convert` compiles the
 * selectors again for every message, two thirds of the conversion's time), except that a link's
 * address is written in angle brackets, `Unsubscribe <https://…>.`, as RFC 3986 (appendix C)
 * delimits a URL in plain text: a mail client that links it takes the address and not the
 * sentence's punctuation after it.
 */
const plainText = compile({
  wordwrap: false,
  // An address the host wrote in their text (a link whose text is the address) is written once, in brackets.
  formatters: { bareLink: (elem, _walk, builder) => builder.addInline(`<${elem.attribs?.href ?? ''}>`, { noWordTransform: true }) },
  selectors: [
    ...plainTextSelectors,
    { selector: 'a', options: { linkBrackets: ['<', '>'], hideLinkHrefIfSameAsText: true } },
    { selector: 'a[data-bare-link]', format: 'bareLink' },
  ],
});

function element(content: EmailContent): ReactElement {
  switch (content.kind) {
    case 'INVITATION':
      return <Invitation {...content.props} />;
    case 'REMINDER':
      return <Invitation {...content.props} reminder />;
    case 'CONFIRMATION':
      return <Confirmation {...content.props} />;
    case 'DIGEST':
      return <Digest {...content.props} />;
  }
}
