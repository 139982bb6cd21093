import { createPrivateKey } from 'node:crypto';
import * as v from 'valibot';

/** How every message is signed with DKIM (nodemailer's `dkim` option). */
export interface DkimSettings {
  /** The `d=` of the signature: the domain whose DNS publishes the public key. */
  domainName: string;
  /** The `s=`: the key's record is `<selector>._domainkey.<domain>`. */
  keySelector: string;
  /** The RSA private key, PEM. */
  privateKey: string;
}

/**
 * A PEM key as an environment variable carries it: with real line breaks, or with `\n` written
 * out (as one-line `.env` files and container settings hold it).
 */
export const pemOf = (text: string): string => text.trim().replace(/\\n/g, '\n');

/** Why `text` cannot sign (nodemailer signs with RSA only), or undefined when it can. */
export function dkimKeyProblem(text: string): string | undefined {
  let key;
  try {
    key = createPrivateKey(pemOf(text));
  } catch {
    return 'is not a PEM private key';
  }
  if (key.asymmetricKeyType !== 'rsa') return `is a key of type ${key.asymmetricKeyType ?? 'unknown'}, and DKIM signing here takes RSA keys only`;
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 1024) return `is an RSA key of ${bits} bits, and receivers ignore signatures by keys under 1024 bits`;
  return undefined;
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const SELECTOR = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** The DKIM variables: all three, or none (checked by {@link dkimComplete}). */
export const DkimVariables = v.object({
  DKIM_PRIVATE_KEY: v.optional(
    v.pipe(
      v.string(),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const problem = dkimKeyProblem(dataset.value);
        // The message never repeats the value: it is a secret.
        if (problem) addIssue({ message: `DKIM_PRIVATE_KEY ${problem}: give the PEM text of an RSA private key of at least 1024 bits (-----BEGIN PRIVATE KEY----- …), with line breaks or \\n.` });
      }),
    ),
  ),
  DKIM_SELECTOR: v.optional(v.pipe(v.string(), v.regex(SELECTOR, (issue) => `DKIM_SELECTOR must be a DNS label such as kindly2026, not "${String(issue.input)}".`))),
  DKIM_DOMAIN: v.optional(v.pipe(v.string(), v.regex(DOMAIN, (issue) => `DKIM_DOMAIN must be a domain name such as example.com, not "${String(issue.input)}".`))),
});

type DkimInput = v.InferOutput<typeof DkimVariables>;

/** Whether the DKIM variables are all set or all unset. */
export const dkimComplete = (env: DkimInput): boolean => [env.DKIM_PRIVATE_KEY, env.DKIM_SELECTOR, env.DKIM_DOMAIN].filter((value) => value !== undefined).length % 3 === 0;

export const DKIM_INCOMPLETE = 'DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN go together: set all three to sign email with DKIM, or none.';

/** The signing settings the checked variables give, or undefined without them. */
export function dkimSettingsOf(env: DkimInput): DkimSettings | undefined {
  if (!env.DKIM_PRIVATE_KEY || !env.DKIM_SELECTOR || !env.DKIM_DOMAIN) return undefined;
  return { domainName: env.DKIM_DOMAIN.toLowerCase(), keySelector: env.DKIM_SELECTOR, privateKey: pemOf(env.DKIM_PRIVATE_KEY) };
}
