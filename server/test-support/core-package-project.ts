// A project outside the repository that installs core from its tarball, as an integrator's
// would: TypeScript sources importing `kindly/core/host` and `kindly/core/guest`, checked with
// `tsc --strict`, compiled and run with Node against a running Kindly.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A host signs up and in through the cookie fetch, then plans an occasion down to one invite line. */
const HOST_FLOW = `
import { createCookieFetch, createHostClient, errorMessage, signUpHost, type Result } from 'kindly/core/host';

function ok<T>(result: Result<T>): T {
  if (result.error) throw new Error(errorMessage(result.error));
  return result.data;
}

const [baseUrl = '', email = ''] = process.argv.slice(2);
const host = createHostClient({ baseUrl, fetch: createCookieFetch() });
const session = ok(await signUpHost(host, { email, password: 'correct horse battery staple', firstName: 'Ada', lastName: 'Lovelace' }));
const occasion = ok(await host.createOccasion({ title: 'Reunion', startDate: '2099-06-12', endDate: '2099-06-13' }));
const activity = ok(await host.createActivity(occasion.id, { name: 'Dinner', startsAt: '2099-06-12T18:00:00.000Z' }));
const household = ok(await host.createHousehold(occasion.id, { name: 'The Smiths' }));
const guest = ok(await host.createGuest(occasion.id, { firstName: 'Jane', lastName: 'Smith', householdId: household.id }));
ok(await host.createInviteLine(occasion.id, { guestId: guest.id, activityId: activity.id }));
const inviteCode: string = household.inviteCode;
console.log(JSON.stringify({ email: session.user.email, occasionId: occasion.id, inviteCode, guestId: guest.id, activityId: activity.id }));
`;

/** A guest signs in with the invite code, reads the occasion and answers. */
const GUEST_FLOW = `
import { createGuestClient, errorMessage, type Result, type Rsvp } from 'kindly/core/guest';

function ok<T>(result: Result<T>): T {
  if (result.error) throw new Error(errorMessage(result.error));
  return result.data;
}

const [baseUrl = '', occasionId = '', inviteCode = ''] = process.argv.slice(2);
const guest = createGuestClient({ baseUrl });
const signedIn = ok(await guest.signIn({ occasionId, inviteCode }));
const info = ok(await guest.getInfo());
const [activity] = info.activities;
const [member] = signedIn.household.guests;
if (!activity || !member) throw new Error('nothing to answer');
const rsvp: Rsvp = ok(await guest.createRsvp({ responses: [{ guestId: member.id, activityId: activity.id, response: 'ATTENDING' }], message: 'See you there' }));
console.log(JSON.stringify({ title: info.occasion.title, responses: rsvp.responses, message: rsvp.message }));
`;

/** Must not type-check: an answer's title is a string, and the options' lists are typed too. */
const WRONG_TYPES = `
import { createGuestClient } from 'kindly/core/guest';
import { countryOptions } from 'kindly/core/options';

const info = await createGuestClient({ baseUrl: '' }).getInfo();
export const title: number = info.data!.occasion.title;
export const country: boolean = countryOptions[0]!.value;
`;

const COMPILER_OPTIONS = { strict: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022'], types: ['node'], skipLibCheck: true };

/** The integrator's project, installed. */
export interface IntegratorProject {
  dir: string;
  /** `tsc -p` of the two flows (emitting into `out/`), or of the file with wrong types; its output and exit code (run once each). */
  typeCheck(which: 'flows' | 'wrong-types'): Promise<{ code: number; output: string }>;
  /** Runs `out/<name>.js` with Node (compiling the flows first); resolves to what it printed. */
  node(name: 'host-flow' | 'guest-flow', args: string[]): Promise<string>;
  /** Runs an ES module given as text inside the project; resolves to what it printed. */
  eval(source: string): Promise<string>;
  remove(): void;
}

/** The repository's version of a package, so the project needs nothing the npm cache lacks. */
const repoVersion = (name: string) => (JSON.parse(readFileSync(resolve('node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * Makes the project in the system's temporary directory and installs the tarball with the
 * repository's TypeScript and Node types.
 *
 * @param tarball The absolute path of `npm pack`'s tarball.
 * @returns The project.
 */
export async function createIntegratorProject(tarball: string): Promise<IntegratorProject> {
  const dir = mkdtempSync(join(tmpdir(), 'kindly-integrator-'));
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'wrong'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'integrator', private: true, type: 'module' }));
  writeFileSync(join(dir, 'src', 'host-flow.ts'), HOST_FLOW);
  writeFileSync(join(dir, 'src', 'guest-flow.ts'), GUEST_FLOW);
  writeFileSync(join(dir, 'wrong', 'wrong-types.ts'), WRONG_TYPES);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...COMPILER_OPTIONS, rootDir: 'src', outDir: 'out', noEmitOnError: true }, include: ['src'] }));
  writeFileSync(join(dir, 'tsconfig.wrong.json'), JSON.stringify({ compilerOptions: { ...COMPILER_OPTIONS, noEmit: true }, include: ['wrong'] }));
  const packages = [tarball, `typescript@${repoVersion('typescript')}`, `@types/node@${repoVersion('@types/node')}`];
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...packages], { cwd: dir });
  const tsc = join(dir, 'node_modules', 'typescript', 'bin', 'tsc');
  const typeChecks = new Map<string, Promise<{ code: number; output: string }>>();
  const typeCheck = (which: 'flows' | 'wrong-types') => {
    const config = which === 'flows' ? 'tsconfig.json' : 'tsconfig.wrong.json';
    if (!typeChecks.has(config)) typeChecks.set(config, runTsc(tsc, config, dir));
    return typeChecks.get(config)!;
  };
  return {
    dir,
    typeCheck,
    async node(name, args) {
      const compiled = await typeCheck('flows');
      if (compiled.code !== 0) throw new Error(`the flows do not compile:\n${compiled.output}`);
      return (await run(process.execPath, [join('out', `${name}.js`), ...args], { cwd: dir })).stdout;
    },
    async eval(source) {
      return (await run(process.execPath, ['--input-type=module', '-e', source], { cwd: dir })).stdout;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** `tsc -p <config>` in the project (once per config: it also emits the flows); its output and exit code. */
async function runTsc(tsc: string, config: string, dir: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [tsc, '-p', config], { cwd: dir });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}
