import { useCallback, useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { errorMessage } from '../../core/client/result';
import type { ErasureRequest } from '../../core/schemas/guest-data';
import type { Occasion } from '../../core/schemas/occasion';
import { formatInstant } from '../components/format';
import { FormMessage } from '../components/text-input';
import { useKindly } from '../data/kindly';

/**
 * The overview's notice of households that asked to have their data erased: each open request
 * with who it names and its message; owners confirm (the household is erased) or decline.
 * Shows nothing while no request is open.
 */
export function ErasureRequests({ occasion }: { occasion: Occasion }) {
  const { client, stores } = useKindly();
  const [requests, setRequests] = useState<ErasureRequest[]>([]);
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const result = await client.listErasureRequests(occasion.id);
    if (result.data) setRequests(result.data.filter((request) => request.status === 'open'));
  }, [client, occasion.id]);
  useEffect(() => void load(), [load]);

  async function decide(request: ErasureRequest, decision: 'confirm' | 'decline') {
    setBusy(true);
    // Through the stores: a confirmed request erased a household, so the lists and counts refresh.
    const store = decision === 'confirm' ? stores.$confirmErasureRequest : stores.$declineErasureRequest;
    const result = await store.mutate({ occasionId: occasion.id, requestId: request.id });
    setBusy(false);
    setMessage(result.error ? errorMessage(result.error) : undefined);
    await load();
  }

  if (requests.length === 0 && !message) return null;
  const mayDecide = occasion.role === 'owner';
  return (
    <section className="card" aria-labelledby="erasure-title">
      <h2 id="erasure-title">Requests to erase guests’ data</h2>
      <p className="small">{mayDecide ? 'Confirming erases the household at once: its guests’ details, replies, answers and messages.' : 'An owner of this occasion confirms or declines these requests.'}</p>
      <ul className="stack">
        {requests.map((request) => (
          <li key={request.id} className="card card--inner">
            <strong>{request.householdName ?? 'A household no longer on the list'}</strong>
            {request.guests?.length ? <span className="small"> ({request.guests.map((g) => `${g.firstName} ${g.lastName}`.trim()).join(', ')})</span> : null}
            <div className="small muted">Asked {formatInstant(request.createdAt, occasion.timezone)}</div>
            {request.message ? <blockquote style={{ whiteSpace: 'pre-line' }}>{request.message}</blockquote> : null}
            {mayDecide ? (
              <div className="row">
                <Button className="button button--danger" isDisabled={busy} onPress={() => void decide(request, 'confirm')}>
                  Confirm and erase {request.householdName ?? 'household'}
                </Button>
                <Button className="button" isDisabled={busy} onPress={() => void decide(request, 'decline')}>
                  Decline
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <FormMessage messages={[message]} />
    </section>
  );
}
