import { Button, Section, Text } from '@react-email/components';
import type { InvitationCheckIn } from '../check-in-qr';
import { Layout } from './layout';

/** An invitation or a reminder: the household's personal link and its code as printed on paper. */
export interface InvitationProps {
  occasionTitle: string;
  intro: string;
  householdName: string;
  /** `rsvpPageUrl` + `?invite=CODE`; absent when the occasion has no RSVP page URL. */
  link: string | undefined;
  inviteCode: string;
  /** The deadline as people read it, in the occasion's time zone, or null. */
  deadline: string | null;
  /** The dates as people read them, e.g. `Saturday 12 June 2027`. */
  when: string;
  venue: string;
  unsubscribeUrl?: string;
  /** The household's check-in at the door: its QR code, link and code. */
  checkIn?: InvitationCheckIn;
  /** The reminder's button says so. */
  reminder?: boolean;
}

const code = {
  backgroundColor: '#f6f4f1',
  borderRadius: '6px',
  fontFamily: '"Courier New", Courier, monospace',
  fontSize: '22px',
  letterSpacing: '2px',
  padding: '12px',
  textAlign: 'center' as const,
};

/**
 * Invitation (and, with `reminder`, the reminder): where, when, the button and the code. The
 * inbox preview names no household: its padding follows its length, and a send renders once
 * for every household (see `invitation-renderer.ts`).
 */
export function Invitation(props: InvitationProps) {
  const { occasionTitle, intro, householdName, link, inviteCode, deadline, when, venue, unsubscribeUrl, reminder, checkIn } = props;
  return (
    <Layout occasionTitle={occasionTitle} intro={intro} unsubscribeUrl={unsubscribeUrl} preview={reminder ? `Please reply: ${occasionTitle}` : `You are invited: ${occasionTitle}`}>
      <Text style={{ fontSize: '16px' }}>Dear {householdName},</Text>
      <Text style={{ fontSize: '16px' }}>
        {when}
        {venue ? ` · ${venue}` : ''}
      </Text>
      {link ? (
        <Section style={{ margin: '24px 0', textAlign: 'center' }}>
          <Button href={link} style={{ backgroundColor: '#7a4b3a', borderRadius: '6px', color: '#ffffff', fontSize: '16px', padding: '12px 24px' }}>
            {reminder ? 'Reply now' : 'RSVP'}
          </Button>
        </Section>
      ) : null}
      <Text style={{ fontSize: '14px', margin: '16px 0 4px' }}>Your invitation code:</Text>
      <Text style={code}>{inviteCode}</Text>
      {link ? <Text style={{ color: '#77706a', fontSize: '12px', wordBreak: 'break-all' }}>{link}</Text> : null}
      {deadline ? <Text style={{ fontSize: '14px' }}>Please reply by {deadline}.</Text> : null}
      {checkIn ? (
        <Section style={{ margin: '32px 0 0', textAlign: 'center' }}>
          <Text style={{ fontSize: '14px', margin: '0 0 12px' }}>At the door, show this code to check in:</Text>
          {/* Built by qrCodeHtml from the link alone: tables of cells, no text of anyone's. */}
          <div data-skip-in-text="true" dangerouslySetInnerHTML={{ __html: checkIn.qrHtml }} />
          <Text style={{ ...code, fontSize: '18px', margin: '12px auto 4px' }}>{checkIn.code}</Text>
          <Text style={{ color: '#77706a', fontSize: '12px', wordBreak: 'break-all' }}>
            Check-in link:{' '}
            <a href={checkIn.link} data-bare-link="true" style={{ color: '#77706a' }}>
              {checkIn.link}
            </a>
          </Text>
        </Section>
      ) : null}
    </Layout>
  );
}
