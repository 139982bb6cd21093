import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { API_TOKEN_ROLES, ApiTokenCreateSchema, type ApiToken, type ApiTokenCreated } from '../../core/schemas/api-token';
import { ROLE_NAMES } from '../../core/schemas/people';
import { DeleteDialog, ModalDialog } from '../components/dialog';
import { browserTimeZone, formatInstant } from '../components/format';
import { SelectField } from '../components/select-field';
import { ErrorState, Loading } from '../components/states';
import { FormMessage, TextInput } from '../components/text-input';
import { timeAgo } from '../components/time-ago';
import { useFormSave } from '../components/use-form-save';
import { useKindly, useQuery } from '../data/kindly';
import { useOccasion } from './occasion-context';

const ROLE_OPTIONS = API_TOKEN_ROLES.map((role) => ({ value: role, text: ROLE_NAMES[role] }));

const ROLE_HELP: Record<(typeof API_TOKEN_ROLES)[number], string> = {
  editor: 'Reads and changes guests, households, the schedule, questions and email of this occasion.',
  viewer: 'Reads everything of this occasion, changes nothing.',
};

/** The occasion's API tokens, on its settings for owners: create (the secret shown once), the list with last use, revoke. */
export function ApiTokensSection() {
  const occasion = useOccasion();
  const { stores } = useKindly();
  const tokens = useQuery((s) => s.apiTokens(occasion.id), occasion.id);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  return (
    <section className="card" aria-labelledby="api-tokens-title">
      <div className="page-head">
        <div>
          <h2 id="api-tokens-title">API tokens</h2>
          <p className="small muted">
            For your own programs: a token opens this occasion’s API, and nothing else, as an editor or a viewer. Send it as{' '}
            <code>Authorization: Bearer …</code>.
          </p>
        </div>
        <Button className="button" onPress={() => setCreating(true)}>
          Create token…
        </Button>
      </div>
      {tokens.error ? (
        <ErrorState error={tokens.error} what="the API tokens" onRetry={tokens.retry} />
      ) : tokens.pending ? (
        <Loading />
      ) : tokens.data!.tokens.length === 0 ? (
        <p className="muted">No tokens.</p>
      ) : (
        <TokenTable tokens={tokens.data!.tokens} onRevoke={setRevoking} />
      )}
      {creating ? <CreateTokenDialog onClose={() => setCreating(false)} onCreated={setCreated} /> : null}
      {created ? <SecretDialog token={created} onClose={() => setCreated(null)} /> : null}
      <DeleteDialog
        title={revoking ? `Revoke “${revoking.name}”?` : 'Revoke?'}
        isOpen={revoking !== null}
        onClose={() => setRevoking(null)}
        confirmLabel="Revoke token"
        remove={() => stores.$revokeApiToken.mutate({ occasionId: occasion.id, tokenId: revoking!.id })}
      >
        <p>Programs using it are refused from their next request. This cannot be undone.</p>
      </DeleteDialog>
    </section>
  );
}

function TokenTable({ tokens, onRevoke }: { tokens: readonly ApiToken[]; onRevoke(token: ApiToken): void }) {
  const zone = browserTimeZone();
  return (
    <table className="table" aria-label="API tokens">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Role</th>
          <th scope="col">Created</th>
          <th scope="col">Last used</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.id}>
            <td>{token.name}</td>
            <td>{ROLE_NAMES[token.role]}</td>
            <td>
              {formatInstant(token.createdAt, zone)} <span className="small muted">by {token.createdByName}</span>
            </td>
            <td>{token.lastUsedAt ? <span title={formatInstant(token.lastUsedAt, zone)}>{timeAgo(token.lastUsedAt)}</span> : 'Never'}</td>
            <td>
              <Button className="button button--small" onPress={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>
                Revoke
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CreateTokenDialog({ onClose, onCreated }: { onClose(): void; onCreated(token: ApiTokenCreated): void }) {
  const occasion = useOccasion();
  const { stores } = useKindly();
  const [name, setName] = useState('');
  const [role, setRole] = useState<string>('viewer');
  const { errors, message, busy, save } = useFormSave();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const created = await save(ApiTokenCreateSchema, { name, role }, (body) => stores.$createApiToken.mutate({ occasionId: occasion.id, body }));
    if (!created) return;
    onClose();
    onCreated(created);
  }

  return (
    <ModalDialog title="Create an API token" isOpen onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <Form onSubmit={submit} validationBehavior="aria" className="form" aria-label="Create an API token">
          <FormMessage messages={[message]} />
          <TextInput label="Name" value={name} onChange={setName} error={errors.name} isRequired autoFocus description="What uses it, e.g. “Seating chart sync”." />
          <SelectField label="Role" options={ROLE_OPTIONS} value={role} onChange={setRole} error={errors.role} isRequired hideSelected={false} />
          <p className="small muted">{ROLE_HELP[role as keyof typeof ROLE_HELP] ?? ''}</p>
          <div className="dialog-actions">
            <Button className="button" onPress={close}>
              Cancel
            </Button>
            <Button type="submit" className="button button--primary" isDisabled={busy}>
              {busy ? 'Creating…' : 'Create token'}
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}

function SecretDialog({ token, onClose }: { token: ApiTokenCreated; onClose(): void }) {
  const [copied, setCopied] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(token.secret);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('Could not copy: select the token and copy it by hand.');
    }
  }

  return (
    <ModalDialog title={`Your new token “${token.name}”`} isOpen onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      {(close) => (
        <>
          <p>Copy it now and keep it somewhere safe: it is shown only this once.</p>
          <pre tabIndex={0} aria-label="New API token">
            <code data-testid="api-token-secret">{token.secret}</code>
          </pre>
          <p role="status" className="small">
            {copied}
          </p>
          <div className="dialog-actions">
            <Button className="button" onPress={() => void copy()}>
              Copy token
            </Button>
            <Button className="button button--primary" onPress={close}>
              Done
            </Button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
