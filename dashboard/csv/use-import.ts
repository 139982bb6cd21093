/**
 * The import's steps as the screen goes through them: choose a file, map its columns (the rows
 * checked as the mapping changes), write in one request, done (with Undo). A refused import
 * comes back to the mapping with the reason; one whose answer was lost can be sent again.
 */
import { useMemo, useState } from 'react';
import type { GuestImportBody } from '../../core/client/bodies';
import { isHttpError } from '../../core/client/result';
import type { GuestImportResult } from '../../core/schemas/guest-import';
import { plural } from '../components/format';
import { serverErrors } from '../components/form-errors';
import { useKindly } from '../data/kindly';
import type { OccasionData } from '../guests/occasion-data';
import type { ColumnTarget, CsvContext } from './columns';
import { parseCsv, type CsvTable } from './csv-file';
import { guessMapping } from './header-mapping';
import { importBody, planImport } from './import-plan';
import { previewImport } from './import-preview';
import { forgetPendingImport, keepPendingImport, newImportKey, readPendingImport, type PendingImport } from './pending-import';

/** The occasion as an import checks against it: its guests and lists, its questions and answers. */
export type ImportContext = OccasionData & Required<Pick<CsvContext, 'questions' | 'answers'>>;

export type ImportPhase =
  | { step: 'choose' }
  | { step: 'map'; fileName: string; table: CsvTable; mapping: ColumnTarget[]; context: ImportContext }
  | { step: 'writing'; guests: number }
  | { step: 'done'; summary: string; importId: string }
  | { step: 'undone' };

const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** The import's state and actions, for the screen. */
export type Importer = ReturnType<typeof useImport>;

/** What the host reads once the import is written. */
function summaryOf(result: GuestImportResult, pending: PendingImport): string {
  const changed = (counts: GuestImportResult['invitations']) => counts.created + counts.updated + counts.removed;
  const notes = [
    `${plural(result.guests.created, 'guest')} added, ${plural(Math.max(0, result.guests.updated - pending.referenceRows), 'guest')} updated.`,
    changed(result.invitations) > 0 ? `${plural(changed(result.invitations), 'invitation')} recorded.` : '',
    changed(result.answers) > 0 ? `${plural(changed(result.answers), 'answer')} recorded.` : '',
    pending.leftOut > 0 ? `${plural(pending.leftOut, 'row')} left out.` : '',
  ];
  return notes.filter(Boolean).join(' ');
}

/** Whether two bodies are the same import but for their keys. */
function sameImport(a: GuestImportBody, b: GuestImportBody): boolean {
  return JSON.stringify({ ...a, key: '' }) === JSON.stringify({ ...b, key: '' });
}

export function useImport(occasionId: string, data: ImportContext) {
  const kindly = useKindly();
  const [phase, setPhase] = useState<ImportPhase>({ step: 'choose' });
  const [problem, setProblem] = useState<string>();
  /** Why the import (the Import button) did not happen: shown beside that button, not the file's field. */
  const [writeProblem, setWriteProblem] = useState<string>();
  const [undoProblem, setUndoProblem] = useState<string>();
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  /** An import sent earlier whose answer never came (a closed tab, a lost connection). */
  const [pending, setPending] = useState(() => readPendingImport(occasionId));

  // The rows are checked against the occasion as it was when the file was chosen: re-checking on
  // every refetch would reshuffle them.
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

  /**
   * Sends the import; it is kept until an answer comes, so a lost one can be sent again with the
   * same key. A refusal forgets it (nothing was written) and comes back to `back`.
   */
  async function send(sent: PendingImport, back: ImportPhase) {
    keepPendingImport(occasionId, sent);
    setPending(sent);
    setPhase({ step: 'writing', guests: sent.body.guests.length });
    const result = await kindly.stores.$importGuests.mutate({ occasionId, body: sent.body });
    if (result.data) {
      forgetPendingImport(occasionId);
      setPending(undefined);
      setPhase({ step: 'done', summary: summaryOf(result.data, sent), importId: result.data.importId });
      return;
    }
    const failure = serverErrors(result.error);
    if (isHttpError(result.error) && result.error.status < 500) {
      forgetPendingImport(occasionId);
      setPending(undefined);
      const where = Object.keys(failure.errors).find((path) => /^guests\.\d+/.test(path));
      const row = where ? Number(where.split('.')[1]) + 1 : 0;
      setWriteProblem(`Nothing was imported: ${failure.message}${row > 0 ? ` (guest ${row} of the import)` : ''}`);
    } else {
      setWriteProblem(`The import’s answer did not arrive: ${failure.message} Send it again: it is written once, whatever happened to the first try.`);
    }
    setPhase(back);
  }

  async function write() {
    if (!preview || !plan || phase.step !== 'map') return;
    if (plan.guests.length === 0) {
      setWriteProblem('No row can be imported. Fix the rows flagged below, or change the mapping.');
      return;
    }
    setWriteProblem(undefined);
    const body: GuestImportBody = importBody(plan, newImportKey(), { households: phase.context.households, answers: phase.context.answers });
    // The same import sent again (after a lost answer) keeps its key, so it is written once.
    if (pending && sameImport(pending.body, body)) body.key = pending.body.key;
    await send({ body, fileName: phase.fileName, sentAt: new Date().toISOString(), leftOut: preview.rows.length - plan.rows.length, referenceRows: plan.referenceRows }, phase);
  }

  /** Sends the kept import again, exactly as it was sent. */
  async function resend() {
    if (!pending) return;
    setWriteProblem(undefined);
    await send(pending, phase);
  }

  function discardPending() {
    forgetPendingImport(occasionId);
    setPending(undefined);
  }

  async function undo() {
    if (phase.step !== 'done') return;
    setUndoProblem(undefined);
    const result = await kindly.stores.$undoImport.mutate({ occasionId, importId: phase.importId });
    if (result.error) setUndoProblem(serverErrors(result.error).message);
    else setPhase({ step: 'undone' });
  }

  return {
    phase,
    problem,
    writeProblem,
    undoProblem,
    pending,
    preview,
    plan,
    skipDuplicates,
    setSkipDuplicates,
    choose,
    changeMapping,
    write,
    resend,
    discardPending,
    undo,
    startOver: () => {
      setWriteProblem(undefined);
      setUndoProblem(undefined);
      setPhase({ step: 'choose' });
    },
  };
}
