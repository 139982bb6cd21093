import { useEffect, useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { renderSVG } from 'uqr';
import { Link, useSearch } from 'wouter';
import { formatCheckInCode, type CheckInHousehold } from '../../core/schemas/check-in';
import type { Household } from '../../core/schemas/household';
import { formatDateRange, plural } from '../components/format';
import { Empty, ErrorState, Loading } from '../components/states';
import { useQuery } from '../data/kindly';
import { useOccasion } from '../occasion/occasion-context';
import { fullName } from '../door/arrivals';
import { HouseholdsHead } from './households-page';

/**
 * The paper sizes a card is printed on: how many cards a sheet holds and the sheet's `@page` size
 * (in lengths: Chromium prints the keyword `A6` as Letter).
 */
export const CARD_SIZES = {
  a6: { label: 'A6 (one card a page)', perSheet: 1, page: '105mm 148mm' },
  a5: { label: 'A5 (one card a page)', perSheet: 1, page: '148mm 210mm' },
  letter: { label: 'Letter, four cards a page', perSheet: 4, page: '8.5in 11in' },
} as const;

export type CardSize = keyof typeof CARD_SIZES;

const isSize = (value: string | null): value is CardSize => value !== null && value in CARD_SIZES;

/** The check-in link a card's QR code holds: the dashboard's `/c/{code}`, which the server answers. */
export const checkInLink = (code: string): string => `${window.location.origin}/c/${code}`;

/** A QR code of `text` as an `<img>` source: uqr's SVG as a data URL (the page's CSP allows `data:` images). */
function qrSource(text: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(text, { ecc: 'M', border: 2 }))}`;
}

/**
 * The printed page's size while the screen is open: an `@page` rule in a constructed stylesheet
 * (the page's CSP refuses inline `<style>`, not the CSSOM), changed with the paper chosen.
 */
function usePageSize(size: CardSize): void {
  useEffect(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`@page { size: ${CARD_SIZES[size].page}; margin: 0; }`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    };
  }, [size]);
}

/** One card's content. */
interface Card {
  household: Household;
  names: string[];
  code: string;
}

/**
 * `.../households/cards`: printable invitation cards, one per household (`?household=` for one),
 * on A6, A5 or a quarter of a Letter sheet (`?size=`): the occasion's title and dates, the
 * household's names, its invite code, its check-in code and the QR code of its check-in link.
 */
export default function InvitationCardsPage() {
  const occasion = useOccasion();
  const params = new URLSearchParams(useSearch());
  const only = params.get('household');
  const [size, setSize] = useState<CardSize>(() => (isSize(params.get('size')) ? (params.get('size') as CardSize) : 'a6'));
  usePageSize(size);
  const households = useQuery((s) => s.households(occasion.id), occasion.id);
  const list = useQuery((s) => s.checkInList(occasion.id), occasion.id);

  const cards = useMemo((): Card[] | undefined => {
    if (!households.data || !list.data) return undefined;
    const byId = new Map<string, CheckInHousehold>();
    for (const household of list.data.households) if (household.id) byId.set(household.id, household);
    return households.data
      .filter((household) => !only || household.id === only)
      .flatMap((household) => {
        const door = byId.get(household.id);
        return door?.code ? [{ household, names: door.guests.map(fullName), code: door.code }] : [];
      })
      .sort((a, b) => a.household.name.localeCompare(b.household.name));
  }, [households.data, list.data, only]);

  const error = (households.error && !households.data ? households.error : undefined) ?? (list.error && !list.data ? list.error : undefined);
  const perSheet = CARD_SIZES[size].perSheet;
  const sheets = useMemo(() => {
    const out: Card[][] = [];
    for (let i = 0; cards && i < cards.length; i += perSheet) out.push(cards.slice(i, i + perSheet));
    return out;
  }, [cards, perSheet]);

  return (
    <>
      <HouseholdsHead />
      <div className="no-print stack" style={{ marginBottom: 16 }}>
        <fieldset className="card-sizes">
          <legend>Paper</legend>
          {(Object.keys(CARD_SIZES) as CardSize[]).map((key) => (
            <label key={key}>
              <input type="radio" name="card-size" value={key} checked={size === key} onChange={() => setSize(key)} />
              {CARD_SIZES[key].label}
            </label>
          ))}
        </fieldset>
        <div className="row row--center">
          <Button className="button button--primary" onPress={() => window.print()} isDisabled={!cards || cards.length === 0}>
            Print
          </Button>
          {only ? (
            <Link href="/cards" className="button">
              Every household's card
            </Link>
          ) : null}
          <span className="small muted">
            {cards ? `${plural(cards.length, 'card')}. ` : ''}Guests answer with the invite code; at the door the check-in code or its QR code opens their household.
          </span>
        </div>
      </div>
      {error ? (
        <ErrorState error={error} what="the households' codes" onRetry={() => (households.error ? households.retry() : list.retry())} />
      ) : !cards ? (
        <Loading label="Loading the households…" />
      ) : cards.length === 0 ? (
        <Empty title={only ? 'No such household' : 'No households yet'} />
      ) : (
        <div className={`invite-cards invite-cards--${size}`} aria-label="Invitation cards">
          {sheets.map((sheet, index) => (
            <div key={index} className="invite-sheet">
              {sheet.map((card) => (
                <article key={card.household.id} className="invite-card" aria-label={`Card for ${card.household.name}`} data-check-in-code={card.code}>
                  <p className="invite-card__title">{occasion.title}</p>
                  <p className="invite-card__dates">{formatDateRange(occasion.startDate, occasion.endDate)}</p>
                  <p className="invite-card__names">{card.names.length > 0 ? card.names.join(', ') : card.household.name}</p>
                  <img className="invite-card__qr" src={qrSource(checkInLink(card.code))} alt={`QR code of the check-in link for ${card.household.name}`} />
                  <dl className="invite-card__codes">
                    <div>
                      <dt>Check-in code</dt>
                      <dd>
                        <code>{formatCheckInCode(card.code)}</code>
                      </dd>
                    </div>
                    <div>
                      <dt>Invite code (to answer)</dt>
                      <dd>
                        <code>{card.household.inviteCode}</code>
                      </dd>
                    </div>
                  </dl>
                  <p className="invite-card__hint">Show this card at the door.</p>
                </article>
              ))}
            </div>
          ))}
        </div>
      )}
    </>
  );
}
