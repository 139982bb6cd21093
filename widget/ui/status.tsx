import { useStrings } from '../i18n';
import { Alert } from './field';

/** What shows while the session or a screen loads. */
export function Busy() {
  const strings = useStrings();
  return (
    <p className="muted" role="status" aria-busy="true">
      {strings.loading}
    </p>
  );
}

/** A failure that trying again may fix. */
export function Retry({ message, onRetry }: { message: string; onRetry: () => void }) {
  const strings = useStrings();
  return (
    <div className="stack">
      <Alert tone="bad">{message}</Alert>
      <div>
        <button type="button" className="secondary" part="button secondary" onClick={onRetry}>
          {strings.retry}
        </button>
      </div>
    </div>
  );
}
