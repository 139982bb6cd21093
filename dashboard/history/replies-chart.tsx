import { useState, type ReactNode } from 'react';
import type { RepliesDay } from '../../core/schemas/history';
import { chunk } from '../chunks/chunk';
import { ChunkPart } from '../chunks/chunk-part';
import { formatCount, formatDate } from '../components/format';
import { ErrorState, Loading } from '../components/states';
import { useQuery } from '../data/kindly';

// uPlot and its CSS come in their own chunk, after the overview's first paint.
const plotChunk = chunk(() => import('./replies-plot'));

/** The plot's box, which screen readers skip: the table below says the same. */
const plotBox = (content: ReactNode) => (
  <div className="replies-chart__plot" aria-hidden="true">
    {content}
  </div>
);

/**
 * Replies over time on the overview: a uPlot line chart (attending, declined, pending by day)
 * that screen readers skip, and the same numbers as a table, visually hidden until the host
 * asks for it.
 */
export function RepliesChart({ occasionId }: { occasionId: string }) {
  const days = useQuery((s) => s.repliesOverTime(occasionId), occasionId);
  const [showTable, setShowTable] = useState(false);
  if (days.error) return <ErrorState error={days.error} what="replies over time" onRetry={days.retry} />;
  if (days.pending) return <Loading label="Loading replies over time…" />;
  const data = days.data!;
  if (data.length === 0) return <p className="muted">Nobody is invited yet: the chart starts with the first invitation.</p>;
  return (
    <div className="replies-chart">
      <ChunkPart chunk={plotChunk} what="the chart" placeholder={plotBox(<div className="replies-chart__placeholder" />)}>
        {({ default: RepliesPlot }) => plotBox(<RepliesPlot days={data} />)}
      </ChunkPart>
      <p className="replies-chart__legend small" aria-hidden="true">
        <span className="legend legend--attending">Attending</span> <span className="legend legend--declined">Declined</span>{' '}
        <span className="legend legend--pending">Pending</span>
      </p>
      <button type="button" className="button button--small" aria-expanded={showTable} onClick={() => setShowTable(!showTable)}>
        {showTable ? 'Hide table' : 'Show as table'}
      </button>
      <div className={showTable ? 'table-wrap' : 'visually-hidden'}>
        <RepliesTable days={data} />
      </div>
    </div>
  );
}

function RepliesTable({ days }: { days: readonly RepliesDay[] }) {
  return (
    <table className="table table--counts" data-testid="replies-table">
      <caption className="visually-hidden">Invitations by answer at the end of each day</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col" className="num">
            Attending
          </th>
          <th scope="col" className="num">
            Declined
          </th>
          <th scope="col" className="num">
            Pending
          </th>
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.date}>
            <th scope="row">{formatDate(day.date)}</th>
            <td className="num">{formatCount(day.attending)}</td>
            <td className="num">{formatCount(day.declined)}</td>
            <td className="num">{formatCount(day.pending)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
