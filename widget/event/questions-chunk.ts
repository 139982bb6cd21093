import { useEffect, useState } from 'react';

/** The question chunk's exports. */
export type QuestionsChunk = typeof import('../questions/questions');

let chunk: Promise<QuestionsChunk> | undefined;

/**
 * The question fields' chunk, fetched once when the occasion has questions (again after a
 * failure); undefined until it is in, or when there are no questions.
 */
export function useQuestionsChunk(needed: boolean): QuestionsChunk | undefined {
  const [loaded, setLoaded] = useState<QuestionsChunk>();
  useEffect(() => {
    if (!needed || loaded) return;
    (chunk ??= import('../questions/questions')).then(setLoaded, () => (chunk = undefined));
  }, [needed, loaded]);
  return needed ? loaded : undefined;
}
