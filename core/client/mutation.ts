import { map, type ReadableAtom } from 'nanostores';
import type { ClientError, Result } from './result';

/** The state of a {@link Mutation}. */
export interface MutationValue<T> {
  /** A call is in flight. */
  loading: boolean;
  /** The last successful answer. */
  data?: T;
  /** The last failure. */
  error?: ClientError;
}

/**
 * A mutator store: subscribe for `loading`/`data`/`error`, call `mutate` to write. On success
 * it marks its stale tags before it resolves, so open screens refresh without a reload.
 */
export type Mutation<Input, Output> = ReadableAtom<MutationValue<Output>> & {
  mutate(input: Input): Promise<Result<Output>>;
};

/**
 * Creates a mutator store over one write.
 *
 * @param call The write; resolves to a {@link Result}.
 * @param after Runs on success, before `mutate` resolves (marks tags stale, sets the session…).
 * @returns The store.
 */
export function createMutation<Input, Output>(
  call: (input: Input) => Promise<Result<Output>>,
  after: (data: Output, input: Input) => void,
): Mutation<Input, Output> {
  const $state = map<MutationValue<Output>>({ loading: false });
  let running = 0;
  const mutate = async (input: Input): Promise<Result<Output>> => {
    running++;
    $state.set({ loading: true });
    const result = await call(input);
    if (!result.error) after(result.data as Output, input);
    $state.set({ loading: --running > 0, ...result });
    return result;
  };
  return Object.assign($state, { mutate });
}
