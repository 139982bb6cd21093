import { useEffect, useState } from 'react';

/** The question chunk's exports. */
export type QuestionsChunk = typeof import('../questions/questions');

let chunk: Promise<QuestionsChunk> | undefined;

/**
 * The question fields' chunk, fetched once when the occasion has questions (again after a
 * failure, when next needed); undefined until it is in.
 */
export function useQuestionsChunk(needed: boolean): QuestionsChunk | undefined {
  const [loaded, setLoaded] = useState<QuestionsChunk>();
  useEffect(() => {
    if (needed) (chunk ??= import('../questions/questions')).then(setLoaded, () => (chunk = undefined));
  }, [needed]);
  return loaded;
}
