import { Section, Text } from '@react-email/components';
import { Layout } from './layout';

/** One household's new or changed reply in the digest. */
export interface DigestReply {
  householdName: string;
  /** When it was last changed, as people read it. */
  when: string;
  attending: number;
  declined: number;
  message: string;
}

/** The host's daily digest of new replies. */
export interface DigestProps {
  occasionTitle: string;
  intro: string;
  replies: DigestReply[];
  unsubscribeUrl?: string;
}

/** New replies since the last digest: counts and messages, newest first. */
export function Digest({ occasionTitle, intro, replies, unsubscribeUrl }: DigestProps) {
  return (
    <Layout occasionTitle={occasionTitle} intro={intro} unsubscribeUrl={unsubscribeUrl} preview={`${replies.length} new ${replies.length === 1 ? 'reply' : 'replies'}`}>
      {replies.map((reply, index) => (
        <Section key={index} style={{ margin: '14px 0' }}>
          <Text style={{ fontSize: '16px', fontWeight: 'bold', margin: '0' }}>{reply.householdName}</Text>
          <Text style={{ color: '#77706a', fontSize: '13px', margin: '0' }}>
            {reply.when} · {reply.attending} attending, {reply.declined} declined
          </Text>
          {reply.message ? <Text style={{ fontSize: '15px', margin: '4px 0', whiteSpace: 'pre-line' }}>{reply.message}</Text> : null}
        </Section>
      ))}
    </Layout>
  );
}
