import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Text } from '@react-email/components';
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
              {paragraph}
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

/** The intro's paragraphs: split at blank lines, empty ones dropped. */
export function paragraphs(intro: string): string[] {
  return intro
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}
