import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'wouter';
import type { OptionEntry } from '../../core/options';
import type { Activity } from '../../core/schemas/activity';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import type { ActivitySummary } from '../../core/schemas/occasion';
import { formatCount, formatDateRange, formatInstant, plural } from '../components/format';
import { SelectField } from '../components/select-field';
import { ErrorState, Loading } from '../components/states';
import { useQuery } from '../data/kindly';
import { HistoryFeed } from '../history/history-feed';
import { RepliesChart } from '../history/replies-chart';
import { ErasureRequests } from './erasure-requests';
import { useOccasion } from './occasion-context';
import { WidgetPreview } from './widget-preview';

/** The two lines a site builder pastes to show the RSVP widget for this occasion. */
export function embedSnippet(origin: string, occasionId: string, lang = ''): string {
  const language = lang ? ` lang="${lang}"` : '';
  return `<script src="${origin}/widget.js" async></script>\n<kindly-rsvp occasion="${occasionId}"${language}></kindly-rsvp>`;
}

/**
 * The widget's languages for the snippet's `lang=`; empty follows the page's `<html lang>`
 * (English when the page names no shipped language). A snippet-only choice: nothing is stored.
 */
export const WIDGET_LANGUAGES: readonly OptionEntry[] = [
  { value: '', text: "The page's language" },
  { value: 'en', text: 'English' },
  { value: 'es', text: 'Español (Spanish)' },
  { value: 'fr', text: 'Français (French)' },
  { value: 'de', text: 'Deutsch (German)' },
  { value: 'it', text: 'Italiano (Italian)' },
  { value: 'pt', text: 'Português (Portuguese)' },
];

/** Meal totals of one activity: attending guests per meal option, and those yet to choose. */
export function mealTotals(activity: Activity, guests: readonly Guest[]): { text: string; count: number }[] {
  const counts = new Map<string, number>();
  let undecided = 0;
  for (const guest of guests) {
    for (const invitation of guest.invitations) {
      if (invitation.activityId !== activity.id || invitation.response !== 'ATTENDING') continue;
      if (invitation.mealChoice) counts.set(invitation.mealChoice, (counts.get(invitation.mealChoice) ?? 0) + 1);
      else undecided++;
    }
  }
  const rows = activity.mealOptions.map((option) => ({ text: option.text, count: counts.get(option.value) ?? 0 }));
  if (undecided > 0) rows.push({ text: 'Not chosen yet', count: undecided });
  return rows;
}

/** Whether a household has no postal address to send an invitation to. */
export function missingAddress(household: Household): boolean {
  return household.addressLine1.trim() === '' || (household.city.trim() === '' && household.postalCode.trim() === '');
}

/** `/occasion/:occasionId`: answers per activity, meals, households without an address, deadline, embedding. */
export function OverviewPage() {
  const occasion = useOccasion();
  const activities = useQuery((s) => s.activities(occasion.id), occasion.id);
  const households = useQuery((s) => s.households(occasion.id), occasion.id);
  const guests = useQuery((s) => s.guests(occasion.id), occasion.id);
  const { summary } = occasion;
  const byId = useMemo(() => new Map((activities.data ?? []).map((activity) => [activity.id, activity])), [activities.data]);
  const deadlinePassed = occasion.rsvpDeadline !== null && Date.parse(occasion.rsvpDeadline) < Date.now();

  return (
    <>
      <div className="page-head">
        <div>
          <h1>{occasion.title}</h1>
          <p className="lede">
            {formatDateRange(occasion.startDate, occasion.endDate)}
            {occasion.venueName ? ` · ${occasion.venueName}` : ''}
          </p>
        </div>
        <Link href="/edit" className="button">
          Edit details
        </Link>
      </div>

      <ErasureRequests occasion={occasion} />

      <div className="stats" aria-label="Totals">
        <Stat label="Guests" value={summary.guests} />
        <Stat label="Households" value={summary.households} />
        <Stat label="Activities" value={summary.activities} />
        <div className="stat">
          <div className="label">RSVP deadline</div>
          <div data-testid="rsvp-deadline">
            {occasion.rsvpDeadline ? (
              <>
                <strong>{formatInstant(occasion.rsvpDeadline, occasion.timezone)}</strong>
                {deadlinePassed ? <div className="small" style={{ color: 'var(--danger)' }}>Passed: guests can no longer answer.</div> : null}
              </>
            ) : (
              <span className="muted">No deadline</span>
            )}
          </div>
        </div>
      </div>

      <section className="card" aria-labelledby="answers-title">
        <h2 id="answers-title">Answers by activity</h2>
        {summary.perActivity.length === 0 ? (
          <p className="muted">
            No activities yet. <Link href="/schedule">Add the first one to the schedule.</Link>
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table table--stack table--counts" aria-labelledby="answers-title">
              <thead>
                <tr>
                  <th scope="col">Activity</th>
                  <th scope="col" className="num">
                    Invited
                  </th>
                  <th scope="col" className="num">
                    Attending
                  </th>
                  <th scope="col" className="num">
                    Declined
                  </th>
                  <th scope="col" className="num">
                    Pending
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Progress</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {summary.perActivity.map((row) => (
                  <ActivityRow key={row.activityId} row={row} activity={byId.get(row.activityId)} timeZone={occasion.timezone} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <div className="grid-2">
        <section className="card" aria-labelledby="meals-title">
          <h2 id="meals-title">Meal choices</h2>
          {activities.error || guests.error ? (
            <ErrorState error={(activities.error ?? guests.error)!} what="the meal choices" onRetry={() => (activities.retry(), guests.retry())} />
          ) : activities.pending || guests.pending ? (
            <Loading label="Counting meals…" />
          ) : (
            <MealTotals activities={activities.data!} guests={guests.data!} />
          )}
        </section>
        <section className="card" aria-labelledby="addresses-title">
          <h2 id="addresses-title">Households missing an address</h2>
          {households.error ? (
            <ErrorState error={households.error} what="the households" onRetry={households.retry} />
          ) : households.pending ? (
            <Loading label="Checking addresses…" />
          ) : (
            <MissingAddresses households={households.data!} />
          )}
        </section>
      </div>

      <div className="grid-2">
        <section className="card" aria-labelledby="replies-over-time-title">
          <h2 id="replies-over-time-title">Replies over time</h2>
          <RepliesChart occasionId={occasion.id} />
        </section>
        <section className="card" aria-labelledby="activity-feed-title">
          <h2 id="activity-feed-title">Recent activity</h2>
          <HistoryFeed occasionId={occasion.id} timeZone={occasion.timezone} label="Recent activity" />
        </section>
      </div>

      <EmbedSection occasionId={occasion.id} allowedOrigins={occasion.allowedOrigins} passcode={occasion.passcode} />
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="stat">
      <div className="label">{label}</div>
      <div className="value" data-testid={`stat-${label.toLowerCase()}`}>
        {formatCount(value)}
      </div>
    </div>
  );
}

function ActivityRow({ row, activity, timeZone }: { row: ActivitySummary; activity: Activity | undefined; timeZone: string }) {
  const total = Math.max(row.invited, 1);
  return (
    <tr data-activity={row.activityId}>
      <th scope="row">
        {activity?.name ?? 'Activity'}
        {activity ? <div className="small muted">{formatInstant(activity.startsAt, timeZone)}</div> : null}
      </th>
      <td className="num" data-count="invited" data-label="Invited">
        {formatCount(row.invited)}
      </td>
      <td className="num" data-count="attending" data-label="Attending">
        {formatCount(row.attending)}
      </td>
      <td className="num" data-count="declined" data-label="Declined">
        {formatCount(row.declined)}
      </td>
      <td className="num" data-count="pending" data-label="Pending">
        {formatCount(row.pending)}
      </td>
      <td className="table__bar table__wide">
        <div className="bar" aria-hidden="true">
          <div className="a" style={{ width: `${(row.attending / total) * 100}%` }} />
          <div className="d" style={{ width: `${(row.declined / total) * 100}%` }} />
        </div>
      </td>
    </tr>
  );
}

function MealTotals({ activities, guests }: { activities: readonly Activity[]; guests: readonly Guest[] }) {
  const withMeals = activities.filter((activity) => activity.mealOptions.length > 0);
  if (withMeals.length === 0) {
    return <p className="muted">No activity asks a meal question. Add meal options to an activity in the schedule.</p>;
  }
  return (
    <div className="stack">
      {withMeals.map((activity) => (
        <div key={activity.id}>
          <h3>{activity.name}</h3>
          <table className="table" aria-label={`Meal choices for ${activity.name}`}>
            <tbody>
              {mealTotals(activity, guests).map((row) => (
                <tr key={row.text}>
                  <th scope="row">{row.text}</th>
                  <td className="num">{formatCount(row.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

function MissingAddresses({ households }: { households: readonly Household[] }) {
  const missing = households.filter(missingAddress);
  if (households.length === 0) return <p className="muted">No households yet.</p>;
  if (missing.length === 0) return <p>Every household has an address.</p>;
  return (
    <>
      <p>
        <strong data-testid="missing-addresses">{formatCount(missing.length)}</strong> of {plural(households.length, 'household')}{' '}
        {missing.length === 1 ? 'has' : 'have'} no address yet.
      </p>
      <ul className="small">
        {missing.slice(0, 8).map((household) => (
          <li key={household.id}>{household.name}</li>
        ))}
      </ul>
      {missing.length > 8 ? <p className="small muted">and {formatCount(missing.length - 8)} more.</p> : null}
      <Link href="/households?missing=address">Add addresses</Link>
    </>
  );
}

function EmbedSection({ occasionId, allowedOrigins, passcode }: { occasionId: string; allowedOrigins: string[]; passcode: string | null }) {
  const [lang, setLang] = useState('');
  const snippet = embedSnippet(window.location.origin, occasionId, lang);
  const [copied, setCopied] = useState<string>('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('Could not copy: select the snippet and copy it by hand.');
    }
  }

  return (
    <section className="card" aria-labelledby="embed-title">
      <h2 id="embed-title">Put the RSVP form on your website</h2>
      <div className="embed">
        <div>
          <SelectField
            label="Widget language"
            options={WIDGET_LANGUAGES}
            value={lang}
            onChange={setLang}
            hideSelected={false}
            clearable={false}
            description="Sets lang= in the snippet; without it the widget follows the page's language."
          />
          <p className="small muted">Paste these two lines where the RSVP form should appear.</p>
          <pre tabIndex={0} aria-label="Embed snippet">
            <code data-testid="embed-snippet">{snippet}</code>
          </pre>
          <div className="row row--center">
            <Button className="button" onPress={copy}>
              Copy snippet
            </Button>
            <span role="status" className="small muted">
              {copied}
            </span>
          </div>
          <h3 style={{ marginTop: 16 }}>Allowed websites</h3>
          {allowedOrigins.length > 0 ? (
            <ul>
              {allowedOrigins.map((origin) => (
                <li key={origin}>
                  <code>{origin}</code>
                </li>
              ))}
            </ul>
          ) : (
            <p className="small">
              None yet: the widget works only on the websites you list. <Link href="/edit">Add your website</Link>.
            </p>
          )}
          <h3>Passcode</h3>
          <p className="small">
            {passcode ? (
              <>
                Guests who sign in by name type <code>{passcode}</code>.
              </>
            ) : (
              'None: guests sign in by name or with the invite code on their invitation.'
            )}
          </p>
        </div>
        {/* The live preview of the RSVP widget (widget-preview.tsx, by the widget's author). */}
        <div className="embed__preview">
          <WidgetPreview occasionId={occasionId} />
        </div>
      </div>
    </section>
  );
}
