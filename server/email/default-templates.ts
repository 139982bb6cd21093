import type { EmailKind, EmailTemplate } from '../../core/schemas/email';

/** The subject and intro of a kind the host never edited, for an occasion of this title. */
export function defaultTemplate(kind: EmailKind, occasionTitle: string): EmailTemplate {
  switch (kind) {
    case 'INVITATION':
      return { kind, subject: `You're invited: ${occasionTitle}`, intro: 'We would love to celebrate with you. Please let us know whether you can come.' };
    case 'REMINDER':
      return { kind, subject: `Reminder: please reply for ${occasionTitle}`, intro: "We haven't heard from you yet. Please let us know whether you can come." };
    case 'CONFIRMATION':
      return { kind, subject: `Your reply for ${occasionTitle}`, intro: 'Thank you for replying. Here is what we have.' };
    case 'DIGEST':
      return { kind, subject: `New replies for ${occasionTitle}`, intro: 'These households replied or changed their reply since the last digest.' };
  }
}
