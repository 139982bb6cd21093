import { describe, expect, it } from 'vitest';
import { guardedLookup, isForbiddenAddress, literalAddressProblem } from './address-guard';

describe('the webhook address guard', () => {
  it('refuses every address but public unicast', () => {
    const forbidden = [
      '127.0.0.1', '127.8.8.8', '::1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', 'fc00::1', 'fd00:ec2::254',
      '169.254.169.254', 'fe80::1', '100.64.0.1', '100.127.255.255', '0.0.0.0', '::', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
      '224.0.0.1', '255.255.255.255', '64:ff9b::a00:1', '2002:7f00:1::', 'not an address',
    ];
    for (const address of forbidden) expect(isForbiddenAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111']) expect(isForbiddenAddress(address), address).toBe(false);
  });

  it('judges only literal addresses at creation, and lets allowed hosts through', () => {
    expect(literalAddressProblem(new URL('http://127.0.0.1:9000/'), [])).toMatch(/public address/);
    expect(literalAddressProblem(new URL('http://[::1]/'), [])).toMatch(/public address/);
    expect(literalAddressProblem(new URL('http://127.0.0.1:9000/'), ['127.0.0.1'])).toBeUndefined();
    expect(literalAddressProblem(new URL('http://[::1]/'), ['::1'])).toBeUndefined();
    expect(literalAddressProblem(new URL('https://localhost/'), [])).toBeUndefined();
    expect(literalAddressProblem(new URL('https://8.8.8.8/'), [])).toBeUndefined();
  });

  it('refuses a name after resolving it, for one address or all', async () => {
    const resolve = (all: boolean) =>
      new Promise<unknown>((done) => guardedLookup('localhost', { all }, (error, address) => done(error ?? address)));
    for (const all of [false, true]) expect(String(await resolve(all))).toMatch(/localhost resolves to .* which is not a public address/);
  });
});
