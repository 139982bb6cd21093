import { formatCheckInCode } from '../../core/schemas/check-in';
import type { EmailTemplate } from '../../core/schemas/email';
import type { OccasionRow } from '../data/occasions';
import { rsvpPageUrlOf } from '../data/occasion-slugs';
import { checkInLink, qrCodeHtml } from './check-in-qr';
import { invitationContent, type InvitedHousehold } from './compose-invitation';
import { unsubscribeUrl } from './outbox';
import type { EmailRenderer, RenderedEmail } from './render-email';

/** Stand-ins rendered once, then replaced per message: plain words no template or escaping changes. */
const NAME = 'KINDLYxHOUSEHOLDxNAMEx';
const CODE = 'KINDLYxINVITExCODEx';
const TOKEN = 'KINDLYxUNSUBSCRIBExTOKENx';
const CHECK_IN_CODE = 'KINDLYxCHECKINxCODEx';
const CHECK_IN_SHOWN = 'KINDLYxCHECKINxSHOWNx';
/** The QR code's place in the HTML part (the plain text skips it). */
const CHECK_IN_QR = 'KINDLYxCHECKINxQRx';

/**
 * Renders an invitation or reminder once for a whole send and answers a function that makes
 * each household's message by replacing stand-ins (HTML-escaped in the HTML part): a send to
 * thousands of households costs one React render (~8 ms) instead of one each. Links go to the
 * hosts' own page, else to Kindly's page at the occasion's slug.
 */
export async function invitationRenderer(
  kind: 'INVITATION' | 'REMINDER',
  occasion: OccasionRow,
  template: EmailTemplate,
  publicUrl: string,
  renderEmail: EmailRenderer,
): Promise<(household: InvitedHousehold, unsubscribeToken: string) => RenderedEmail> {
  const linked = { ...occasion, rsvpPageUrl: rsvpPageUrlOf(occasion, publicUrl) };
  const checkIn = { qrHtml: CHECK_IN_QR, link: checkInLink(publicUrl, CHECK_IN_CODE), code: CHECK_IN_SHOWN };
  const stand = await renderEmail(invitationContent(kind, linked, template, { householdName: NAME, inviteCode: CODE }, unsubscribeUrl(publicUrl, TOKEN), checkIn));
  return (household, token) => {
    // Check-in codes are Crockford base32 only: nothing to escape or encode.
    const fill = (text: string, escape: (value: string) => string) =>
      text
        .replaceAll(NAME, escape(household.householdName))
        .replaceAll(CODE, encodeURIComponent(household.inviteCode))
        .replaceAll(TOKEN, token)
        .replaceAll(CHECK_IN_CODE, household.checkInCode)
        .replaceAll(CHECK_IN_SHOWN, formatCheckInCode(household.checkInCode));
    const html = fill(stand.html, escapeHtml).replace(CHECK_IN_QR, () => qrCodeHtml(checkInLink(publicUrl, household.checkInCode)));
    return { html, text: fill(stand.text, (value) => value) };
  };
}

/** What React escapes in text and attributes. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);
}
