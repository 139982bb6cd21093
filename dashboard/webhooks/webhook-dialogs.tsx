import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENT_TYPES, WebhookEndpointCreateSchema, type WebhookEndpoint, type WebhookEndpointWithSecret, type WebhookEventType } from '../../core/schemas/webhook';
import { ModalDialog } from '../components/dialog';
import { browserTimeZone, formatInstant } from '../components/format';
import { ErrorState, Loading } from '../components/states';
import { Checkbox, FormMessage, TextInput } from '../components/text-input';
import { useFormSave } from '../components/use-form-save';
import { useKindly, useQuery } from '../data/kindly';
import { useOccasion } from '../occasion/occasion-context';

/** Adds an endpoint: its URL and the events it takes (replies by default). */
export function AddWebhookDialog({ onClose, onAdded }: { onClose(): void; onAdded(endpoint: WebhookEndpointWithSecret): void }) {
  const occasion = useOccasion();
  const { stores } = useKindly();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['rsvp.created', 'rsvp.updated']);
  const { errors, message, busy, save } = useFormSave();

  function toggle(type: WebhookEventType, on: boolean) {
    setEvents((chosen) => (on ? WEBHOOK_EVENT_TYPES.filter((t) => t === type || chosen.includes(t)) : chosen.filter((t) => t !== type)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const added = await save(WebhookEndpointCreateSchema, { url, events }, (body) => stores.$createWebhook.mutate({ occasionId: occasion.id, body }));
    if (!added) return;
    onAdded(added);
    onClose();
  }

  return (
    <ModalDialog title="Add a webhook" isOpen onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <Form onSubmit={submit} validationBehavior="aria" className="form" aria-label="Add a webhook">
          <FormMessage messages={[message]} />
          <TextInput
            label="URL"
            type="url"
            inputMode="url"
            value={url}
            onChange={setUrl}
            error={errors.url}
            isRequired
            autoFocus
            placeholder="https://example.com/kindly"
            description="Kindly posts each event here as JSON, signed with the secret shown next."
          />
          <fieldset className="stack">
            <legend>Events</legend>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} isSelected={events.includes(type)} onChange={(on) => toggle(type, on)}>
                {WEBHOOK_EVENT_NAMES[type]} <code className="small">{type}</code>
              </Checkbox>
            ))}
          </fieldset>
          {errors.events ? <p className="field-error">{errors.events}</p> : null}
          <div className="dialog-actions">
            <Button className="button" onPress={close}>
              Cancel
            </Button>
            <Button type="submit" className="button button--primary" isDisabled={busy}>
              {busy ? 'Adding…' : 'Add webhook'}
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}

/** The secret of a new endpoint or a rotation: shown this once. */
export function SecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpointWithSecret; onClose(): void }) {
  return (
    <ModalDialog title="The webhook’s secret" isOpen onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      {(close) => (
        <>
          <p>
            Verify each request to <strong>{endpoint.url}</strong> with this secret (Standard Webhooks). Copy it now: it is not shown again.
          </p>
          <p>
            <code className="secret" aria-label="Secret">
              {endpoint.secret}
            </code>
          </p>
          {endpoint.previousSecretExpiresAt ? (
            <p className="small muted">The old secret also signs every request until {formatInstant(endpoint.previousSecretExpiresAt, browserTimeZone())}.</p>
          ) : null}
          <div className="dialog-actions">
            <Button className="button button--primary" autoFocus onPress={close}>
              I have copied it
            </Button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}

/** An endpoint's last 100 deliveries: what was sent, how it went, the last answer. */
export function DeliveryLogDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose(): void }) {
  const occasion = useOccasion();
  const deliveries = useQuery((s) => s.webhookDeliveries(occasion.id, endpoint.id), `${occasion.id} ${endpoint.id}`);
  const zone = browserTimeZone();
  return (
    <ModalDialog title={`Deliveries to ${endpoint.url}`} isOpen onOpenChange={(open) => !open && onClose()} wide>
      {(close) => (
        <>
          {deliveries.error ? (
            <ErrorState error={deliveries.error} what="the deliveries" onRetry={deliveries.retry} />
          ) : deliveries.pending ? (
            <Loading />
          ) : deliveries.data!.length === 0 ? (
            <p className="muted">Nothing sent yet.</p>
          ) : (
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Deliveries, newest first">
              <table className="table" aria-label="Deliveries">
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    <th scope="col">When</th>
                    <th scope="col">Status</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Last answer</th>
                  </tr>
                </thead>
                <tbody>
                  {deliveries.data!.map((delivery) => (
                    <tr key={delivery.id}>
                      <td>
                        <code>{delivery.eventType}</code>
                      </td>
                      <td>{formatInstant(delivery.createdAt, zone)}</td>
                      <td>{delivery.status === 'QUEUED' && delivery.attempts > 0 ? `Retrying ${formatInstant(delivery.nextAttemptAt, zone)}` : STATUS_NAMES[delivery.status]}</td>
                      <td>{delivery.attempts}</td>
                      <td className="small">
                        {delivery.lastStatus !== null ? `${delivery.lastStatus} ` : ''}
                        {delivery.lastResponse ?? ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="dialog-actions">
            <Button className="button" onPress={deliveries.retry}>
              Refresh
            </Button>
            <Button className="button button--primary" onPress={close}>
              Close
            </Button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}

const STATUS_NAMES = { QUEUED: 'Waiting', SENDING: 'Sending', DELIVERED: 'Delivered', FAILED: 'Failed' } as const;
