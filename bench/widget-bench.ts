import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { Browser, CDPSession } from 'playwright-core';
import { createApp } from '../server/app';
import { startExamplesServer, type ExamplesServer } from '../server/frontends/serve-examples';
import { launchChromium } from '../server/test-support/browser';
import { signUpHost, type HostClient } from '../server/test-support/host-session';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';

/**
 * The widget in headless Chromium at 4× CPU throttling, cross-site on a local server (the real
 * API over HTTP on localhost, the blank example page on 127.0.0.1), a fresh occasion per run:
 *
 * - first paint: from the start of widget.js (its request; and its arrival, when it starts to
 *   run) to the frame that paints the sign-in form. Goal: 40 ms.
 * - sign-in to RSVP form: from the sign-in answer's arrival to the frame that paints the RSVP
 *   form (the widget's part: three requests and the render), and from the click (adds the
 *   API's deliberate 150 ms floor on every guest sign-in). Goal: 100 ms.
 * - the longest task (Long Tasks API, every task over 50 ms is reported). Goal: none over 50 ms.
 *
 * Not a test: `npx tsup && node dist/bench/widget-bench.js` (BENCH_RUNS, BENCH_THROTTLE;
 * BENCH_TRACE=0 leaves out the trace and its CPU figures; BENCH_TRACE_FILE=path keeps the last
 * run's trace, with JavaScript samples, for DevTools' Performance panel).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const THROTTLE = Number(process.env.BENCH_THROTTLE ?? 4);

interface Run {
  paintFromRequestMs: number;
  paintFromArrivalMs: number;
  rsvpFromAnswerMs: number;
  rsvpFromClickMs: number;
  longTasks: number[];
  firstPaintCpuMs: number;
  /** The part of `firstPaintCpuMs` after widget.js arrived: its evaluation and the frame it paints. */
  firstPaintArrivedCpuMs: number;
  rsvpCpuMs: number;
  longestTaskCpuMs: number;
}

async function main(): Promise<void> {
  if (!existsSync('dist/widget/widget.js')) throw new Error('Build first: npx tsup');
  let live: LiveServer | undefined;
  let examples: ExamplesServer | undefined;
  let browser: Browser | undefined;
  try {
    live = await startLiveServer();
    examples = await startExamplesServer({ port: 0, examplesDir: 'examples', distDir: 'dist', apiOrigin: live.url });
    const host = await signUpHost(createApp(live.deps));
    browser = await launchChromium();
    const runs: Run[] = [];
    // One warm-up run (Chromium's caches, the server's JIT), then the measured ones.
    for (let i = 0; i <= RUNS; i++) {
      const occasion = await createOccasion(host, examples.url);
      const run = await measure(browser, `${examples.url}/blank/?occasion=${occasion.id}`, occasion.inviteCode);
      if (i === 0) continue;
      runs.push(run);
      console.log(
        `run ${i}: first paint ${run.paintFromRequestMs.toFixed(1)} ms from the request (${run.paintFromArrivalMs.toFixed(1)} ms from arrival), ` +
          `RSVP form ${run.rsvpFromAnswerMs.toFixed(1)} ms after the sign-in answer (${run.rsvpFromClickMs.toFixed(0)} ms after the click), ` +
          `long tasks: ${run.longTasks.length ? run.longTasks.map((ms) => `${ms.toFixed(0)} ms`).join(', ') : 'none'}` +
          (Number.isNaN(run.firstPaintCpuMs)
            ? ''
            : `; main-thread CPU: first paint ${run.firstPaintCpuMs.toFixed(1)} ms (${run.firstPaintArrivedCpuMs.toFixed(1)} ms after arrival), RSVP form ${run.rsvpCpuMs.toFixed(1)} ms, longest task ${run.longestTaskCpuMs.toFixed(1)} ms`),
      );
    }
    report(runs);
  } finally {
    await browser?.close();
    await examples?.close();
    await live?.close();
  }
}

async function measure(browser: Browser, url: string, inviteCode: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 800, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  // Before any page script: record long tasks, and the frame in which a selector first shows
  // in the widget's shadow root (a requestAnimationFrame callback runs just before its frame paints).
  await page.addInitScript(() => {
    const w = window as unknown as { longTasks: number[]; painted: Record<string, number>; watch(selector: string): void };
    w.longTasks = [];
    w.painted = {};
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => w.longTasks.push(entry.duration))).observe({ type: 'longtask', buffered: true });
    w.watch = (selector) => {
      const check = () => {
        if (document.querySelector('kindly-rsvp')?.shadowRoot?.querySelector(selector)) {
          w.painted[selector] = performance.now();
          performance.mark(`painted ${selector}`);
        }
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    };
    w.watch('form input[autocomplete="off"]');
  });
  const tracing = process.env.BENCH_TRACE !== '0';
  const categories = ['toplevel', 'devtools.timeline', 'blink.user_timing'];
  // With BENCH_TRACE_FILE, also the JavaScript samples, to see what the main thread does.
  if (process.env.BENCH_TRACE_FILE) categories.push('disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler');
  if (tracing) await browser.startTracing(page, { categories });
  await page.goto(url);
  const signInForm = 'form input[autocomplete="off"]';
  await inPage(cdp, waitPainted, signInForm);
  const firstPaint = await inPage(cdp, (selector) => {
    const script = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/widget.js')) as PerformanceResourceTiming;
    const painted = (window as unknown as { painted: Record<string, number> }).painted[selector]!;
    return { fromRequest: painted - script.startTime, fromArrival: painted - script.responseEnd };
  }, signInForm);

  // Sign in from inside the page (Playwright's locators would run their own scripts on the
  // main thread during the measurement); the RSVP form shows its answer radios.
  const clicked = await inPage(cdp, async (code) => {
    (window as unknown as { watch(selector: string): void }).watch('input[type=radio]');
    const root = document.querySelector('kindly-rsvp')!.shadowRoot!;
    const input = root.querySelector<HTMLInputElement>('form input')!;
    input.value = code;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((rendered) => setTimeout(rendered, 100));
    const at = performance.now();
    root.querySelector<HTMLButtonElement>('form button[type=submit]')!.click();
    return at;
  }, inviteCode);
  await inPage(cdp, waitPainted, 'input[type=radio]');
  const rsvp = await inPage(cdp, () => {
    const answer = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/auth/credentials')) as PerformanceResourceTiming;
    return { painted: (window as unknown as { painted: Record<string, number> }).painted['input[type=radio]']!, answered: answer.responseEnd };
  }, undefined);
  const longTasks = await inPage(cdp, () => (window as unknown as { longTasks: number[] }).longTasks, undefined);
  const trace = tracing ? await browser.stopTracing() : undefined;
  // BENCH_TRACE_FILE keeps the last run's trace (open it in DevTools' Performance panel).
  if (trace && process.env.BENCH_TRACE_FILE) writeFileSync(process.env.BENCH_TRACE_FILE, trace);
  const cpu = trace ? traceCpu(trace) : { firstPaintCpuMs: NaN, firstPaintArrivedCpuMs: NaN, rsvpCpuMs: NaN, longestTaskCpuMs: NaN };
  await context.close();
  return {
    paintFromRequestMs: firstPaint.fromRequest,
    paintFromArrivalMs: firstPaint.fromArrival,
    rsvpFromAnswerMs: rsvp.painted - rsvp.answered,
    rsvpFromClickMs: rsvp.painted - clicked,
    longTasks,
    ...cpu,
  };
}

/**
 * Runs `script(arg)` in the page through CDP's `Runtime.evaluate`: Playwright's own
 * `page.evaluate` and `waitForFunction` first inject its utility script into the page, a task
 * of about 100 ms at 4× that would count among the widget's long tasks.
 */
async function inPage<A, T>(cdp: CDPSession, script: (arg: A) => T | Promise<T>, arg: A): Promise<T> {
  const answer = await cdp.send('Runtime.evaluate', {
    expression: `(${script.toString()})(${JSON.stringify(arg) ?? ''})`,
    awaitPromise: true,
    returnByValue: true,
  });
  if (answer.exceptionDetails) throw new Error(`In the page: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`);
  return answer.result.value as T;
}

/** In the page: resolves once `selector` was painted (checked every 250 ms, as little work as can be). */
function waitPainted(selector: string): Promise<void> {
  return new Promise((painted) => {
    const poll = () => ((window as unknown as { painted: Record<string, number> }).painted[selector] === undefined ? setTimeout(poll, 250) : painted());
    poll();
  });
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: { url?: string; requestId?: string } };
}

/**
 * The renderer main thread's CPU time (`tdur`: leaves out the time the thread waited for a CPU
 * or was paused by the throttling) in the two measured intervals, from a trace. On a busy
 * machine it is the steadier measure; at N× throttling the wall time is about N × this plus
 * the network.
 *
 * The first paint's interval starts when widget.js is asked for, early in the page's parse:
 * it also holds the page's own work (the rest of its parse and styles, its first frame), so
 * the part after widget.js arrived (its evaluation and the frame it paints) is given apart.
 * The longest task is looked for from the widget.js request on (the navigation's own task
 * before it, up to 100 ms at 4×, is no work of the widget's).
 */
function traceCpu(buffer: Buffer): { firstPaintCpuMs: number; firstPaintArrivedCpuMs: number; rsvpCpuMs: number; longestTaskCpuMs: number } {
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const nested = events.filter((event) => main && event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && /RunTask$/.test(event.name));
  // A task shows as `ThreadControllerImpl::RunTask` with a `RunTask` inside it: count the outer one only.
  const end = (event: TraceEvent) => event.ts + (event.dur ?? 0);
  const tasks: TraceEvent[] = [];
  for (const task of nested.sort((a, b) => a.ts - b.ts || end(b) - end(a))) {
    const outer = tasks.at(-1);
    if (!outer || end(task) > end(outer)) tasks.push(task);
  }
  const urls = new Map(events.filter((event) => event.name === 'ResourceSendRequest').map((event) => [event.args?.data?.requestId, event]));
  const sent = (suffix: string) => [...urls.values()].find((event) => event.args?.data?.url?.endsWith(suffix))!;
  const finished = (suffix: string) =>
    events.find((event) => event.name === 'ResourceFinish' && event.args?.data?.requestId === sent(suffix).args?.data?.requestId)!.ts;
  const mark = (name: string) => events.find((event) => event.cat.includes('user_timing') && event.name === name)!.ts;
  const cpu = (from: number, to: number) => tasks.filter((task) => task.ts >= from && task.ts < to).reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000;
  const requested = sent('/widget.js').ts;
  return {
    firstPaintCpuMs: cpu(requested, mark('painted form input[autocomplete="off"]')),
    firstPaintArrivedCpuMs: cpu(finished('/widget.js'), mark('painted form input[autocomplete="off"]')),
    rsvpCpuMs: cpu(finished('/auth/credentials'), mark('painted input[type=radio]')),
    longestTaskCpuMs: Math.max(...tasks.filter((task) => task.ts >= requested).map((task) => (task.tdur ?? 0) / 1000)),
  };
}

function report(runs: Run[]): void {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const worst = (values: number[]) => Math.max(...values);
  const row = (name: string, values: number[], goal: number) =>
    `${name.padEnd(44)} median ${median(values).toFixed(1).padStart(6)} ms   worst ${worst(values).toFixed(1).padStart(6)} ms   goal ${goal} ms   ${worst(values) <= goal ? 'met' : 'NOT MET'}`;
  const tasks = runs.flatMap((run) => run.longTasks);
  const lines = [
    `Widget at ${THROTTLE}× CPU throttling, ${runs.length} runs (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs):`,
    row('first paint (from widget.js request)', runs.map((run) => run.paintFromRequestMs), 40),
    row('first paint (from widget.js arrival)', runs.map((run) => run.paintFromArrivalMs), 40),
    row('sign-in answer → RSVP form painted', runs.map((run) => run.rsvpFromAnswerMs), 100),
    `${'click → RSVP form (incl. the API 150 ms floor)'.padEnd(44)} median ${median(runs.map((run) => run.rsvpFromClickMs)).toFixed(1).padStart(6)} ms`,
    `${'tasks over 50 ms'.padEnd(44)} ${tasks.length ? `${tasks.length}, longest ${worst(tasks).toFixed(0)} ms   NOT MET` : 'none   met'}`,
  ];
  if (!Number.isNaN(runs[0]!.firstPaintCpuMs)) {
    lines.push(
      '',
      "Main-thread CPU time (the thread's own time, steadier on a busy machine):",
      row('first paint', runs.map((run) => run.firstPaintCpuMs), 40),
      `${'  of it after widget.js arrived'.padEnd(44)} median ${median(runs.map((run) => run.firstPaintArrivedCpuMs)).toFixed(1).padStart(6)} ms   worst ${worst(runs.map((run) => run.firstPaintArrivedCpuMs)).toFixed(1).padStart(6)} ms`,
      row('sign-in answer → RSVP form', runs.map((run) => run.rsvpCpuMs), 100),
      row('longest task (from the widget.js request)', runs.map((run) => run.longestTaskCpuMs), 50),
    );
  }
  console.log(`\n${lines.join('\n')}`);
  const stamp = new Date().toISOString();
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/widget-latest.json', `${JSON.stringify({ date: stamp, throttle: THROTTLE, load: loadavg()[0], runs }, null, 2)}\n`);
  writeFileSync('bench/results/widget-latest.md', `# Widget benchmark ${stamp}\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n`);
  console.log('Written to bench/results/widget-latest.json and bench/results/widget-latest.md');
}

/** A small occasion like a real one: two activities (one with meals), a household of two. */
async function createOccasion(host: HostClient, origin: string): Promise<{ id: string; inviteCode: string }> {
  const json = async <T>(response: Promise<Response>): Promise<T> => {
    const answer = await response;
    if (answer.status >= 300) throw new Error(`${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  const occasion = await json<{ id: string }>(
    host.request('POST', '/occasion', {
      title: 'Sam & Alex are getting married',
      startDate: '2027-06-11',
      endDate: '2027-06-13',
      timezone: 'America/New_York',
      venueName: 'Willow Creek Farm',
      allowedOrigins: [origin],
    }),
  );
  const base = `/occasion/${occasion.id}`;
  const dinner = await json<{ id: string }>(
    host.request('POST', `${base}/activity`, {
      name: 'Welcome dinner',
      startsAt: '2027-06-11T23:00:00.000Z',
      mealOptions: [
        { value: 'fish', text: 'Sea bass' },
        { value: 'beef', text: 'Beef' },
      ],
    }),
  );
  const ceremony = await json<{ id: string }>(host.request('POST', `${base}/activity`, { name: 'Ceremony', startsAt: '2027-06-12T20:00:00.000Z' }));
  const household = await json<{ id: string; inviteCode: string }>(host.request('POST', `${base}/household`, { name: 'The Smiths', country: 'USA', state: 'NY' }));
  const guests = [];
  for (const firstName of ['Jane', 'Jose']) {
    guests.push(await json<{ id: string }>(host.request('POST', `${base}/guest`, { householdId: household.id, firstName, lastName: 'Smith', plusOneAllowed: true })));
  }
  await json(
    host.request('PUT', `${base}/invite-lines`, {
      lines: guests.flatMap((guest) => [dinner, ceremony].map((activity) => ({ guestId: guest.id, activityId: activity.id, invited: true }))),
    }),
  );
  return { id: occasion.id, inviteCode: household.inviteCode };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
