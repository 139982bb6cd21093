import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import type { Account } from '../../core/schemas/account';
import { AccountDeletionSchema } from '../../core/schemas/account';
import { ModalDialog } from '../components/dialog';
import { validateForm } from '../components/form-errors';
import { ErrorState, Loading } from '../components/states';
import { FormMessage, TextInput } from '../components/text-input';
import { useKindly, useQuery } from '../data/kindly';
import { Section, useFormState } from './account-section';
import { CurrentPasswordInput } from './current-password-input';

/** Deleting the account: what goes with it, then the typed email and the password. */
export function DeleteAccountSection({ account }: { account: Account }) {
  const [open, setOpen] = useState(false);
  return (
    <Section id="delete" title="Delete the account">
      <p>Deleting your account signs you out everywhere and deletes the occasions that nobody else runs with you.</p>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        Delete my account…
      </button>
      <ModalDialog title="Delete your account?" isOpen={open} onOpenChange={setOpen} role="alertdialog">
        {(close) => <DeleteForm account={account} onCancel={close} />}
      </ModalDialog>
    </Section>
  );
}

function DeleteForm({ account, onCancel }: { account: Account; onCancel(): void }) {
  const { stores } = useKindly();
  const plan = useQuery((s) => s.$accountDeletion, 'account-deletion');
  const [confirmation, setConfirmation] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const form = useFormState();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(AccountDeletionSchema, { confirmation, currentPassword });
    form.setErrors(checked.errors);
    if (!checked.ok) return;
    if (checked.output.confirmation.toLowerCase() !== account.email.toLowerCase()) {
      form.setErrors({ confirmation: "Type the account's email address to confirm." });
      return;
    }
    // On success the session is gone and the app goes to sign-in.
    await form.run(() => stores.$deleteAccount.mutate(checked.output), '');
  }
  if (plan.error && !plan.data) return <ErrorState error={plan.error} what="your occasions" onRetry={plan.retry} />;
  if (!plan.data) return <Loading />;
  const alone = plan.data.occasionsOwnedAlone;
  return (
    <Form className="form" onSubmit={submit} validationBehavior="aria" aria-label="Delete the account">
      {alone.length > 0 ? (
        <>
          <p>
            These {alone.length === 1 ? 'occasion is' : `${alone.length} occasions are`} deleted with it, with every guest, reply and message:
          </p>
          <ul aria-label="Occasions deleted with the account">
            {alone.map((occasion) => (
              <li key={occasion.id}>{occasion.title}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>No occasion is deleted with it.</p>
      )}
      <p>This cannot be undone.</p>
      <TextInput
        label={`Type ${account.email} to confirm`}
        type="text"
        autoComplete="off"
        value={confirmation}
        onChange={setConfirmation}
        error={form.errors.confirmation}
        isRequired
      />
      <CurrentPasswordInput value={currentPassword} onChange={setCurrentPassword} error={form.errors.currentPassword} />
      <FormMessage messages={[form.message]} />
      <div className="dialog-actions">
        <Button className="button" onPress={onCancel} autoFocus>
          Cancel
        </Button>
        <Button type="submit" className="button button--danger" isDisabled={form.busy || confirmation.trim().toLowerCase() !== account.email.toLowerCase()}>
          {form.busy ? 'Deleting…' : 'Delete the account'}
        </Button>
      </div>
    </Form>
  );
}
