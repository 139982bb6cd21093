import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from '../server/test-support/browser';
import { BENCH_CHROMIUM_FLAGS } from './chromium-flags';
import { PipeBrowser, PipePage } from './cdp-pipe';
import { writeResults } from './results-file';
import { seedOccasion, type SeededOccasion } from '../server/test-support/seed-occasion';

/**
 * The dashboard's guest list on a 10,000-guest occasion (4 activities) in headless Chromium, at
 * 1× and 4× CPU throttling, median of 3 runs each: navigation to the first guest rows painted,
 * the longest task during the load (until 1.5 s after the table holds the whole list, not only
 * its first page, so the whole list's parse and render are counted), scrolling the list to its end (duration, p95 frame, long
 * tasks), a name search, and the JS heap. Needs the built server and dashboard (`npm run build`).
 *
 * The scroll moves the list by SCROLL_STEP px each animation frame (a fast drag of the scroll
 * bar: each frame shows rows not seen before) until its last row is in the DOM; a frame is the
 * time between two requestAnimationFrame callbacks.
 *
 * `BENCH_THROTTLES=4` (default `1,4`), `BENCH_RUNS=1`; `BENCH_TRACE=dir` writes a Chromium
 * performance trace of each run (open in DevTools) and prints its longest tasks with what they
 * spent their time on; `BENCH_PROFILE=file` saves a CPU profile of the last run.
 * `BENCH_LOAD_ONLY=1` measures the load alone (no scroll, search or heap; the trace and profile
 * then cover only the load) and writes no results.
 *
 * The browser is Chromium launched by the bench and driven over DevTools' pipe with the few
 * domains the bench needs (Page for the script that instruments each document, Emulation,
 * Runtime.evaluate, Input.insertText, and Tracing/Profiler/HeapProfiler when asked), not
 * Playwright: Playwright always enables the Network domain, whose agent in the page's renderer
 * keeps a decoded copy of every response body, so the task that ends the 8 MB guest list's body
 * took 29 to 40 ms at 1× under it against ~4 ms in Chromium without DevTools, and ~100 ms of the
 * longest load task at 4× was the instrument's. A host's browser has no DevTools attached.
 * The page measures what it measured under Playwright (long tasks from a `longtask`
 * PerformanceObserver, the first frame after guest rows are in the DOM). `BENCH_NETWORK_DOMAIN=1`
 * enables the Network domain as Playwright did, to compare.
 */
const PORT = Number(process.env.BENCH_DASHBOARD_PORT ?? 18797);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const THROTTLES = (process.env.BENCH_THROTTLES ?? '1,4').split(',').map(Number);
const GUESTS = 10_000;
const SEARCH = 'olivia smi';
const SCROLL_STEP = 2_000;
const LOAD_ONLY = process.env.BENCH_LOAD_ONLY === '1';
/** How long after the rows are painted the load's long tasks are still counted. */
const SETTLE_MS = 1500;
const ROWS = '[data-guest-id]';
/** The guest table once it holds all 10,000 guests (a header row and one per guest). */
const WHOLE = `[role=table][aria-rowcount="${GUESTS + 1}"]`;
const NETWORK_DOMAIN = process.env.BENCH_NETWORK_DOMAIN === '1';

interface Scroll {
  durationMs: number;
  frames: number;
  p95FrameMs: number;
  maxFrameMs: number;
  longTasks: number;
  longestTaskMs: number;
}

interface Run {
  throttle: number;
  /** Navigation start to the first frame that paints guest rows. */
  rowsMs: number;
  /** When the page's own requests ended (ms after navigation start): where the time to rows goes. */
  timeline: Record<string, number>;
  longestLoadTaskMs: number;
  scroll: Scroll;
  searchMs: number;
  searchFrameMs: number;
  longestSearchTaskMs: number;
  heapMb: number;
  shownAfterSearch: string;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kindly-dashboard-bench-'));
  let server: ChildProcess | undefined;
  let browser: PipeBrowser | undefined;
  try {
    server = spawn(process.execPath, ['dist/server/main.js'], {
      env: { ...process.env, PORT: String(PORT), KINDLY_DATA_DIR: dataDir, NODE_ENV: 'development' },
      stdio: 'ignore',
    });
    const api = `http://localhost:${PORT}`;
    await waitForServer(api);
    console.log(`Seeding a ${GUESTS.toLocaleString('en-US')}-guest occasion…`);
    const seed = await seedOccasion(api, GUESTS, 'dashboard-bench@example.com');
    if (!chromiumPath) throw new Error('No Chromium found (apt-get install chromium).');
    browser = PipeBrowser.launch(chromiumPath, BENCH_CHROMIUM_FLAGS);
    const runs: Run[] = [];
    for (const throttle of THROTTLES) {
      for (let i = 0; i < RUNS; i++) {
        const run = await measure(browser, api, seed, throttle, `${throttle}x-${i + 1}`);
        const { scroll } = run;
        console.log(
          `${throttle}x run ${i + 1}: rows ${run.rowsMs.toFixed(0)} ms, longest load task ${run.longestLoadTaskMs.toFixed(0)} ms; ` +
            `scroll ${(scroll.durationMs / 1000).toFixed(1)} s, ${scroll.frames} frames, p95 frame ${scroll.p95FrameMs.toFixed(1)} ms, max ${scroll.maxFrameMs.toFixed(0)} ms, ` +
            `${scroll.longTasks} long tasks (longest ${scroll.longestTaskMs.toFixed(0)} ms); search ${run.searchMs.toFixed(1)} ms (painted ${run.searchFrameMs.toFixed(1)} ms, ${run.shownAfterSearch}); heap ${run.heapMb.toFixed(1)} MB`,
        );
        console.log(`  timeline (ms after navigation): ${Object.entries(run.timeline).filter(([name]) => !name.endsWith('(requests)')).sort((a, b) => a[1] - b[1]).map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}, rows painted ${run.rowsMs.toFixed(0)}; guest list requests: ${run.timeline['guests (requests)'] ?? 0}`);
        runs.push(run);
      }
    }
    if (LOAD_ONLY) {
      const at4 = runs.filter((run) => run.throttle === THROTTLES[THROTTLES.length - 1]);
      console.log(`load only (no results written): rows median ${median(at4.map((r) => r.rowsMs)).toFixed(0)} ms, longest load task median ${median(at4.map((r) => r.longestLoadTaskMs)).toFixed(0)} ms`);
    } else report(runs);
  } finally {
    await browser?.close();
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitForServer(api: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      const response = await fetch(`${api}/`);
      if (response.ok && (await response.text()).includes('id="root"')) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not serve the dashboard on ${api} (run npm run build first)`);
}

/** What {@link instrument} records in the page. */
interface BenchState {
  longTasks: { start: number; duration: number }[];
  errors: string[];
  painted: Promise<void>;
  rowsAt?: number;
  rowsPaintedAt?: number;
  /** When the table holds the whole list (its `aria-rowcount`), not only its first page. */
  wholeAt?: number;
  whole: Promise<void>;
}

/** When the search's input event came, the list's DOM changed, and the frame after that ran. */
interface SearchTimes {
  start?: number;
  updated?: number;
  painted?: number;
}

declare global {
  interface Window {
    /** Set by {@link instrument} before any of the page's scripts run. */
    __bench?: BenchState;
    /** Set by {@link search} before it types. */
    __search?: SearchTimes;
  }
}

/**
 * Runs in the page before any of its scripts: records long tasks, the page's uncaught errors,
 * when the first guest rows are in the DOM and the next animation frame after that (when they
 * are painted; `painted` resolves then).
 */
function instrument(rows: string, whole: string): void {
  let resolvePainted = () => {};
  let resolveWhole = () => {};
  const bench: BenchState = {
    longTasks: [],
    errors: [],
    painted: new Promise((resolve) => (resolvePainted = resolve)),
    whole: new Promise((resolve) => (resolveWhole = resolve)),
  };
  window.__bench = bench;
  addEventListener('error', (event) => bench.errors.push(event.message));
  addEventListener('unhandledrejection', (event) => bench.errors.push(String(event.reason)));
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const seen = new MutationObserver(() => {
    if (bench.rowsAt === undefined && document.querySelector(rows)) {
      bench.rowsAt = performance.now();
      requestAnimationFrame(() => {
        bench.rowsPaintedAt = performance.now();
        resolvePainted();
      });
    }
    // A first page's rows come before the whole list: the load ends when the table holds every guest.
    if (bench.rowsAt !== undefined && document.querySelector(whole)) {
      bench.wholeAt = performance.now();
      resolveWhole();
      seen.disconnect();
    }
  });
  document.addEventListener('DOMContentLoaded', () => seen.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-rowcount'] }));
}

async function measure(browser: PipeBrowser, api: string, seed: SeededOccasion, throttle: number, name: string): Promise<Run> {
  const page = await PipePage.open(browser, seed.cookies.map(({ name: cookie, value }) => ({ name: cookie, value, url: api })));
  await page.send('Emulation.setDeviceMetricsOverride', { width: 1280, height: 900, deviceScaleFactor: 1, mobile: false });
  await page.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  if (NETWORK_DOMAIN) await page.send('Network.enable');
  await page.send('Page.enable');
  await page.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${instrument.toString()})(${JSON.stringify(ROWS)}, ${JSON.stringify(WHOLE)})` });
  const traceDir = process.env.BENCH_TRACE;
  const traceFile = traceDir ? join(traceDir, `dashboard-${name}.json`) : undefined;
  if (traceFile) {
    mkdirSync(traceDir!, { recursive: true });
    await startTracing(browser);
  }
  const profiling = !!process.env.BENCH_PROFILE;
  if (profiling) {
    await page.send('Profiler.enable');
    await page.send('Profiler.start');
  }

  await navigateToRows(page, `${api}/occasion/${seed.occasionId}/guests`);
  await within(page.evaluate(() => window.__bench!.whole.then(() => true)), 120_000, 'the whole guest list was not in the table within 120 s');
  await sleep(SETTLE_MS); // let the load settle (idle callbacks, late tasks)
  const rowsMs = await page.evaluate(() => window.__bench!.rowsPaintedAt!);
  const wholeMs = await page.evaluate(() => window.__bench!.wholeAt!);
  const timeline = await page.evaluate(() => {
    const ends: Record<string, number> = {};
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (navigation) ends.html = navigation.responseEnd;
    ends['rows in DOM'] = window.__bench!.rowsAt!;
    ends['whole list in DOM'] = window.__bench!.wholeAt!;
    for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const path = new URL(entry.name).pathname;
      const key = path.startsWith('/assets/') ? 'scripts' : path.startsWith('/host/v1/occasion/') ? path.split('/').slice(5).join('/') || 'occasion' : path.replace('/host/v1/', '');
      ends[key] = Math.max(ends[key] ?? 0, entry.responseEnd);
      if (key === 'guests') {
        ends['guests (request sent)'] = entry.requestStart;
        ends['guests (requests)'] = (ends['guests (requests)'] ?? 0) + 1;
      }
    }
    return ends;
  });
  // The load's tasks: up to SETTLE_MS after the rows were painted and the whole list shown (not the bench's own evaluate after it).
  const loadTasks = (await longTasks(page)).filter((task) => task.start < Math.max(rowsMs, wholeMs) + SETTLE_MS);
  if (LOAD_ONLY) {
    if (traceFile) await stopTracing(browser, traceFile);
    if (profiling) await writeProfile(page, process.env.BENCH_PROFILE!);
    await reportPageErrors(page, name);
    await page.close();
    if (traceFile) summariseTrace(traceFile, api);
    const none = { durationMs: 0, frames: 0, p95FrameMs: 0, maxFrameMs: 0, longTasks: 0, longestTaskMs: 0 };
    return { throttle, rowsMs, timeline, longestLoadTaskMs: longest(loadTasks), scroll: none, searchMs: 0, searchFrameMs: 0, longestSearchTaskMs: 0, heapMb: 0, shownAfterSearch: '' };
  }

  const scroll = await scrollToEnd(page);
  if (traceFile) await stopTracing(browser, traceFile);
  await page.evaluate(() => {
    document.querySelector<HTMLElement>('[data-testid=guest-list]')!.scrollTop = 0;
  });
  await sleep(300);
  const beforeSearch = (await longTasks(page)).length;
  const { searchMs, searchFrameMs, shown } = await search(page);
  await sleep(500);
  const searchTasks = (await longTasks(page)).slice(beforeSearch);

  if (profiling) await writeProfile(page, process.env.BENCH_PROFILE!);
  const heapMb = await heap(page);
  await reportPageErrors(page, name);
  await page.close();
  if (traceFile) summariseTrace(traceFile, api);
  return {
    throttle,
    rowsMs,
    timeline,
    longestLoadTaskMs: longest(loadTasks),
    scroll,
    searchMs,
    searchFrameMs,
    longestSearchTaskMs: longest(searchTasks),
    heapMb,
    shownAfterSearch: shown,
  };
}

/**
 * Navigates and waits until the guest rows are painted. Nothing is asked of the page before its
 * DOMContentLoaded; then one evaluate waits on the instrument's promise (a script put into the
 * page mid-load, like Playwright's waitForFunction, was a task of ~0.5 s at 4× in a trace).
 */
async function navigateToRows(page: PipePage, url: string): Promise<void> {
  const loaded = page.waitForEvent('Page.domContentEventFired', 60_000);
  const { errorText } = await page.send<{ errorText?: string }>('Page.navigate', { url });
  if (errorText) throw new Error(`navigation to ${url} failed: ${errorText}`);
  await loaded;
  const painted = page.evaluate(() => window.__bench!.painted.then(() => true));
  await within(painted, 60_000, 'no guest rows painted within 60 s');
}

/** `promise`, or a rejection with `message` after `ms` (a run that hangs ends the bench with a reason). */
async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function reportPageErrors(page: PipePage, name: string): Promise<void> {
  const errors = await page.evaluate(() => window.__bench!.errors);
  for (const error of errors) console.error(`page error (${name}): ${error}`);
}

const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'];
let traceEvents: unknown[] = [];
let stopCollecting = () => {};

async function startTracing(browser: PipeBrowser): Promise<void> {
  traceEvents = [];
  stopCollecting = browser.onEvent((method, params) => {
    if (method === 'Tracing.dataCollected') traceEvents.push(...(params.value as unknown[]));
  });
  await browser.send('Tracing.start', { categories: TRACE_CATEGORIES.join(','), transferMode: 'ReportEvents' });
}

async function stopTracing(browser: PipeBrowser, file: string): Promise<void> {
  const complete = browser.waitForEvent('Tracing.tracingComplete', undefined, 60_000);
  await browser.send('Tracing.end');
  await complete;
  stopCollecting();
  writeFileSync(file, JSON.stringify({ traceEvents }));
  traceEvents = [];
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function longest(tasks: readonly { duration: number }[]): number {
  return tasks.reduce((max, task) => Math.max(max, task.duration), 0);
}

async function longTasks(page: PipePage): Promise<{ start: number; duration: number }[]> {
  return page.evaluate(() => [...window.__bench!.longTasks]);
}

/**
 * Scrolls the guest list to its end, SCROLL_STEP px per animation frame, and reports the time it
 * took, the frames (p95 and longest), and the long tasks that started meanwhile.
 */
async function scrollToEnd(page: PipePage): Promise<Scroll> {
  const measured = await page.evaluate(
    async ({ step, rows }: { step: number; rows: string }) => {
      const list = document.querySelector<HTMLElement>('[data-testid=guest-list]')!;
      const count = Number(list.querySelector('[aria-rowcount]')?.getAttribute('aria-rowcount') ?? 0) - 1;
      if (!(count > 0)) throw new Error('the guest list has no aria-rowcount');
      const lastRowShown = () => !!list.querySelector(`${rows}[aria-rowindex="${count + 1}"]`);
      const frames: number[] = [];
      const start = performance.now();
      await new Promise<void>((done) => {
        let previous = start;
        const frame = (now: number) => {
          frames.push(now - previous);
          previous = now;
          if (list.scrollTop + list.clientHeight >= list.scrollHeight - 1 && lastRowShown()) return done();
          list.scrollTop += step;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      const end = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 300)); // long task entries arrive after the task
      const tasks = window.__bench!.longTasks.filter((task) => task.start >= start && task.start < end);
      return { start, durationMs: end - start, frames, tasks };
    },
    { step: SCROLL_STEP, rows: ROWS },
  );
  const sorted = [...measured.frames].sort((a, b) => a - b);
  return {
    durationMs: measured.durationMs,
    frames: sorted.length,
    p95FrameMs: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0,
    maxFrameMs: sorted[sorted.length - 1] ?? 0,
    longTasks: measured.tasks.length,
    longestTaskMs: longest(measured.tasks),
  };
}

/**
 * Types the search into the box in one input event and times, in the page, from that event
 * to the list's DOM update (the "Showing N of 10,000" line and rows changing), and to the
 * next animation frame after it (when it is painted).
 */
async function search(page: PipePage): Promise<{ searchMs: number; searchFrameMs: number; shown: string }> {
  await page.evaluate(
    () =>
      new Promise<void>((found) => {
        const look = () => (document.querySelector('input[type=search]') ? found() : setTimeout(look, 50));
        look();
      }),
  );
  await page.evaluate(() => {
    const times: SearchTimes = {};
    window.__search = times;
    const box = document.querySelector<HTMLInputElement>('input[type=search]')!;
    box.addEventListener('input', () => (times.start ??= performance.now()), { capture: true });
    const status = document.querySelector('[data-testid=guest-count]')!;
    const observer = new MutationObserver(() => {
      if (times.start === undefined || times.updated !== undefined) return;
      times.updated = performance.now();
      requestAnimationFrame(() => (times.painted = performance.now()));
      observer.disconnect();
    });
    observer.observe(status, { childList: true, subtree: true, characterData: true });
    box.focus();
  });
  await page.send('Input.insertText', { text: SEARCH }); // what Playwright's fill sends into an empty, focused box
  const times = await page.evaluate(
    () =>
      new Promise<{ start: number; updated: number; painted: number }>((done) => {
        const times = window.__search!;
        // `painted` is set last, after `start` and `updated`.
        const check = () => (times.painted !== undefined ? done({ start: times.start!, updated: times.updated!, painted: times.painted }) : requestAnimationFrame(check));
        check();
      }),
  );
  const shown = await page.evaluate(() => document.querySelector('[data-testid=guest-count]')?.textContent ?? '');
  return { searchMs: times.updated - times.start, searchFrameMs: times.painted - times.start, shown };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** `BENCH_PROFILE=file.cpuprofile`: saves the CPU profile (open it in DevTools) and prints the top self times. */
async function writeProfile(page: PipePage, file: string): Promise<void> {
  const { profile } = await page.send<{ profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } }>('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const { callFrame } = byId.get(id)!;
    const key = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').pop()}:${callFrame.lineNumber}:${callFrame.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`Profile written to ${file}; top self times:`);
  for (const [name, ms] of top) console.log(`  ${ms.toFixed(0).padStart(7)} ms  ${name}`);
}

/** The JS heap in use after a garbage collection, in MB (CDP). */
async function heap(page: PipePage): Promise<number> {
  await page.send('HeapProfiler.enable');
  await page.send('HeapProfiler.collectGarbage');
  const { usedSize } = await page.send<{ usedSize: number }>('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface Figure {
  measure: string;
  goal: string;
  /** The text of the figure at one throttle, from that throttle's runs (medians). */
  text(runs: Run[]): string;
  /** Whether the 4× figures meet the goal; undefined when there is no goal. */
  met?(runs: Run[]): boolean;
}

const med = (runs: Run[], value: (run: Run) => number) => median(runs.map(value));

/** The issue's table: each measure at each throttle, median of the runs, beside its goal at 4×. */
const FIGURES: Figure[] = [
  {
    measure: 'navigation to rows visible',
    goal: '≤ 1,500 ms',
    text: (runs) => `${ms(med(runs, (r) => r.rowsMs))}`,
    met: (runs) => med(runs, (r) => r.rowsMs) <= 1500,
  },
  {
    measure: 'scroll the list to the end',
    goal: 'p95 frame ≤ 33 ms, no task ≥ 100 ms',
    text: (runs) =>
      `${(med(runs, (r) => r.scroll.durationMs) / 1000).toFixed(1)} s, p95 frame ${ms(med(runs, (r) => r.scroll.p95FrameMs))}, ` +
      `${med(runs, (r) => r.scroll.longTasks).toFixed(0)} long tasks (longest ${ms(med(runs, (r) => r.scroll.longestTaskMs))})`,
    met: (runs) => med(runs, (r) => r.scroll.p95FrameMs) <= 33 && med(runs, (r) => r.scroll.longestTaskMs) < 100,
  },
  {
    measure: 'longest task during load',
    goal: '≤ 100 ms',
    text: (runs) => ms(med(runs, (r) => r.longestLoadTaskMs)),
    met: (runs) => med(runs, (r) => r.longestLoadTaskMs) <= 100,
  },
  {
    measure: 'search, heap',
    goal: 'search ≤ 100 ms, heap < 100 MB',
    text: (runs) => `${ms(med(runs, (r) => r.searchMs))} (painted ${ms(med(runs, (r) => r.searchFrameMs))}), ${med(runs, (r) => r.heapMb).toFixed(0)} MB`,
    met: (runs) => med(runs, (r) => r.searchMs) <= 100 && med(runs, (r) => r.heapMb) < 100,
  },
];

function ms(value: number): string {
  return `${Math.round(value).toLocaleString('en-US')} ms`;
}

function report(runs: Run[]): void {
  const at = (throttle: number) => runs.filter((run) => run.throttle === throttle);
  const judged = at(4).length > 0 ? at(4) : at(THROTTLES[THROTTLES.length - 1]!);
  const lines = [
    `Dashboard guest list, ${GUESTS.toLocaleString('en-US')} guests (4 activities), median of ${RUNS} run${RUNS === 1 ? '' : 's'} at each CPU throttling; ` +
      `scroll: ${SCROLL_STEP.toLocaleString('en-US')} px per frame to the end; goals judged at 4×.`,
    '',
    `| measure | ${THROTTLES.map((t) => `${t}x CPU`).join(' | ')} | goal at 4x | met |`,
    `| --- | ${THROTTLES.map(() => '---').join(' | ')} | --- | --- |`,
    ...FIGURES.map((figure) => `| ${figure.measure} | ${THROTTLES.map((t) => figure.text(at(t))).join(' | ')} | ${figure.goal} | ${figure.met ? (figure.met(judged) ? 'yes' : 'NO') : ''} |`),
  ];
  console.log(`\n${lines.join('\n')}\n`);
  const stamp = new Date().toISOString();
  const figures = FIGURES.map((figure) => ({
    measure: figure.measure,
    goal: figure.goal,
    ...Object.fromEntries(THROTTLES.map((t) => [`${t}x`, figure.text(at(t))])),
    met: figure.met?.(judged),
  }));
  writeResults(
    'dashboard-latest',
    `# Dashboard benchmark ${stamp}\n\n${lines.join('\n')}`,
    { date: stamp, throttles: THROTTLES, guests: GUESTS, scrollStepPx: SCROLL_STEP, figures, runs },
  );
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

/** Prints the trace's longest main-thread tasks and the events inside each (nested ones counted in their parents too). */
function summariseTrace(file: string, origin: string): void {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  // Chromium names several renderers' main threads (blank and WebUI pages too): the page's is the
  // one that evaluates the dashboard's scripts (the busiest may be another's).
  const mains = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const ours = (thread: TraceEvent) =>
    events.reduce((n, event) => n + (event.pid === thread.pid && event.tid === thread.tid && event.args?.data?.url?.startsWith(origin) ? 1 : 0), 0);
  const main = mains.map((thread) => ({ thread, events: ours(thread) })).sort((a, b) => b.events - a.events)[0]?.thread;
  if (!main) return;
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined);
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.dur! >= 50_000).sort((a, b) => b.dur! - a.dur!);
  const first = Math.min(...onMain.map((event) => event.ts));
  console.log(`  trace ${file}: ${tasks.length} main-thread tasks ≥ 50 ms`);
  for (const task of tasks.slice(0, 8)) {
    const parts = new Map<string, number>();
    for (const event of onMain) {
      if (event === task || event.ts < task.ts || event.ts + event.dur! > task.ts + task.dur! || event.name === 'RunTask') continue;
      const url = event.args?.data?.url?.split('/').pop();
      const key = `${event.name}${url ? ` ${url}` : ''}${event.args?.data?.functionName ? ` ${event.args.data.functionName}` : ''}`;
      parts.set(key, (parts.get(key) ?? 0) + event.dur! / 1000);
    }
    const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([key, spent]) => `${key} ${spent.toFixed(0)}`);
    console.log(`    at ${((task.ts - first) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(0)} ms — ${top.join(', ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
