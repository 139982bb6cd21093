import { useId, useMemo } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'wouter';
import { plural } from '../components/format';
import { SelectField } from '../components/select-field';
import { Empty, ErrorState, Loading } from '../components/states';
import { Checkbox, FormMessage } from '../components/text-input';
import { useQuery } from '../data/kindly';
import { GuestsHead } from '../guests/guests-page';
import { useOccasionData, type OccasionData } from '../guests/occasion-data';
import { useOccasion } from '../occasion/occasion-context';
import { mappingTargets, type ColumnTarget } from './columns';
import type { CsvTable } from './csv-file';
import type { ImportPlan } from './import-plan';
import type { ImportPreview, ImportRow } from './import-rows';
import { useImport, type ImportContext, type Importer } from './use-import';

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
        <ImportSteps data={{ ...state.data, questions: questions.data, answers: answers.data }} />
      )}
    </>
  );
}

function ImportSteps({ data }: { data: ImportContext }) {
  const occasion = useOccasion();
  const inputId = useId();
  const importer = useImport(occasion.id, data);
  const { phase, problem, preview, plan, choose, changeMapping, startOver } = importer;

  if (phase.step === 'writing') {
    return (
      <div className="card" aria-busy="true">
        <p role="status">Importing {plural(phase.guests, 'guest')}… Everything is written at once, or nothing is.</p>
      </div>
    );
  }
  if (phase.step === 'done' || phase.step === 'undone') return <ImportDone importer={importer} />;

  return (
    <>
      <PendingImportNotice importer={importer} />
      <div className="card">
        <p className="small">
          Kindly’s own export, or another planner’s: columns such as First Name, Last Name, Partner First Name, Partner Last Name, Household / Party
          (or Party, Group, Family), Street Address, City, State / Region, Zip / Postal Code, Country, Email and Phone are recognised. A partner becomes a second guest of the same household;
          addresses go to the household. Nothing is written until you confirm.
        </p>
        <div className="field">
          <label htmlFor={inputId}>Spreadsheet (CSV)</label>
          <input id={inputId} type="file" accept=".csv,text/csv,text/plain" onChange={(event) => void choose(event.target.files?.[0])} className="input" />
        </div>
        <FormMessage messages={[problem]} focus />
      </div>
      {phase.step === 'map' && preview && plan ? (
        <>
          <MappingStep table={phase.table} mapping={phase.mapping} data={data} onChange={changeMapping} />
          <CheckStep fileName={phase.fileName} table={phase.table} preview={preview} plan={plan} importer={importer} />
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

/** The import's result, with Undo; or that it was undone. */
function ImportDone({ importer }: { importer: Importer }) {
  const { phase, undo, undoProblem, startOver } = importer;
  return (
    <div className="card">
      {phase.step === 'done' ? (
        <p className="notice" role="status" data-testid="import-summary">
          Import finished. {phase.summary}
        </p>
      ) : (
        <p className="notice" role="status" data-testid="import-undone">
          The import was undone: the guest list is as it was before it.
        </p>
      )}
      <FormMessage messages={[undoProblem]} focus />
      <div className="row">
        <Link href="/" className="button button--primary">
          See the guest list
        </Link>
        {phase.step === 'done' ? (
          <Button className="button" onPress={() => void undo()}>
            Undo this import
          </Button>
        ) : null}
        <Button className="button" onPress={startOver}>
          Import another file
        </Button>
      </div>
    </div>
  );
}

/** An import sent earlier whose answer never came: send it again (written once) or forget it. */
function PendingImportNotice({ importer }: { importer: Importer }) {
  const { pending, resend, discardPending } = importer;
  if (!pending) return null;
  return (
    <div className="card notice notice--warn" role="status" data-testid="pending-import">
      <p>
        An import of {plural(pending.body.guests.length, 'guest')} from <strong>{pending.fileName}</strong> was sent, but its answer never arrived. Send it
        again to be sure: Kindly writes it once, and says so if the first one arrived.
      </p>
      <div className="row">
        <Button className="button button--primary" onPress={() => void resend()}>
          Send it again
        </Button>
        <Button className="button" onPress={discardPending}>
          Forget it
        </Button>
      </div>
    </div>
  );
}

/** The check of every row, the counts, and the button that writes. */
function CheckStep({ fileName, table, preview, plan, importer }: { fileName: string; table: CsvTable; preview: ImportPreview; plan: ImportPlan; importer: Importer }) {
  const { skipDuplicates, setSkipDuplicates, write, startOver, writeProblem } = importer;
  return (
    <section className="card" aria-labelledby="preview-title">
      <h3 id="preview-title">Check before importing</h3>
      {table.errors.length > 0 ? (
        <div className="notice notice--warn">The file has formatting problems: {table.errors.join('; ')}</div>
      ) : null}
      <FormMessage messages={preview.mappingProblems} />
      <p data-testid="import-counts">
        {plural(preview.rows.length, 'row')} in <strong>{fileName}</strong>:{' '}
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
      <FormMessage messages={[writeProblem]} focus />
      <div className="row" style={{ marginTop: 12 }}>
        <Button className="button button--primary" onPress={write} isDisabled={preview.mappingProblems.length > 0}>
          Import {plural(plan.guests.length, 'guest')}
        </Button>
        <Button className="button" onPress={startOver}>
          Start over
        </Button>
      </div>
    </section>
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
