import type { ClientError } from '../../core/client/result';
import { DeleteDialog } from './dialog';

interface EraseDialogProps {
  /** Whom: a guest's full name or a household's name. */
  name: string;
  isOpen: boolean;
  onClose(): void;
  erase(): Promise<{ error?: ClientError }>;
}

const KEPT =
  'The history keeps a line for each change, naming them “a guest (erased)”, with no name, contact, note, message or answer. Sent emails stay counted, without address or text. This cannot be undone.';

/** Confirms the erasure of one guest, saying what goes and what stays. */
export function EraseGuestDialog({ name, isOpen, onClose, erase }: EraseDialogProps) {
  return (
    <DeleteDialog title={`Erase ${name}?`} isOpen={isOpen} onClose={onClose} confirmLabel="Erase guest" remove={erase}>
      <p>
        Everything about {name} is removed: their details, invitations, replies, answers and sessions, their reply’s message, and emails waiting to be sent to
        their household. A household left without members is erased too.
      </p>
      <p className="small">{KEPT}</p>
    </DeleteDialog>
  );
}

/** Confirms the erasure of a household and every member. */
export function EraseHouseholdDialog({ name, isOpen, onClose, erase }: EraseDialogProps) {
  return (
    <DeleteDialog title={`Erase ${name}?`} isOpen={isOpen} onClose={onClose} confirmLabel="Erase household" remove={erase}>
      <p>
        {name} and every member are removed: their address and contact details, notes, invitations, reply and message, answers, sessions, and emails
        waiting to be sent to them.
      </p>
      <p className="small">{KEPT}</p>
    </DeleteDialog>
  );
}
