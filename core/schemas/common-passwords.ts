/**
 * About a hundred of the most common passwords of at least 8 characters (from public breach
 * frequency lists), lower-cased, joined with spaces to keep the bundle small.
 * Shorter ones need no entry: the account schema refuses them by length.
 */
const LIST =
  'password 12345678 123456789 1234567890 12345678910 qwertyuiop password1 password12 password123 ' +
  'password1234 1password passw0rd p@ssw0rd p@ssword 11111111 00000000 22222222 55555555 88888888 ' +
  '99999999 11223344 12121212 12341234 12344321 87654321 987654321 123123123 123654789 147258369 ' +
  '123456789a a1234567 aa123456 abc12345 abcd1234 1234abcd asdf1234 abcdefgh qwerty12 qwerty123 ' +
  'qwerty1234 qwerty12345 qwertyui 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qaz2wsx3edc q1w2e3r4 q1w2e3r4t5 ' +
  '1234qwer zaq12wsx qazwsxedc qweasdzxc 123qweasd zxcvbnm123 asdfghjkl asdfasdf azertyuiop iloveyou ' +
  'iloveyou1 loveyou1 sunshine sunshine1 football football1 baseball baseball1 basketball princess ' +
  'princess1 welcome1 welcome123 superman superman1 batman123 trustno1 michelle jennifer computer ' +
  'corvette starwars whatever mercedes internet chocolate butterfly liverpool charlie1 michael1 ' +
  'jordan23 blink182 letmein1 letmein123 admin123 administrator changeme master123 secret123 ' +
  'hello123 monkey123 dragon123 shadow123 mustang1 minecraft pokemon123 samsung123 myspace1';

/** The common passwords, lower-cased. */
export const commonPasswords: ReadonlySet<string> = /* @__PURE__ */ passwordSet();

function passwordSet(): ReadonlySet<string> {
  return new Set(LIST.split(' '));
}

/**
 * Whether a password is on the common-password list, ignoring case (`Password1` is as weak
 * as `password1`).
 *
 * @param password The password exactly as typed.
 * @returns `true` when it must be refused.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
