import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useRouter } from 'wouter';

/** The reason phrases of the statuses a routing failure can have (contract section 7). */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The reason phrase of an HTTP status, e.g. `Not Found` for 404; `''` when unknown. */
export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? '';
}

/**
 * A routing failure: thrown (or rendered with {@link ErrorScreen}) when a URL cannot be shown,
 * like react-router's `ErrorResponse`: a status, its reason phrase and a message.
 */
export class RouteError extends Error {
  readonly status: number;
  readonly statusText: string;

  constructor(status: number, message?: string, text = statusText(status)) {
    super(message ?? text);
    this.name = 'RouteError';
    this.status = status;
    this.statusText = text;
  }
}

/** The 404 of a URL that no route matches: `No route matches URL "/occasion/x/nope"`. */
export function noRouteMatches(path: string): RouteError {
  return new RouteError(404, `No route matches URL "${path}"`);
}

export interface ErrorScreenProps {
  /** A {@link RouteError}, any thrown value, or nothing for a generic failure. */
  error: unknown;
}

/** What the screen shows for a thrown value: the status line and the message. */
export function describeRouteError(error: unknown): { heading: string; message: string } {
  if (error instanceof RouteError) {
    return { heading: `${error.status} ${error.statusText}`.trim(), message: error.message };
  }
  if (error instanceof Error) return { heading: error.name || 'Error', message: error.message };
  return { heading: 'Error', message: typeof error === 'string' ? error : 'Something went wrong.' };
}

/**
 * The screen of a routing failure (contract section 7): titled `Unexpected Application Error!`,
 * with the status and its text (`404 Not Found`) and the message (`No route matches URL "/x"`).
 * Any other failure (a screen's code that did not load) also offers "Try again".
 */
export function ErrorScreen({ error }: ErrorScreenProps) {
  const { heading, message } = describeRouteError(error);
  const repeatsHeading = message === heading || (error instanceof RouteError && message === error.statusText);
  return (
    <main className="error-screen" aria-labelledby="error-screen-title">
      <h1 id="error-screen-title">Unexpected Application Error!</h1>
      <h2 className="error-screen__status">{heading}</h2>
      {repeatsHeading ? null : <p className="error-screen__message">{message}</p>}
      {error instanceof RouteError ? null : (
        // Not a routing failure but one of the app's own (its code did not load on a dropped
        // connection): the page loaded again asks for everything the screen needs, code and data.
        <p>
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Try again
          </button>
        </p>
      )}
      <p>
        <a href="/occasions">Back to your occasions</a>
      </p>
    </main>
  );
}

/** Renders the 404 screen for the current URL: the fallback of nested route switches. */
export function NoMatch() {
  const [location] = useLocation();
  const { base } = useRouter();
  // Inside a nested route the location is relative to its base; show the whole path.
  const path = `${base}${location === '/' && base ? '' : location}`;
  return <ErrorScreen error={noRouteMatches(path)} />;
}

interface BoundaryProps {
  children: ReactNode;
  /** Changing this (e.g. the path) clears a caught error. */
  resetKey?: string;
}

interface BoundaryState {
  error: unknown;
  resetKey: string | undefined;
}

/** Catches anything thrown while rendering below it and shows the {@link ErrorScreen}. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { error: undefined, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!(error instanceof RouteError)) console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error !== undefined) return <ErrorScreen error={this.state.error} />;
    return this.props.children;
  }
}
