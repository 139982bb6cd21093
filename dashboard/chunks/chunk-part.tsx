import { Component, Suspense, use, useState, type ReactNode } from 'react';
import { ErrorState } from '../components/states';
import { ChunkLoadError, type Chunk } from './chunk';

export interface ChunkPartProps<M> {
  chunk: Chunk<M>;
  /** What the part is, for its failed-load message ("Could not load the chart."). */
  what: string;
  /** Shown while the chunk is on its way. */
  placeholder: ReactNode;
  /** The part, drawn with the chunk's module. */
  children: (module: M) => ReactNode;
}

/**
 * A part of a screen whose code comes in a chunk of its own after the screen (the overview's
 * chart). If the chunk does not come, the part shows a failed load with "Try again", which asks
 * for it again, and the rest of the screen stays: without this the failure reached the app's
 * boundary and took the whole screen, its navigation with it, for a decoration.
 */
export function ChunkPart<M>({ chunk, what, placeholder, children }: ChunkPartProps<M>) {
  // One load per attempt, held across renders: `use` must see the same promise until it settles.
  const [attempt, setAttempt] = useState(() => ({ n: 0, module: chunk.load() }));
  const retry = () => {
    const module = chunk.load();
    setAttempt((previous) => ({ n: previous.n + 1, module }));
  };
  return (
    <ChunkFailureBoundary key={attempt.n} what={what} onRetry={retry}>
      <Suspense fallback={placeholder}>
        <Loaded module={chunk.loaded} loading={attempt.module} draw={children} />
      </Suspense>
    </ChunkFailureBoundary>
  );
}

function Loaded<M>({ module, loading, draw }: { module: M | undefined; loading: Promise<M>; draw: (module: M) => ReactNode }) {
  return draw(module ?? use(loading));
}

interface BoundaryProps {
  what: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Shows a chunk that did not come as a failed load; anything else goes on to the boundary above. */
class ChunkFailureBoundary extends Component<BoundaryProps, { failed: unknown }> {
  override state: { failed: unknown } = { failed: undefined };

  static getDerivedStateFromError(error: unknown): { failed: unknown } {
    return { failed: error ?? new Error('Unknown error') };
  }

  override render() {
    const { failed } = this.state;
    if (failed === undefined) return this.props.children;
    if (!(failed instanceof ChunkLoadError)) throw failed;
    return <ErrorState error={{ status: 'FETCH_ERROR', error: failed.message }} what={this.props.what} onRetry={this.props.onRetry} />;
  }
}
