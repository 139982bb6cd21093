import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'wouter';
import type { GuestBulkBody } from '../../core/client/bodies';
import type { Guest } from '../../core/schemas/guest';
import { plural } from '../components/format';
import { serverErrors } from '../components/form-errors';
import { SelectField } from '../components/select-field';
import { Empty, ErrorState, Loading, ProgressBar } from '../components/states';
import { Checkbox, FormMessage } from '../components/text-input';
import { useKindly, useQuery } from '../data/kindly';
import { chunk, GUESTS_PER_CALL, sendInviteLines } from '../guests/bulk-actions';
import { GuestsHead } from '../guests/guests-page';
import { useOccasionData, type OccasionData } from '../guests/occasion-data';
import { useOccasion } from '../occasion/occasion-context';
import { mappingTargets, type ColumnTarget, type CsvContext } from './columns';
import { parseCsv, type CsvTable } from './csv-file';
import { guessMapping } from './header-mapping';
import { answersAfterImport, householdUpdatesAfterImport, inviteLinesAfterImport, planImport } from './import-plan';
import { previewImport } from './import-preview';
import type { ImportAddress, ImportRow } from './import-rows';
import { undoImport } from './undo-import';

/** `.../guests/import`: choose a spreadsheet, map its columns, check every row, then write. */
export default function ImportPage() {
  const occasion = useOccasion();
  const state = useOccasionData(occasion.id);
  const questions = useQuery((s) => s.questions(occasion.id), occasion.id);
  const answers = useQuery((s) => s.answers(occasion.id), occasion.id);
  return (
    <>
      <GuestsHead />
      <h2>Import guests from a spreadsheet</h2>
      {state.status === 'error' ? (
        <ErrorState error={state.error} what="the guest list" onRetry={state.retry} />
      ) : state.status === 'pending' || !questions.data || !answers.data ? (
        <Loading />
      ) : (
        <Importer data={{ ...state.data, questions: questions.data, answers: answers.data }} />
      )}
    </>
  );
}

type Phase =
  | { step: 'choose' }
  | { step: 'map'; fileName: string; table: CsvTable; mapping: ColumnTarget[]; context: ImportContext }
  | { step: 'writing'; label: string; done: number; total: number }
  | { step: 'done'; summary: string };

/** The occasion as an import checks against it: its guests and lists, its questions and answers. */
type ImportContext = OccasionData & Required<Pick<CsvContext, 'questions' | 'answers'>>;

function Importer({ data }: { data: ImportContext }) {
  const occasion = useOccasion();
  const kindly = useKindly();
  const inputId = useId();
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [problem, setProblem] = useState<string>();
  const [skipDuplicates, setSkipDuplicates] = useState(true);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setProblem(undefined);
    if (!file) return;
    if (file.size > 20 * 1024 * 1024) {
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

  // The rows are checked against the occasion as it was when the file was chosen: re-checking on
  // every refetch would reshuffle them, and after a failed import (taken back) it is that again.
  const preview = useMemo(() => (phase.step === 'map' ? previewImport(phase.table, phase.mapping, phase.context) : undefined), [phase]);

  async function write() {
    if (!preview || phase.step !== 'map') return;
    const mapPhase = phase;
    const plan = planImport(preview, { skipDuplicates });
    if (plan.guests.length === 0) {
      setProblem('No row can be imported. Fix the rows flagged below, or change the mapping.');
      return;
    }
    setProblem(undefined);
    const before = { guests: data.guests, households: data.households };
    const householdSteps = plan.addresses.size;
    const total = Math.ceil(plan.guests.length / GUESTS_PER_CALL) + householdSteps + 1;
    let done = 0;
    const progress = (label: string) => setPhase({ step: 'writing', label, done, total });
    const written: Guest[] = [];
    const savedHouseholds: { householdId: string; body: ImportAddress }[] = [];
    // All or nothing: every row was checked against the occasion in the preview; should a later
    // step still fail, what the earlier ones wrote is taken back.
    const fail = async (why: string) => {
      progress('Something failed: taking back what was written…');
      const left = written.length > 0 ? await undoImport(kindly, occasion.id, { written, before, savedHouseholds }) : [];
      setProblem(
        left.length === 0
          ? `Nothing was imported: ${why}`
          : `The import failed (${why}) and could not be fully taken back: ${left.join('; ')}. Check the guest list.`,
      );
      setPhase(mapPhase);
    };

    // 1. One bulk call (per 10,000 rows): guests, households created by name, plus-one links.
    progress(`Adding ${plural(plan.guests.length, 'guest')}…`);
    let created = 0;
    let updated = 0;
    for (const part of chunk(plan.guests, GUESTS_PER_CALL)) {
      // The rows were checked with core's GuestUpsertSchema in the preview.
      const result = await kindly.stores.$upsertGuests.mutate({ occasionId: occasion.id, body: { guests: part as GuestBulkBody['guests'] }, source: 'import' });
      if (result.error) {
        const failure = serverErrors(result.error);
        const where = Object.keys(failure.errors).find((path) => /^guests\.\d+/.test(path));
        const row = where ? plan.guests.indexOf(part[Number(where.split('.')[1])]!) : -1;
        await fail(`${failure.message}${row >= 0 ? ` (guest ${row + 1} of the import)` : ''}`);
        return;
      }
      written.push(...result.data.guests);
      created += result.data.created;
      updated += result.data.updated;
      done++;
      progress(`Added ${plural(written.length, 'guest')}.`);
    }

    // 2. Addresses go to the households the bulk call found or created.
    const households = await kindly.client.listHouseholds(occasion.id);
    const updates = householdUpdatesAfterImport(plan, written, households.data ?? data.households);
    done += householdSteps - updates.length;
    const failedHouseholds: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < updates.length) {
        const update = updates[next++]!;
        const result = await kindly.client.updateHousehold(occasion.id, update.householdId, update.body);
        if (result.error) failedHouseholds.push(`${update.name} (${serverErrors(result.error).message})`);
        else savedHouseholds.push(update);
        done++;
        progress(`Saving addresses (${Math.min(next, updates.length)} of ${updates.length})…`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(6, updates.length) }, worker));
    kindly.stores.markStale(['Household']);
    if (failedHouseholds.length > 0) {
      await fail(`the address of ${plural(failedHouseholds.length, 'household')} could not be saved: ${failedHouseholds.slice(0, 3).join(', ')}.`);
      return;
    }

    // 3. One invite-line bulk call for the invitations and answers the file states.
    const lines = inviteLinesAfterImport(plan, written);
    if (lines.length > 0) {
      progress(`Recording ${plural(lines.length, 'invitation')}…`);
      const result = await sendInviteLines(kindly, occasion.id, lines);
      if (result.error) {
        await fail(`the invitations could not be saved: ${serverErrors(result.error).message}`);
        return;
      }
    }
    // 4. One answer bulk call for the answers to questions the file states.
    const answerRows = answersAfterImport(plan, written, data.answers);
    if (answerRows.length > 0) {
      progress(`Recording ${plural(answerRows.length, 'answer')}…`);
      const result = await kindly.stores.$updateAnswers.mutate({ occasionId: occasion.id, body: { answers: answerRows }, source: 'import' });
      if (result.error) {
        await fail(`the answers could not be saved: ${serverErrors(result.error).message}`);
        return;
      }
    }
    done = total;
    const notes = [
      `${plural(created, 'guest')} added, ${plural(updated - plan.referenceRows, 'guest')} updated.`,
      lines.length > 0 ? `${plural(lines.length, 'invitation')} recorded.` : '',
      answerRows.length > 0 ? `${plural(answerRows.length, 'answer')} recorded.` : '',
      preview.rows.length > plan.rows.length ? `${plural(preview.rows.length - plan.rows.length, 'row')} left out.` : '',
    ];
    setPhase({ step: 'done', summary: notes.filter(Boolean).join(' ') });
  }

  if (phase.step === 'writing') {
    return (
      <div className="card" aria-busy="true">
        <ProgressBar label={phase.label} value={phase.done} max={phase.total} />
      </div>
    );
  }
  if (phase.step === 'done') {
    return (
      <div className="card">
        <p className="notice" role="status" data-testid="import-summary">
          Import finished. {phase.summary}
        </p>
        <div className="row">
          <Link href="/" className="button button--primary">
            See the guest list
          </Link>
          <Button className="button" onPress={() => setPhase({ step: 'choose' })}>
            Import another file
          </Button>
        </div>
      </div>
    );
  }

  return (
    <>
      <div className="card">
        <p className="small">
          Kindly’s own export, or another planner’s: columns such as First Name, Last Name, Partner First Name, Partner Last Name, Household / Party
          (or Party, Group, Family), Street Address, City, State / Region, Zip / Postal Code, Country, Email and Phone are recognised. A partner becomes a second guest of the same household;
          addresses go to the household. Nothing is written until you confirm.
        </p>
        <div className="field">
          <label htmlFor={inputId}>Spreadsheet (CSV)</label>
          <input id={inputId} type="file" accept=".csv,text/csv,text/plain" onChange={choose} className="input" />
        </div>
        <FormMessage messages={[problem]} />
      </div>
      {phase.step === 'map' && preview ? (
        <>
          <MappingStep
            table={phase.table}
            mapping={phase.mapping}
            data={data}
            onChange={(mapping) => setPhase({ ...phase, mapping })}
          />
          <section className="card" aria-labelledby="preview-title">
            <h3 id="preview-title">Check before importing</h3>
            {phase.table.errors.length > 0 ? (
              <div className="notice notice--warn">The file has formatting problems: {phase.table.errors.join('; ')}</div>
            ) : null}
            <FormMessage messages={preview.mappingProblems} />
            <p data-testid="import-counts">
              {plural(preview.rows.length, 'row')} in <strong>{phase.fileName}</strong>:{' '}
              {plural(
                preview.rows.reduce((count, row) => count + row.guests.length, 0),
                'guest',
              )}
              {preview.badRows > 0 ? (
                <>
                  , <strong className="bad-count">{plural(preview.badRows, 'row')} with problems</strong> (left out)
                </>
              ) : null}
              {preview.duplicateRows > 0 ? <>, {plural(preview.duplicateRows, 'likely duplicate')}</> : null}.
            </p>
            {preview.duplicateRows > 0 ? (
              <Checkbox isSelected={skipDuplicates} onChange={setSkipDuplicates}>
                Leave out the likely duplicates
              </Checkbox>
            ) : null}
            <PreviewTable rows={preview.rows} />
            <div className="row" style={{ marginTop: 12 }}>
              <Button className="button button--primary" onPress={write} isDisabled={preview.mappingProblems.length > 0}>
                Import {plural(planImport(preview, { skipDuplicates }).guests.length, 'guest')}
              </Button>
              <Button className="button" onPress={() => setPhase({ step: 'choose' })}>
                Start over
              </Button>
            </div>
          </section>
        </>
      ) : null}
      {phase.step === 'choose' && data.guests.length === 0 ? (
        <Empty title="Tip">
          <p>Export your list from your spreadsheet or planner as CSV (comma-separated values).</p>
        </Empty>
      ) : null}
    </>
  );
}

function MappingStep({ table, mapping, data, onChange }: { table: CsvTable; mapping: ColumnTarget[]; data: OccasionData; onChange(mapping: ColumnTarget[]): void }) {
  const targets = useMemo(() => mappingTargets(data), [data]);
  return (
    <section className="card" aria-labelledby="mapping-title">
      <h3 id="mapping-title">Match the columns</h3>
      <p className="small muted">Choose where each column of the file goes. Columns left out are not imported.</p>
      <div className="mapping-grid">
        {table.headers.map((header, index) => {
          const samples = table.rows
            .slice(0, 3)
            .map((row) => row[index] ?? '')
            .filter(Boolean);
          return (
            <SelectField
              key={index}
              label={header || `Column ${index + 1}`}
              name={`column ${header || index + 1}`}
              options={targets}
              value={mapping[index] ?? 'ignore'}
              onChange={(value) => onChange(mapping.map((target, i) => (i === index ? value || 'ignore' : target)))}
              hideSelected={false}
              clearable={false}
              description={samples.length > 0 ? `e.g. ${samples.join(', ').slice(0, 80)}` : 'Empty in the first rows'}
            />
          );
        })}
      </div>
    </section>
  );
}

/** The rows with problems or duplicates first (all of them, up to 500), then the first good ones. */
function PreviewTable({ rows }: { rows: readonly ImportRow[] }) {
  const flagged = rows.filter((row) => row.problems.length > 0 || row.duplicates.length > 0).slice(0, 500);
  const good = rows.filter((row) => row.problems.length === 0 && row.duplicates.length === 0).slice(0, 25);
  const shown = [...flagged, ...good];
  return (
    <div className="table-wrap" style={{ maxHeight: 420 }} tabIndex={0} role="region" aria-label="Rows of the file">
      <table className="table csv-preview" aria-label="Import preview">
        <thead>
          <tr>
            <th scope="col" className="num">
              Line
            </th>
            <th scope="col">Guests</th>
            <th scope="col">Household</th>
            <th scope="col">Check</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.line} data-line={row.line} data-status={row.problems.length > 0 ? 'bad' : row.duplicates.length > 0 ? 'duplicate' : 'ok'}>
              <td className="num">{row.line}</td>
              <td>
                {row.guests.map((guest) => guest.name || '(no name)').join(' & ')}
                {row.guests[0]?.existing ? <span className="pill">update</span> : null}
              </td>
              <td>{row.householdName || <span className="muted">—</span>}</td>
              <td className={row.problems.length > 0 ? 'bad' : row.duplicates.length > 0 ? 'dup' : ''}>
                {row.problems.length > 0 ? (
                  <>
                    <strong>Left out: </strong>
                    {row.problems.join(' ')}
                  </>
                ) : row.duplicates.length > 0 ? (
                  <>
                    <strong>Likely duplicate: </strong>
                    {row.duplicates.join(' ')}
                  </>
                ) : (
                  'OK'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > shown.length ? <p className="small muted" style={{ padding: 8 }}>and {plural(rows.length - shown.length, 'more row')} without problems.</p> : null}
    </div>
  );
}
