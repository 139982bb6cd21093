import { Button, Section, Text } from '@react-email/components';
import { Layout } from './layout';

/** An invitation to help run an occasion, sent to the address an owner named. */
export interface HostInvitationProps {
  occasionTitle: string;
  invitedByName: string;
  /** How people read the role: `Editor`. */
  roleName: string;
  /** The dashboard's page that accepts it, with the token in its fragment. */
  acceptUrl: string;
  /** When the link stops working, as people read it. */
  expires: string;
}

/** "Join us in planning": who asks, as what, the link and until when it works. */
export function HostInvitation({ occasionTitle, invitedByName, roleName, acceptUrl, expires }: HostInvitationProps) {
  return (
    <Layout
      occasionTitle={occasionTitle}
      intro={`${invitedByName} invites you to help plan ${occasionTitle} on Kindly, as ${roleName.toLowerCase()}.`}
      preview={`${invitedByName} invites you to help plan ${occasionTitle}`}
    >
      <Section style={{ margin: '20px 0' }}>
        <Button href={acceptUrl} style={{ backgroundColor: '#6b4f3a', borderRadius: '6px', color: '#ffffff', fontSize: '16px', padding: '12px 20px' }}>
          Accept the invitation
        </Button>
      </Section>
      <Text style={{ fontSize: '14px', lineHeight: '22px' }}>
        Or open this link: {acceptUrl}
      </Text>
      <Text style={{ color: '#77706a', fontSize: '13px' }}>
        The link works once, until {expires}. Sign in, or create an account with any address, to accept it.
      </Text>
    </Layout>
  );
}
