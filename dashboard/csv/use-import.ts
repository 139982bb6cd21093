/**
 * The import's steps as the screen goes through them: choose a file, map its columns (the rows
 * checked as the mapping changes), write, done. A failed write comes back to the mapping with
 * the reason.
 */
import { useMemo, useState } from 'react';
import { useKindly } from '../data/kindly';
import type { OccasionData } from '../guests/occasion-data';
import type { ColumnTarget, CsvContext } from './columns';
import { parseCsv, type CsvTable } from './csv-file';
import { guessMapping } from './header-mapping';
import { planImport } from './import-plan';
import { previewImport } from './import-preview';
import { runImport, type ImportProgress } from './run-import';

/** The occasion as an import checks against it: its guests and lists, its questions and answers. */
export type ImportContext = OccasionData & Required<Pick<CsvContext, 'questions' | 'answers'>>;

export type ImportPhase =
  | { step: 'choose' }
  | { step: 'map'; fileName: string; table: CsvTable; mapping: ColumnTarget[]; context: ImportContext }
  | ({ step: 'writing' } & ImportProgress)
  | { step: 'done'; summary: string };

const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** The import's state and actions, for the screen. */
export type Importer = ReturnType<typeof useImport>;

export function useImport(occasionId: string, data: ImportContext) {
  const kindly = useKindly();
  const [phase, setPhase] = useState<ImportPhase>({ step: 'choose' });
  const [problem, setProblem] = useState<string>();
  /** Why the import (the Import button) did not happen: shown beside that button, not the file's field. */
  const [writeProblem, setWriteProblem] = useState<string>();
  const [skipDuplicates, setSkipDuplicates] = useState(true);

  // The rows are checked against the occasion as it was when the file was chosen: re-checking on
  // every refetch would reshuffle them, and after a failed import (taken back) it is that again.
  const preview = useMemo(() => (phase.step === 'map' ? previewImport(phase.table, phase.mapping, phase.context) : undefined), [phase]);
  const plan = useMemo(() => preview && planImport(preview, { skipDuplicates }), [preview, skipDuplicates]);

  async function choose(file: File | undefined) {
    setProblem(undefined);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setProblem('That file is larger than 20 MB. Is it really a guest list?');
      return;
    }
    const table = parseCsv(await file.text());
    if (table.headers.length === 0 || table.rows.length === 0) {
      setProblem('That file has no rows under its header. Choose a CSV file with a header row.');
      return;
    }
    setPhase({ step: 'map', fileName: file.name, table, mapping: guessMapping(table.headers, data), context: data });
  }

  function changeMapping(mapping: ColumnTarget[]) {
    if (phase.step === 'map') setPhase({ ...phase, mapping });
  }

  async function write() {
    if (!preview || !plan || phase.step !== 'map') return;
    if (plan.guests.length === 0) {
      setWriteProblem('No row can be imported. Fix the rows flagged below, or change the mapping.');
      return;
    }
    setWriteProblem(undefined);
    const outcome = await runImport(plan, preview.rows.length - plan.rows.length, {
      kindly,
      occasionId,
      before: data,
      onProgress: (progress) => setPhase({ step: 'writing', ...progress }),
    });
    if ('summary' in outcome) setPhase({ step: 'done', summary: outcome.summary });
    else {
      setWriteProblem(outcome.problem);
      setPhase(phase);
    }
  }

  return {
    phase,
    problem,
    writeProblem,
    preview,
    plan,
    skipDuplicates,
    setSkipDuplicates,
    choose,
    changeMapping,
    write,
    startOver: () => {
      setWriteProblem(undefined);
      setPhase({ step: 'choose' });
    },
  };
}
