/**
 * Runs Chromium's one-time date set-up on a thread of its own: the list of locales its date
 * formats support and the page's locale's date data. V8 and ICU keep both for the whole renderer
 * process, so the page's first date format (React Aria's locale check when its first chunk is
 * evaluated, the dashboard's dates) finds them made. On the page's thread it was one task of
 * ~110 ms at 4× CPU, the longest of the guest list's load.
 */
const locale = navigator.language;
Intl.DateTimeFormat.supportedLocalesOf([locale]);
new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
postMessage('warm');
