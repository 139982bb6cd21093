import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import type { KindSummary } from './latency';
import type { WaveOptions } from './options';

export interface ScenarioReport {
  name: string;
  /** One row per kind of request. */
  rows: Array<KindSummary & { goal?: string; met?: boolean }>;
  /** Figures of the whole scenario. */
  facts: Array<{ what: string; figure: string; goal?: string; met?: boolean }>;
  /** The first failures word for word. */
  examples: string[];
}

export interface WaveRun {
  options: WaveOptions;
  started: Date;
  seedSeconds: number;
  reports: ScenarioReport[];
}

const RESULTS_DIR = 'bench/results';
const ms = (value: number) => (Number.isNaN(value) ? '–' : value < 10 ? value.toFixed(1) : value.toFixed(0));
const verdict = (met: boolean | undefined) => (met === undefined ? '' : met ? 'met' : '**not met**');

/** Prints the run and writes it to bench/results/wave-<database>.md (the latest run only); answers the file. */
export function writeReport(run: WaveRun): string {
  const markdown = [header(run), ...run.reports.map(scenarioTable)].join('\n\n') + '\n';
  console.log(`\n${markdown}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `wave-${run.options.database}.md`);
  writeFileSync(file, markdown);
  return file;
}

function header({ options, started, seedSeconds }: WaveRun): string {
  const { size } = options;
  const cpu = cpus();
  const lines = [
    `# bench:wave on ${options.database === 'postgres' ? 'PostgreSQL' : 'SQLite'}`,
    '',
    ...(options.fullSize ? [] : ['**A smoke run on a small platform: not the goal size, the figures say nothing about it.**', '']),
    `- Date: ${started.toISOString()}; Node ${process.version}`,
    `- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' / ')} (a shared machine: figures are noisy)`,
    `- Platform: ${size.occasions.toLocaleString('en')} occasions (the CORS preflight's count), ${size.guestOccasions.toLocaleString('en')} of them with ${size.guests.toLocaleString('en')} guests in households of 1–5, two activities and two questions each (occasion 0, the large one, has ${size.largeHouseholds.toLocaleString('en')} households); the other ${(size.occasions - size.guestOccasions).toLocaleString('en')} are drafts without guests. Every occasion allows its own site (the preflight's table). ${seedSeconds ? `Seeded in ${seedSeconds.toFixed(0)} s` : 'From the cache'}, no ANALYZE.`,
    `- Load: open model (arrivals at a fixed rate whether or not earlier ones answered; latency counted from each arrival's scheduled instant), one loopback address per guest, ${options.hostRate} host requests/s during each wave.${warmUpNote(options)}${options.instances > 1 ? ` ${options.instances} server instances on the one database and one Redis, each with its email worker.` : ''} Email: ${options.emailHourlyLimit ? `EMAIL_HOURLY_LIMIT=${options.emailHourlyLimit}` : "the server's default hourly limit per occasion"}.`,
  ];
  return lines.join('\n');
}

/** What the report says of the warm-up: nothing when no wave ran. */
function warmUpNote(options: WaveOptions): string {
  if (!options.scenarios.has('spread') && !options.scenarios.has('large')) return '';
  const { rate, seconds } = options.warmUp;
  if (seconds === 0) return ' No warm-up: the waves start on a server just started.';
  return ` Before the waves, ${rate} replies/s for ${seconds} s to other occasions, unmeasured (a server up all day has compiled its code and filled its caches).`;
}

function scenarioTable(report: ScenarioReport): string {
  const lines = [`## ${report.name}`, '', '| request | count | p50 ms | p99 ms | max ms | errors | goal | |', '|---|---:|---:|---:|---:|---:|---|---|'];
  for (const row of report.rows) {
    lines.push(`| ${row.kind} | ${row.count} | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.max)} | ${row.errors} | ${row.goal ?? ''} | ${verdict(row.met)} |`);
  }
  if (report.facts.length) {
    lines.push('', '| measure | figure | goal | |', '|---|---|---|---|');
    for (const fact of report.facts) lines.push(`| ${fact.what} | ${fact.figure} | ${fact.goal ?? ''} | ${verdict(fact.met)} |`);
  }
  if (report.examples.length) lines.push('', 'First failures:', ...report.examples.map((example) => `- \`${example.replace(/`/g, "'").replace(/\s+/g, ' ')}\``));
  return lines.join('\n');
}
