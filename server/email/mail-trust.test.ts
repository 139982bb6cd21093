import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { dkimVerify } from 'mailauth';
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_KINDS, type OutboxEmail, type OutboxPage } from '../../core/schemas/email';
import { expectJson, read, update } from '../routes/host/host-fixtures';
import { createEventFixture, eventRequest, signInGuest, smithsWholeReply, type EventFixture } from '../test-support/event-fixture';
import { BASE } from '../in-process/host-session';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { loadEmailSettings } from './email-settings';
import { createTransport, type EmailTransport } from './transport';
import { EmailWorker } from './worker';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** A DNS resolver that publishes `key` as the record of `kindly._domainkey.mail.sam-and-alex.com` and nothing else. */
const publishing = (key: KeyObject) => async (name: string, type: string) => {
  if (name === 'kindly._domainkey.mail.sam-and-alex.com' && type === 'TXT') {
    return [[`v=DKIM1; k=rsa; p=${key.export({ type: 'spki', format: 'der' }).toString('base64')}`]];
  }
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
};

/**
 * Whether a reader of the plain-text part, or a mail client linking addresses in it, gets each
 * link of the HTML part whole: every address written in angle brackets or alone on its line,
 * and nothing that looks like an address other than the links.
 */
function expectLinksDelimited(mail: ParsedMail): void {
  const html = String(mail.html);
  const text = mail.text ?? '';
  const hrefs = [...html.matchAll(/href="(https?:[^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    const at = text.indexOf(href);
    expect(at, `${href} in the text`).toBeGreaterThanOrEqual(0);
    for (let i = at; i >= 0; i = text.indexOf(href, i + 1)) {
      const before = text[i - 1] ?? '\n';
      const after = text[i + href.length] ?? '\n';
      expect(`${before}…${after}`, `${href} in: ${text.slice(Math.max(0, i - 20), i + href.length + 5)}`).toMatch(/^(<…>|\n…\n)$/);
    }
  }
  // What a client that links everything up to a space or an angle bracket would take.
  const linked = [...text.matchAll(/https?:\/\/[^\s<>]+/g)].map((match) => match[0]);
  for (const address of linked) expect(hrefs, `${address} is a link of the message`).toContain(address);
}

describe('mail that can be answered and is trusted', () => {
  let t: TestApp;
  let f: EventFixture;
  let sink: SmtpSink;
  let base: string;
  let transport: EmailTransport;
  /** A worker as a fresh instance: it looks for scheduled mail (the digest) in its first round. */
  let newWorker: () => EmailWorker;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    sink = await startSmtpSink();
    base = `/occasion/${f.occasionId}`;
    await update(f.host, base, { rsvpPageUrl: 'https://sam-and-alex.com/rsvp#reply', digestEnabled: true });
    await update(f.host, `${base}/household/${f.smith.id}`, { email: 'smiths@example.com' });
    await update(f.host, `${base}/household/${f.jones.id}`, { email: 'joneses@example.com' });
    const settings = loadEmailSettings({
      SMTP_URL: sink.url,
      MAIL_FROM: 'Sam & Alex via Kindly <rsvp@mail.sam-and-alex.com>',
      // As a one-line environment file holds it.
      DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replaceAll('\n', '\\n'),
      DKIM_SELECTOR: 'kindly',
      DKIM_DOMAIN: 'mail.sam-and-alex.com',
    });
    transport = createTransport(settings);
    newWorker = () => new EmailWorker({ db: t.deps.db, dbKind: t.deps.dbKind, settings, transport, publicUrl: () => BASE, log: (line) => t.logs.push(line), renderEmail: t.deps.renderEmail });
  });
  afterEach(async () => {
    transport.close();
    await sink.close();
    await t.close();
  });

  const outbox = async () => (await read<OutboxPage>(f.host, `${base}/emails?limit=200`)).emails;
  /** Sends one message of every kind: an invitation and a reminder to the Joneses, the Smiths' confirmation, the host's digest. */
  async function sendEveryKind(): Promise<Map<string, { entry: OutboxEmail; mail: ParsedMail; raw: Buffer }>> {
    await expectJson(f.host, 'POST', `${base}/emails`, { kind: 'INVITATION', householdIds: [f.jones.id] }, 202);
    await expectJson(f.host, 'POST', `${base}/emails`, { kind: 'REMINDER', householdIds: [f.jones.id] }, 202);
    const guest = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    expect((await eventRequest(t.app, 'POST', '/rsvp', { token: guest.token, body: smithsWholeReply(f, { message: 'See you there!' }) })).status).toBe(201);
    await newWorker().drain();
    await sink.waitFor(4);
    const sent = new Map<string, { entry: OutboxEmail; mail: ParsedMail; raw: Buffer }>();
    for (const entry of await outbox()) {
      const index = sink.messages.findIndex((mail) => mail.messageId?.startsWith(`<${entry.id}@`));
      expect(index, entry.kind).toBeGreaterThanOrEqual(0);
      sent.set(entry.kind, { entry, mail: sink.messages[index]!, raw: sink.raw[index]! });
    }
    expect([...sent.keys()].sort()).toEqual([...EMAIL_KINDS].sort());
    return sent;
  }

  it("answers a guest's Reply to the owner's address, or the occasion's contact email once it has one; the host's digest has no Reply-To", async () => {
    let sent = await sendEveryKind();
    for (const kind of ['INVITATION', 'REMINDER', 'CONFIRMATION']) expect(sent.get(kind)!.mail.replyTo?.text, kind).toBe(f.host.credentials.email);
    expect(sent.get('DIGEST')!.mail.replyTo).toBeUndefined();
    expect(sent.get('DIGEST')!.mail.to).toMatchObject({ text: f.host.credentials.email });

    await update(f.host, base, { contactEmail: 'hosts@sam-and-alex.com' });
    await t.deps.db.deleteFrom('email').execute();
    await t.deps.db.deleteFrom('rsvp').execute();
    await t.deps.db.updateTable('occasion').set({ digestSentAt: null }).execute();
    sink.messages.length = 0;
    sink.raw.length = 0;
    sent = await sendEveryKind();
    for (const kind of ['INVITATION', 'REMINDER', 'CONFIRMATION']) expect(sent.get(kind)!.mail.replyTo?.text, kind).toBe('hosts@sam-and-alex.com');
    expect(sent.get('DIGEST')!.mail.replyTo).toBeUndefined();
  });

  it("names every message in MAIL_FROM's domain and signs it with DKIM, which a verifier passes with the published key only", async () => {
    const sent = await sendEveryKind();
    for (const [kind, { entry, mail, raw }] of sent) {
      expect(mail.messageId, kind).toBe(`<${entry.id}@mail.sam-and-alex.com>`);
      expect(mail.from?.text).toBe('"Sam & Alex via Kindly" <rsvp@mail.sam-and-alex.com>');
      const verified = await dkimVerify(raw, { resolver: publishing(publicKey) });
      expect(verified.results.map((r) => [r.signingDomain, r.selector, r.status.result]), kind).toEqual([['mail.sam-and-alex.com', 'kindly', 'pass']]);
      // The same message checked against another key, or changed after signing, fails.
      const forged = await dkimVerify(raw, { resolver: publishing(other.publicKey) });
      expect(forged.results.map((r) => r.status.result), kind).toEqual(['fail']);
      const changed = Buffer.from(raw.toString('latin1').replace('Sam & Alex', 'Sam & Alec'), 'latin1');
      expect((await dkimVerify(changed, { resolver: publishing(publicKey) })).results.map((r) => r.status.result), kind).toEqual(['fail']);
    }
  });

  it("writes every link of every kind of message whole into its plain-text part, the host's own included, never into the punctuation after it", async () => {
    const intro = 'Details at https://sam-and-alex.com/info. The hotel (https://hotel.example.com/book?a=1&b=2), or sam-and-alex.com!';
    for (const kind of EMAIL_KINDS) await update(f.host, `${base}/email-template/${kind}`, { intro });
    const sent = await sendEveryKind();
    for (const [kind, { mail }] of sent) {
      expect(mail.text, kind).toContain('Details at <https://sam-and-alex.com/info>. The hotel (<https://hotel.example.com/book?a=1&b=2>), or sam-and-alex.com!');
      expect(String(mail.html), kind).toContain('<a href="https://hotel.example.com/book?a=1&amp;b=2"');
    }
    for (const [kind, { mail }] of sent) {
      expect(mail.text, kind).toMatch(/Unsubscribe <http:\/\/localhost\/unsubscribe\/[A-Za-z0-9_-]{43}>\./);
      expectLinksDelimited(mail);
    }
    expect(sent.get('INVITATION')!.mail.text).toContain('RSVP <https://sam-and-alex.com/rsvp?invite=');
  });
});
