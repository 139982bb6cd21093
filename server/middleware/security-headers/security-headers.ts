import type { Context, MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';

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

const ownOrigin = secureHeaders({
  ...common,
  contentSecurityPolicy: DASHBOARD_CSP,
  xFrameOptions: 'DENY',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-origin',
});

/**
 * The guest area is fetched with CORS from hosts' sites (CORS, not CORP, governs those
 * requests); `same-site` still keeps its answers out of other sites' `<img>` or `<script>`.
 */
const guestArea = secureHeaders({
  ...common,
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  xFrameOptions: 'DENY',
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: 'same-site',
});

/** The widget's files are loaded by every host's page: readable from any origin. */
const widgetFiles = secureHeaders({
  ...common,
  xFrameOptions: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: 'cross-origin',
  originAgentCluster: false,
});

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

/** The unsubscribe page: its own inline style, a form that posts to itself, no script, never framed. */
const unsubscribePage = secureHeaders({
  ...common,
  contentSecurityPolicy: { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], formAction: ["'self'"], frameAncestors: ["'none'"] },
  xFrameOptions: 'DENY',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-origin',
});

const EMAIL_DOCUMENT = /^\/host\/v1\/occasion\/[^/]+\/(?:email-preview\/[^/]+|email\/[^/]+\/html)$/;

/** `/widget.js` and `/widget/*`: what a host's page loads. */
export function isWidgetFile(path: string): boolean {
  return path === '/widget.js' || path.startsWith('/widget/');
}

/**
 * Security headers on every answer, by what it is: the dashboard and host API get a strict CSP
 * and may be framed by no one; the guest API gets a CSP for data; the widget's files stay
 * loadable (and readable with CORS, e.g. for `integrity`) by foreign pages. All get `nosniff`
 * and a `Referrer-Policy`.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (isWidgetFile(path)) {
      await widgetFiles(c, next);
      c.header('Access-Control-Allow-Origin', '*');
      return;
    }
    if (path.startsWith('/event/')) return guestArea(c, next);
    if (EMAIL_DOCUMENT.test(path)) return emailDocument(c, next);
    if (path.startsWith('/unsubscribe/')) return unsubscribePage(c, next);
    return ownOrigin(c, next);
  };
}

/**
 * The nonce of this answer's `style-src`, for the dashboard's page to hand to React Aria in
 * `<meta property="csp-nonce" nonce="…">`; undefined outside the dashboard's origin policy.
 */
export function styleNonce(c: Context): string | undefined {
  return c.get('secureHeadersNonce');
}
