import addressparser from 'nodemailer/lib/addressparser/index.js';

/** The address of a `From` such as `Kindly <rsvp@example.com>`, when it has one with a domain. */
export function mailFromAddress(from: string): string | undefined {
  const [first, ...rest] = addressparser(from, { flatten: true });
  const address = first?.address ?? '';
  if (rest.length > 0 || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) return undefined;
  return address;
}

/** The domain of `MAIL_FROM`'s address: every `Message-ID` is made in it (`<outboxId@domain>`). */
export function mailFromDomain(from: string): string {
  const address = mailFromAddress(from);
  if (!address) throw new Error(`MAIL_FROM has no address with a domain: ${from}`);
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}
