import type { Context, MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { AreaHeaders, applyAreaHeaders, type HeaderList } from '../../http/area-headers';
import { PAGE_STYLE_HASH } from '../../routes/rsvp-page/page-html';

/**
 * The dashboard's Content-Security-Policy: its own scripts, styles and API only. React sets
 * styles through the CSSOM (`element.style`), which `style-src` does not govern; the few
 * `<style>` elements React Aria adds carry the answer's nonce, which it reads from
 * `<meta property="csp-nonce">` (see {@link styleNonce}). No `'unsafe-inline'` anywhere; the
 * favicon is a `data:` image.
 */
export const DASHBOARD_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", NONCE],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Headers every answer carries. HSTS is left to the proxy that terminates TLS. */
const common = {
  xContentTypeOptions: 'nosniff',
  referrerPolicy: 'same-origin',
  strictTransportSecurity: false,
} as const;

/** The dashboard's pages: a fresh style nonce in every answer, which only HTML can use. */
const dashboardPages = secureHeaders({
  ...common,
  contentSecurityPolicy: DASHBOARD_CSP,
  xFrameOptions: 'DENY',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-origin',
});

/** What Hono's `secureHeaders` adds by default besides the headers chosen above. */
const COMMON_HEADERS: HeaderList = [
  ['X-Content-Type-Options', common.xContentTypeOptions],
  ['Referrer-Policy', common.referrerPolicy],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** A CSP directive map as the header's text (`defaultSrc` → `default-src 'self'`). */
export function cspText(policy: Record<string, readonly string[]>): string {
  return Object.entries(policy)
    .map(([directive, values]) => [directive.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...values].join(' '))
    .join('; ');
}

/**
 * The host API's answers: the dashboard's policy without the style nonce. A JSON answer has no
 * styles to allow, and a nonce costs random bytes on every request. `Vary: Accept-Encoding` is
 * the compression's (`compressAnswers`), kept here with the rest.
 */
const HOST_API_HEADERS: HeaderList = [
  ...COMMON_HEADERS,
  ['Content-Security-Policy', cspText({ ...DASHBOARD_CSP, styleSrc: ["'self'"] })],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Vary', 'Accept-Encoding'],
];

/**
 * The guest area is fetched with CORS from hosts' sites (CORS, not CORP, governs those
 * requests); `same-site` still keeps its answers out of other sites' `<img>` or `<script>`.
 * `Vary: Origin` is CORS's (`eventCors`) and `Cache-Control: no-store` the guest routes' (their
 * answers carry a guest's own data and tokens), kept here with the rest.
 */
const GUEST_API_HEADERS: HeaderList = [
  ...COMMON_HEADERS,
  ['Content-Security-Policy', cspText({ defaultSrc: ["'none'"], frameAncestors: ["'none'"] })],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Resource-Policy', 'same-site'],
  ['Origin-Agent-Cluster', '?1'],
  ['Vary', 'Origin'],
  ['Cache-Control', 'no-store'],
];

/** The widget's files are loaded by every host's page: readable from any origin (never with credentials). */
const WIDGET_FILE_HEADERS: HeaderList = [
  ...COMMON_HEADERS,
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['Access-Control-Allow-Origin', '*'],
  ['Vary', 'Accept-Encoding'],
];

/**
 * A rendered email (preview or outbox) shown in the dashboard's `<iframe>`: React Email writes
 * inline styles, images may be remote; no script at all, and only the dashboard may frame it.
 */
const emailDocument = secureHeaders({
  ...common,
  contentSecurityPolicy: { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], imgSrc: ['data:', 'https:'], frameAncestors: ["'self'"] },
  xFrameOptions: 'SAMEORIGIN',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-origin',
});

/** The unsubscribe, account-link and check-in-link pages: their own inline style, a form that posts to itself, no script, never framed. */
const unsubscribePage = secureHeaders({
  ...common,
  contentSecurityPolicy: { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], formAction: ["'self'"], frameAncestors: ["'none'"] },
  xFrameOptions: 'DENY',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-origin',
});

/**
 * The two OpenAPI documents: the same public JSON for everyone, so any page may read them (CORS
 * without credentials) and any cache may keep them for 5 minutes.
 */
const OPENAPI_DOCUMENT_HEADERS: HeaderList = [
  ...COMMON_HEADERS,
  ['Content-Security-Policy', cspText({ defaultSrc: ["'none'"], frameAncestors: ["'none'"] })],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['Access-Control-Allow-Origin', '*'],
  ['Cache-Control', 'public, max-age=300'],
  ['Vary', 'Accept-Encoding'],
];

/**
 * The API reference page (`/api-reference`): scripts (Scalar's bundle and its start script) and
 * connections (the two documents) of this origin only; no framing, no forms. Scalar sets styles
 * in `<style>` elements and `style` attributes of its own making, most without the nonce it is
 * offered, so styles may be inline here: a page of public documents, with no data of anyone's.
 */
const apiReferencePage = secureHeaders({
  ...common,
  contentSecurityPolicy: { ...DASHBOARD_CSP, styleSrc: ["'self'", "'unsafe-inline'"], formAction: ["'none'"] },
  xFrameOptions: 'DENY',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-origin',
});

/**
 * The RSVP pages (`/r/…`): the widget's scripts and its requests to this origin, the page's one
 * inline stylesheet by its hash, nothing else; never framed, never indexed. The widget styles its
 * shadow root with constructed stylesheets, which `style-src` does not govern.
 */
const rsvpPages = secureHeaders({
  ...common,
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'"],
    styleSrc: [PAGE_STYLE_HASH],
    connectSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-origin',
});

const OPENAPI_DOCUMENT = /^\/(?:host|event)\/v1\/openapi\.json$/;

const EMAIL_DOCUMENT = /^\/host\/v1\/occasion\/[^/]+\/(?:email-preview\/[^/]+|email\/[^/]+\/html)$/;

/** `/widget.js` and `/widget/*`: what a host's page loads. */
export function isWidgetFile(path: string): boolean {
  return path === '/widget.js' || path.startsWith('/widget/');
}

/**
 * An area's fixed list: noted before the handler runs (so other middleware can tell a header is
 * already covered), put on its answer afterwards.
 */
function fixedHeaders(headers: HeaderList): MiddlewareHandler {
  const area = new AreaHeaders(headers);
  return async (c, next) => {
    c.set('areaHeaders', area);
    await next();
    if (!c.get('headersComplete')) applyAreaHeaders(c, area);
  };
}

const hostApi = fixedHeaders(HOST_API_HEADERS);
const guestApi = fixedHeaders(GUEST_API_HEADERS);
const widgetFiles = fixedHeaders(WIDGET_FILE_HEADERS);
const openApiDocuments = fixedHeaders(OPENAPI_DOCUMENT_HEADERS);

/**
 * Security headers on every answer, by what it is: the dashboard and host API get a strict CSP
 * and may be framed by no one (but a rendered email, which the dashboard frames, and the
 * unsubscribe page get policies of their own); the guest API gets a CSP for data; the widget's files stay
 * loadable (and readable with CORS, e.g. for `integrity`) by foreign pages. All get `nosniff`
 * and a `Referrer-Policy`.
 */
export function securityHeaders(): MiddlewareHandler {
  return (c, next) => {
    const path = c.req.path;
    if (EMAIL_DOCUMENT.test(path)) return emailDocument(c, next);
    if (OPENAPI_DOCUMENT.test(path)) return openApiDocuments(c, next);
    if (path === '/api-reference') return apiReferencePage(c, next);
    if (path.startsWith('/host/')) return hostApi(c, next);
    if (path.startsWith('/event/')) return guestApi(c, next);
    if (isWidgetFile(path)) return widgetFiles(c, next);
    if (path.startsWith('/r/')) return rsvpPages(c, next);
    if (path.startsWith('/unsubscribe/') || path.startsWith('/account/') || path.startsWith('/c/')) return unsubscribePage(c, next);
    return dashboardPages(c, next);
  };
}

/**
 * The nonce of this answer's `style-src`, for the dashboard's page to hand to React Aria in
 * `<meta property="csp-nonce" nonce="…">`; undefined outside the dashboard's origin policy.
 */
export function styleNonce(c: Context): string | undefined {
  return c.get('secureHeadersNonce');
}
