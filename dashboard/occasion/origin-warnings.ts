/** Hosts that are never public sites: no https or www. twin is expected of them. */
const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|\d+\.\d+\.\d+\.\d+)$/;

/**
 * Hints for the allowed websites field, one per line that differs from the common form: an
 * `http:` public site, a path or trailing slash (the schema refuses those; the hint shows the
 * origin to write instead), a `www.` host without its bare twin or the other way round. They
 * are warnings, not errors: such an entry can be right, but it is a frequent reason for the
 * widget's "this website is not allowed".
 *
 * @param text The field's text, one origin per line (commas also separate).
 * @returns One sentence per hint, naming the line.
 */
export function originWarnings(text: string): string[] {
  const lines = text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);
  const listed = new Set(lines.map(originOf).filter((origin): origin is string => !!origin));
  const warnings: string[] = [];
  lines.forEach((line, index) => {
    const origin = originOf(line);
    if (!origin) return;
    const { protocol, host, hostname } = new URL(origin);
    const at = `Line ${index + 1}:`;
    if (line.replace(/\/+$/, '').toLowerCase() !== origin && /^https?:\/\/[^/]+\/./i.test(line)) {
      warnings.push(`${at} only the origin counts; write ${origin} without the path.`);
    } else if (/\/$/.test(line)) {
      warnings.push(`${at} write ${origin} without the trailing slash.`);
    }
    if (LOCAL_HOST.test(hostname)) return;
    if (protocol === 'http:') warnings.push(`${at} ${origin} uses http:. Most sites are served over https:, which is a different origin: list https://${host} too if yours is.`);
    const twin = hostname.startsWith('www.') ? host.slice(4) : hostname.includes('.') ? `www.${host}` : '';
    if (twin && !listed.has(`${protocol}//${twin}`)) {
      warnings.push(`${at} ${origin} is listed without ${protocol}//${twin}. If visitors reach your site at both, list both.`);
    }
  });
  return warnings;
}

/** The origin a line names (path, query and trailing slash ignored), or undefined for no URL. */
function originOf(line: string): string | undefined {
  try {
    const url = new URL(line);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A hint when the RSVP page's origin is not among the allowed websites: the widget would
 * refuse to work on the page every invitation links to.
 *
 * @param pageUrl The RSVP page URL field's text.
 * @param allowedText The allowed websites field's text, one origin per line.
 */
export function pageOriginWarning(pageUrl: string, allowedText: string): string | undefined {
  const origin = originOf(pageUrl.trim());
  if (!origin) return undefined;
  const listed = allowedText
    .split(/[\n,]/)
    .map((line) => originOf(line.trim()))
    .some((entry) => entry === origin);
  return listed ? undefined : `${origin} is not in Allowed origins: add it there, or the widget will not work on that page.`;
}
