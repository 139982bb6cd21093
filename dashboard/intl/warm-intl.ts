/**
 * Starts {@link ./warm-intl.worker.ts} (a same-origin module worker, allowed by the dashboard's
 * `script-src 'self'`), which ends itself once the date set-up is made. Without workers it
 * does nothing: the page then makes it itself where it first formats a date.
 */
export function warmIntlOffThread(): void {
  if (typeof Worker === 'undefined') return;
  const worker = new Worker(new URL('./warm-intl.worker.ts', import.meta.url), { type: 'module', name: 'warm-intl' });
  const end = () => worker.terminate();
  worker.addEventListener('message', end);
  worker.addEventListener('error', end);
}
