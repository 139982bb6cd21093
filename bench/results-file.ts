import { mkdirSync, writeFileSync } from 'node:fs';

const RESULTS_DIR = 'bench/results';

/**
 * Writes one bench's results whole, `<name>.md` for people and `<name>.json` for scripts: the
 * latest run only. Nothing of the file it replaces is kept; earlier runs are in git's history.
 */
export function writeResults(name: string, markdown: string, data: unknown): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const markdownFile = `${RESULTS_DIR}/${name}.md`;
  const jsonFile = `${RESULTS_DIR}/${name}.json`;
  writeFileSync(jsonFile, `${JSON.stringify(data, null, 2)}\n`);
  writeFileSync(markdownFile, `${markdown.trimEnd()}\n\nThe latest run only, written by the bench; every run: \`${jsonFile}\`; earlier runs: \`git log -p ${markdownFile}\`.\n`);
  console.log(`Written to ${jsonFile} and ${markdownFile}`);
}
