import type { ReactNode } from 'react';
import { errorMessage, type ClientError } from '../../core/client/result';
import { useRetryFailed } from '../data/kindly';

/** A loading state, announced politely. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

/** An empty state: what is missing and what to do about it. */
export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state">
      <p>
        <strong>{title}</strong>
      </p>
      {children}
    </div>
  );
}

/**
 * A failed load, with the reason and a way to try again: "Try again" retries `onRetry` (what this
 * message is about, e.g. a load that is not a store) and every other store of the screen that failed.
 */
export function ErrorState({ error, onRetry, what }: { error: ClientError; onRetry?: () => void; what?: string }) {
  const retryFailed = useRetryFailed();
  return (
    <div className="state state--error" role="alert">
      <p>
        {what ? `Could not load ${what}. ` : ''}
        {errorMessage(error)}
      </p>
      {onRetry ? (
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            onRetry();
            retryFailed?.();
          }}
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** A determinate progress bar with its label. */
export function ProgressBar({ label, value, max }: { label: string; value: number; max: number }) {
  const percent = max > 0 ? Math.round((value / max) * 100) : 0;
  return (
    <div className="stack" role="group" aria-label={label}>
      <div className="row row--center small">
        <span>{label}</span>
        <span className="muted">{percent}%</span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
      >
        <div style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
