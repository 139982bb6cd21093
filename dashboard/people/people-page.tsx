import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { errorMessage } from '../../core/client/result';
import { InvitationCreateSchema, ROLE_NAMES, ROLES, type PendingInvitation, type Person, type Role } from '../../core/schemas/people';
import { DeleteDialog, ModalDialog } from '../components/dialog';
import { browserTimeZone, formatInstant } from '../components/format';
import { SelectField } from '../components/select-field';
import { ErrorState, Loading } from '../components/states';
import { FormMessage, TextInput } from '../components/text-input';
import { useFormSave } from '../components/use-form-save';
import { useKindly, useQuery } from '../data/kindly';
import { useCan, useOccasion } from '../occasion/occasion-context';

/** What each role may do, as the People screen explains it. */
const ROLE_HELP: Record<Role, string> = {
  owner: 'Everything, including people and deleting the occasion.',
  editor: 'Guests, schedule, questions, email and seating; not people or deletion.',
  viewer: 'Reads everything, changes nothing.',
  door: 'On the day: finds guests by name and household; sees no emails, phones, messages or answers.',
};

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, text: ROLE_NAMES[role] }));

/** `.../people`: who helps run the occasion and as what; owners invite, change roles and remove. */
export default function PeoplePage() {
  const occasion = useOccasion();
  const canManage = useCan('own');
  const people = useQuery((s) => s.people(occasion.id), occasion.id);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Person | null>(null);
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);
  const { stores } = useKindly();
  const [notice, setNotice] = useState<string>();

  async function changeRole(person: Person, role: string) {
    setNotice(undefined);
    const result = await stores.$updatePerson.mutate({ occasionId: occasion.id, accountId: person.accountId, body: { role: role as Role } });
    setNotice(result.error ? errorMessage(result.error) : `${person.firstName} ${person.lastName} is now ${ROLE_NAMES[role as Role].toLowerCase()}.`);
  }

  return (
    <>
      <div className="page-head">
        <div>
          <h1>People</h1>
          <p className="small muted">Who helps run this occasion. A change holds from that person’s next click.</p>
        </div>
        {canManage ? (
          <Button className="button button--primary" onPress={() => setInviting(true)}>
            Invite someone
          </Button>
        ) : null}
      </div>
      <p role="status" className="small">
        {notice}
      </p>
      {people.error ? (
        <ErrorState error={people.error} what="the people" onRetry={people.retry} />
      ) : people.pending ? (
        <Loading />
      ) : (
        <>
          <table className="table" aria-label="People">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                {canManage ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {people.data!.people.map((person) => (
                <tr key={person.accountId}>
                  <td>{`${person.firstName} ${person.lastName}`}</td>
                  <td>{person.email}</td>
                  <td>
                    {canManage ? (
                      <SelectField
                        label={`Role of ${person.firstName} ${person.lastName}`}
                        options={ROLE_OPTIONS}
                        value={person.role}
                        isRequired
                        hideSelected={false}
                        onChange={(role) => void changeRole(person, role)}
                      />
                    ) : (
                      ROLE_NAMES[person.role]
                    )}
                  </td>
                  {canManage ? (
                    <td>
                      <Button className="button button--small" onPress={() => setRemoving(person)} aria-label={`Remove ${person.firstName} ${person.lastName}`}>
                        Remove
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Invitations waiting</h2>
          {people.data!.invitations.length === 0 ? (
            <p className="muted">None.</p>
          ) : (
            <ul aria-label="Invitations waiting" className="stack" style={{ listStyle: 'none', padding: 0 }}>
              {people.data!.invitations.map((invitation) => (
                <li key={invitation.id} className="card row row--center">
                  <span>
                    {invitation.email} as {ROLE_NAMES[invitation.role].toLowerCase()}{' '}
                    <span className="small muted">
                      (invited by {invitation.invitedByName}; the link works until {formatInstant(invitation.expiresAt, browserTimeZone())})
                    </span>
                  </span>
                  {canManage ? (
                    <Button className="button button--small" onPress={() => setRevoking(invitation)} aria-label={`Withdraw the invitation to ${invitation.email}`}>
                      Withdraw
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <h2>Roles</h2>
          <dl>
            {ROLES.map((role) => (
              <div key={role}>
                <dt>{ROLE_NAMES[role]}</dt>
                <dd className="small muted">{ROLE_HELP[role]}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {inviting ? <InviteDialog onClose={() => setInviting(false)} onSent={(email) => setNotice(`Invitation sent to ${email}.`)} /> : null}
      <DeleteDialog
        title={removing ? `Remove ${removing.firstName} ${removing.lastName}?` : 'Remove?'}
        isOpen={removing !== null}
        onClose={() => setRemoving(null)}
        confirmLabel="Remove"
        remove={() => stores.$removePerson.mutate({ occasionId: occasion.id, accountId: removing!.accountId })}
      >
        <p>They lose access to this occasion from their next click.</p>
      </DeleteDialog>
      <DeleteDialog
        title={revoking ? `Withdraw the invitation to ${revoking.email}?` : 'Withdraw?'}
        isOpen={revoking !== null}
        onClose={() => setRevoking(null)}
        confirmLabel="Withdraw"
        remove={() => stores.$revokeInvitation.mutate({ occasionId: occasion.id, invitationId: revoking!.id })}
      >
        <p>The link in their email stops working.</p>
      </DeleteDialog>
    </>
  );
}

function InviteDialog({ onClose, onSent }: { onClose(): void; onSent(email: string): void }) {
  const occasion = useOccasion();
  const { stores } = useKindly();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('editor');
  const { errors, message, busy, save } = useFormSave();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const sent = await save(InvitationCreateSchema, { email, role }, (body) => stores.$invitePerson.mutate({ occasionId: occasion.id, body }));
    if (!sent) return;
    onSent(sent.email);
    onClose();
  }

  return (
    <ModalDialog title="Invite someone" isOpen onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <Form onSubmit={submit} validationBehavior="aria" className="form" aria-label="Invite someone">
          <FormMessage messages={[message]} />
          <TextInput label="Email" type="email" value={email} onChange={setEmail} error={errors.email} isRequired autoFocus />
          <SelectField label="Role" options={ROLE_OPTIONS} value={role} onChange={setRole} error={errors.role} isRequired hideSelected={false} />
          <p className="small muted">{ROLE_HELP[role as Role] ?? ''} The link in the email works once, for 14 days.</p>
          <div className="dialog-actions">
            <Button className="button" onPress={close}>
              Cancel
            </Button>
            <Button type="submit" className="button button--primary" isDisabled={busy}>
              {busy ? 'Sending…' : 'Send invitation'}
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}
