import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Text } from '@react-email/components';
import LinkifyIt from 'linkify-it';
import type { ReactNode } from 'react';

/** What every message shows around its own content. */
export interface LayoutProps {
  occasionTitle: string;
  /** The first line an inbox shows beside the subject. */
  preview: string;
  /** The host's paragraph(s); blank lines separate paragraphs. */
  intro: string;
  /** Where the recipient stops this occasion's mail; absent in previews of the digest. */
  unsubscribeUrl?: string;
  children: ReactNode;
}

const body = { backgroundColor: '#f6f4f1', fontFamily: 'Georgia, "Times New Roman", serif', margin: 0, padding: '24px 0' };
const card = { backgroundColor: '#ffffff', borderRadius: '8px', margin: '0 auto', maxWidth: '560px', padding: '32px' };
const footer = { color: '#77706a', fontSize: '12px', lineHeight: '18px' };

/** The shared frame: title, the host's intro, the message's content, and the unsubscribe footer. */
export function Layout({ occasionTitle, preview, intro, unsubscribeUrl, children }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Heading as="h1" style={{ fontSize: '26px', fontWeight: 'normal', margin: '0 0 16px' }}>
            {occasionTitle}
          </Heading>
          {paragraphs(intro).map((paragraph, index) => (
            <Text key={index} style={{ fontSize: '16px', lineHeight: '24px', whiteSpace: 'pre-line' }}>
              {withLinks(paragraph)}
            </Text>
          ))}
          {children}
          <Hr style={{ borderColor: '#e8e2dc', margin: '28px 0 16px' }} />
          <Text style={footer}>
            Sent with Kindly for {occasionTitle}.
            {unsubscribeUrl ? (
              <>
                {' '}
                Don't want these emails? <Link href={unsubscribeUrl}>Unsubscribe</Link>.
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** Only addresses written with `http://` or `https://`: a bare `example.com` stays text. */
const linkify = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false }).add('mailto:', null).add('ftp:', null).add('//', null);

/**
 * The host's text with each web address written in it as a link, whose plain-text part is the
 * address in angle brackets (`bare-link` in `render-email.tsx`): linkify-it leaves the
 * sentence's punctuation after an address out of it, as a reader means it.
 */
export function withLinks(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of linkify.match(text) ?? []) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <Link key={match.index} href={match.url} data-bare-link="true">
        {match.text}
      </Link>,
    );
    last = match.lastIndex;
  }
  parts.push(text.slice(last));
  return parts;
}

/** The intro's paragraphs: split at blank lines, empty ones dropped. */
export function paragraphs(intro: string): string[] {
  return intro
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}
