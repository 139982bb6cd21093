import { encode } from 'uqr';
import { formatCheckInCode } from '../../core/schemas/check-in';

/** A household's check-in link: the page `/c/{code}` of the server that serves the dashboard. */
export function checkInLink(publicUrl: string, code: string): string {
  return `${publicUrl}/c/${code}`;
}

/** What an invitation shows of a household's check-in: the QR code, the link and the code. */
export interface InvitationCheckIn {
  /** The QR code as HTML ({@link qrCodeHtml}), put into the message as it is. */
  qrHtml: string;
  link: string;
  /** As cards show it, `ABCDE-12345`. */
  code: string;
}

/** A household's check-in for its invitation. */
export function invitationCheckIn(publicUrl: string, code: string): InvitationCheckIn {
  const link = checkInLink(publicUrl, code);
  return { qrHtml: qrCodeHtml(link), link, code: formatCheckInCode(code) };
}

/** Pixels per module: 37 modules (a version 3 code with its quiet zone) make 148 px, easy to scan from a phone's screen. */
const MODULE_PX = 4;

/**
 * A QR code of `text` (error correction M, the standard quiet zone of 4 modules) as HTML tables
 * of black and white cells. Email clients show no SVG (Gmail, Outlook), Gmail drops `data:`
 * images, and an attached image (`cid:`) would need the outbox to carry attachments for every
 * message; table cells with `bgcolor` show in every client, Outlook's Word engine included.
 * Each row of modules is a table of its own, one cell per run of one colour (its width the run's),
 * so no client has to line up columns across rows and a code costs about 25 kB, not the 70 kB of
 * a cell per module. `font-size:0;line-height:0` keeps clients from growing empty cells to a line.
 */
export function qrCodeHtml(text: string): string {
  const { data } = encode(text, { ecc: 'M', border: 4 });
  const rows = data.map((row) => {
    let cells = '';
    let start = 0;
    for (let x = 1; x <= row.length; x++) {
      if (x < row.length && row[x] === row[start]) continue;
      const width = (x - start) * MODULE_PX;
      cells += `<td width="${width}" height="${MODULE_PX}"${row[start] ? ' bgcolor="#000000"' : ''}></td>`;
      start = x;
    }
    return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="center" bgcolor="#ffffff" style="border-collapse:collapse;font-size:0;line-height:0"><tr>${cells}</tr></table>`;
  });
  return rows.join('');
}
