import { useState } from 'react';
import { Button } from 'react-aria-components';
import { errorMessage } from '../../core/client/result';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '../../core/schemas/webhook';
import { ConfirmDialog, DeleteDialog } from '../components/dialog';
import { ErrorState, Loading } from '../components/states';
import { useKindly, useQuery } from '../data/kindly';
import { useCan, useOccasion } from '../occasion/occasion-context';
import { AddWebhookDialog, DeliveryLogDialog, SecretDialog } from './webhook-dialogs';

/** `.../webhooks`: where Kindly tells other systems of replies and changes; owners add, rotate, test and delete. */
export default function WebhooksPage() {
  const occasion = useOccasion();
  const canManage = useCan('own');
  const endpoints = useQuery((s) => s.webhooks(occasion.id), occasion.id);
  const { stores } = useKindly();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [notice, setNotice] = useState<string>();
  const ids = (endpoint: WebhookEndpoint) => ({ occasionId: occasion.id, webhookId: endpoint.id });

  async function sendTest(endpoint: WebhookEndpoint) {
    const result = await stores.$sendWebhookTest.mutate(ids(endpoint));
    setNotice(result.error ? errorMessage(result.error) : `A test event is on its way to ${endpoint.url}. Its delivery shows under Deliveries.`);
  }

  async function setEnabled(endpoint: WebhookEndpoint, enabled: boolean) {
    const result = await stores.$updateWebhook.mutate({ ...ids(endpoint), body: { enabled } });
    setNotice(result.error ? errorMessage(result.error) : `${endpoint.url} is turned ${enabled ? 'on' : 'off'}.`);
  }

  async function rotate(endpoint: WebhookEndpoint) {
    const result = await stores.$rotateWebhookSecret.mutate(ids(endpoint));
    if (result.error) setNotice(errorMessage(result.error));
    else setSecret(result.data);
  }

  return (
    <>
      <div className="page-head">
        <div>
          <h1>Webhooks</h1>
          <p className="small muted">Kindly posts to these addresses when guests reply or your guest list changes, each request signed (Standard Webhooks).</p>
        </div>
        {canManage ? (
          <Button className="button button--primary" onPress={() => setAdding(true)}>
            Add a webhook
          </Button>
        ) : null}
      </div>
      <p role="status" className="small">
        {notice}
      </p>
      {endpoints.error ? (
        <ErrorState error={endpoints.error} what="the webhooks" onRetry={endpoints.retry} />
      ) : endpoints.pending ? (
        <Loading />
      ) : endpoints.data!.length === 0 ? (
        <p className="muted">No webhooks yet.</p>
      ) : (
        <ul aria-label="Webhooks" className="stack" style={{ listStyle: 'none', padding: 0 }}>
          {endpoints.data!.map((endpoint) => (
            <li key={endpoint.id} className="card stack">
              <div>
                <strong className="secret">{endpoint.url}</strong>
                <p className="small muted">
                  {endpoint.enabled ? 'On' : `Off${endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ''}`} · {endpoint.events.join(', ')}
                </p>
              </div>
              <div className="row row--center">
                <Button className="button button--small" onPress={() => setLog(endpoint)} aria-label={`Deliveries to ${endpoint.url}`}>
                  Deliveries
                </Button>
                {canManage ? (
                  <>
                    <Button className="button button--small" onPress={() => void sendTest(endpoint)} aria-label={`Send a test event to ${endpoint.url}`}>
                      Send a test event
                    </Button>
                    <Button className="button button--small" onPress={() => void setEnabled(endpoint, !endpoint.enabled)} aria-label={`Turn ${endpoint.enabled ? 'off' : 'on'} ${endpoint.url}`}>
                      {endpoint.enabled ? 'Turn off' : 'Turn on'}
                    </Button>
                    <Button className="button button--small" onPress={() => setRotating(endpoint)} aria-label={`Rotate the secret of ${endpoint.url}`}>
                      Rotate secret
                    </Button>
                    <Button className="button button--small" onPress={() => setRemoving(endpoint)} aria-label={`Delete ${endpoint.url}`}>
                      Delete
                    </Button>
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {adding ? <AddWebhookDialog onClose={() => setAdding(false)} onAdded={setSecret} /> : null}
      {secret ? <SecretDialog endpoint={secret} onClose={() => setSecret(null)} /> : null}
      {log ? <DeliveryLogDialog endpoint={log} onClose={() => setLog(null)} /> : null}
      <ConfirmDialog
        title="Rotate the secret?"
        isOpen={rotating !== null}
        onOpenChange={(open) => !open && setRotating(null)}
        confirmLabel="Rotate"
        danger={false}
        onConfirm={async () => {
          if (rotating) await rotate(rotating);
        }}
      >
        <p>A new secret signs every request from now on. The old one signs them too for 24 hours, so the receiver can change over without missing one.</p>
      </ConfirmDialog>
      <DeleteDialog
        title={removing ? `Delete the webhook to ${removing.url}?` : 'Delete?'}
        isOpen={removing !== null}
        onClose={() => setRemoving(null)}
        confirmLabel="Delete"
        remove={() => stores.$deleteWebhook.mutate(ids(removing!))}
      >
        <p>Nothing more is sent there, and its deliveries are forgotten.</p>
      </DeleteDialog>
    </>
  );
}
