import { Section, Text } from '@react-email/components';
import { Layout } from './layout';

/** One activity of the reply, and each member's answer to it. */
export interface ConfirmedActivity {
  name: string;
  /** The start as people read it, in the occasion's time zone. */
  when: string;
  answers: Array<{ guestName: string; attending: boolean; meal: string | null }>;
}

/** The confirmation a guest gets after each reply. */
export interface ConfirmationProps {
  occasionTitle: string;
  intro: string;
  householdName: string;
  activities: ConfirmedActivity[];
  plusOnes: string[];
  message: string;
  unsubscribeUrl?: string;
}

/** The reply as stored: per activity who comes (and their meal), plus-ones and the message. */
export function Confirmation({ occasionTitle, intro, householdName, activities, plusOnes, message, unsubscribeUrl }: ConfirmationProps) {
  return (
    <Layout occasionTitle={occasionTitle} intro={intro} unsubscribeUrl={unsubscribeUrl} preview={`We have your reply, ${householdName}`}>
      {activities.map((activity, index) => (
        <Section key={index} style={{ margin: '16px 0' }}>
          <Text style={{ fontSize: '17px', fontWeight: 'bold', margin: '0' }}>{activity.name}</Text>
          <Text style={{ color: '#77706a', fontSize: '13px', margin: '0 0 6px' }}>{activity.when}</Text>
          {activity.answers.map((answer, row) => (
            <Text key={row} style={{ fontSize: '15px', margin: '2px 0' }}>
              {answer.guestName}: {answer.attending ? 'attending' : 'not attending'}
              {answer.attending && answer.meal ? ` · ${answer.meal}` : ''}
            </Text>
          ))}
        </Section>
      ))}
      {plusOnes.length > 0 ? <Text style={{ fontSize: '15px' }}>Plus-ones: {plusOnes.join(', ')}</Text> : null}
      {message ? (
        <Text style={{ borderLeft: '3px solid #e8e2dc', fontSize: '15px', paddingLeft: '12px', whiteSpace: 'pre-line' }}>{message}</Text>
      ) : null}
      <Text style={{ color: '#77706a', fontSize: '13px' }}>The calendar file attached holds what you attend.</Text>
    </Layout>
  );
}
