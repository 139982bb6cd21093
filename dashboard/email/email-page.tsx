import { useOccasion } from '../occasion/occasion-context';
import { OutboxSection } from './outbox-section';
import { RecipientsSection } from './recipients-section';
import { TemplatesSection } from './templates-section';

/**
 * `.../emails`: who gets mail and sending invitations and reminders, the outbox (each message
 * rendered as sent), and the templates with their previews.
 */
export default function EmailPage() {
  const occasion = useOccasion();
  return (
    <>
      <div className="page-head">
        <h1>Email</h1>
      </div>
      <RecipientsSection occasionId={occasion.id} timeZone={occasion.timezone} hasPageUrl={occasion.rsvpPageUrl !== '' || occasion.slug !== null} />
      <OutboxSection occasionId={occasion.id} timeZone={occasion.timezone} />
      <TemplatesSection occasionId={occasion.id} />
    </>
  );
}
