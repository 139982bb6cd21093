import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, closeContexts, sharedChromium } from '../server/test-support/browser';
import { startLiveServer, type LiveServer } from '../server/test-support/live-server';
import { startWebhookReceiver, type WebhookReceiver } from '../server/test-support/webhook-receiver';
import { webhookDeps, workerOf } from '../server/webhooks/test-fixtures';
import { expectAccessible, reportCspViolations } from './e2e-checks';
import { signUpInContext } from './e2e-host';

/**
 * Webhooks end to end in Chromium: an owner adds an endpoint (a real receiver on 127.0.0.1,
 * allowed for the test), copies the secret shown once, sends a test event that the receiver
 * verifies with it, reads the delivery log, rotates the secret and deletes the endpoint.
 * `npm run build && npx vitest run --project browser dashboard/webhooks`.
 */

const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 });

describe.skipIf(!chromiumPath)('webhooks in Chromium', () => {
  let live: LiveServer;
  let browser: Browser;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    const { config } = webhookDeps();
    live = await startLiveServer({ config: { ...config!, distDir: resolve('dist') } });
    browser = await sharedChromium();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await closeContexts(browser);
    await live?.close();
    await receiver?.close();
  });

  it('adds an endpoint, shows its secret once, sends a signed test event, rotates and deletes', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const cspViolations: string[] = [];
    await reportCspViolations(context, cspViolations);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const owner = await signUpInContext(context, live.url);
    const occasion = await owner.call<{ id: string }>('POST', '/occasion', { title: 'Sam & Alex', startDate: '2027-06-12', endDate: '2027-06-13' });

    await page.goto(`${live.url}/occasion/${occasion.id}/webhooks`);
    await page.getByText('No webhooks yet.').waitFor();
    await page.getByRole('button', { name: 'Add a webhook' }).click();
    const adding = page.getByRole('dialog', { name: 'Add a webhook' });
    await expectAccessible(page, 'add webhook dialog');
    await adding.getByRole('textbox', { name: /^URL/ }).fill('http://10.0.0.1/hook');
    await adding.getByText('A guest is added').click();
    expect(await adding.getByRole('checkbox', { name: /A guest is added/ }).isChecked()).toBe(true);
    await adding.getByRole('button', { name: 'Add webhook' }).click();
    await eventually(() => adding.locator('.field-error').filter({ hasText: 'URL must name a public address' }).count()).toBe(1);
    await adding.getByRole('textbox', { name: /^URL/ }).fill(receiver.url);
    await adding.getByRole('button', { name: 'Add webhook' }).click();

    const shown = page.getByRole('dialog', { name: 'The webhook’s secret' });
    const secret = (await shown.getByLabel('Secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page, 'secret dialog');
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    const listed = page.getByRole('list', { name: 'Webhooks' });
    await eventually(() => listed.getByText('rsvp.created, rsvp.updated, guest.created').count()).toBe(1);
    expect(await page.content()).not.toContain(secret);

    await page.getByRole('button', { name: `Send a test event to ${receiver.url}` }).click();
    await page.getByText(/A test event is on its way/).waitFor();
    await workerOf(live).drain();
    expect(receiver.received.map((hook) => hook.type)).toEqual(['webhook.test']);
    const [hook] = receiver.received;
    expect(new Webhook(secret).verify(hook!.body, hook!.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test', data: { occasionId: occasion.id } });

    await page.getByRole('button', { name: `Deliveries to ${receiver.url}` }).click();
    const log = page.getByRole('dialog', { name: `Deliveries to ${receiver.url}` });
    await eventually(() => log.getByRole('table', { name: 'Deliveries' }).getByText('Delivered').count()).toBe(1);
    await expectAccessible(page, 'delivery log');
    await log.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: `Rotate the secret of ${receiver.url}` }).click();
    await page.getByRole('alertdialog', { name: 'Rotate the secret?' }).getByRole('button', { name: 'Rotate' }).click();
    const rotated = (await page.getByRole('dialog', { name: 'The webhook’s secret' }).getByLabel('Secret').textContent())!.trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.getByRole('button', { name: 'I have copied it' }).click();

    await page.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No webhooks yet.').waitFor();
    await expectAccessible(page, 'webhooks');
    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
