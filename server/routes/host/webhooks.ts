import { Hono, type Context } from 'hono';
import { WebhookEndpointCreateSchema, WebhookEndpointUpdateSchema } from '../../../core/schemas/webhook';
import type { AppEnv } from '../../app-env';
import { readBody } from '../../http/read-body';
import { literalAddressProblem } from '../../webhooks/address-guard';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, queueTestEvent, rotateSecret, updateEndpoint } from '../../webhooks/endpoints';
import { DEFAULT_WEBHOOK_SETTINGS } from '../../webhooks/webhook-settings';
import { failOnIssues } from './validation-failed';

/**
 * An occasion's webhooks: endpoints (the secret shown only when made or rotated), their
 * delivery log, and a test event. The role guard authorises each route (`route-permissions.ts`).
 */
export function webhookRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const base = '/occasion/:occasionId';
  const one = `${base}/webhook/:webhookId`;

  routes.get(`${base}/webhooks`, async (c) => c.json(await listEndpoints(c.get('deps').db, c.req.param('occasionId'))));

  routes.post(`${base}/webhooks`, async (c) => {
    const input = await readBody(c, WebhookEndpointCreateSchema);
    refuseForbiddenAddress(c, input.url);
    return c.json(await createEndpoint(c.get('deps').db, c.req.param('occasionId'), input, new Date()), 201);
  });

  routes.put(one, async (c) => {
    const input = await readBody(c, WebhookEndpointUpdateSchema);
    if (input.url !== undefined) refuseForbiddenAddress(c, input.url);
    const { occasionId, webhookId } = c.req.param();
    return c.json(await updateEndpoint(c.get('deps').db, occasionId, webhookId, input, new Date()));
  });

  routes.delete(one, async (c) => {
    const { occasionId, webhookId } = c.req.param();
    await deleteEndpoint(c.get('deps').db, occasionId, webhookId);
    return c.body(null, 204);
  });

  routes.post(`${one}/rotate-secret`, async (c) => {
    const { occasionId, webhookId } = c.req.param();
    return c.json(await rotateSecret(c.get('deps').db, occasionId, webhookId, new Date()));
  });

  routes.get(`${one}/deliveries`, async (c) => {
    const { occasionId, webhookId } = c.req.param();
    return c.json(await listDeliveries(c.get('deps').db, occasionId, webhookId));
  });

  routes.post(`${one}/test`, async (c) => {
    const { occasionId, webhookId } = c.req.param();
    return c.json(await queueTestEvent(c.get('deps').db, occasionId, webhookId, new Date()), 202);
  });

  return routes;
}

/** 400 on `url` when its host is a literal address webhooks never go to (names are checked at delivery). */
function refuseForbiddenAddress(c: Context<AppEnv>, url: string): void {
  const { allowedHosts } = c.get('deps').config.webhooks ?? DEFAULT_WEBHOOK_SETTINGS;
  const problem = literalAddressProblem(new URL(url), allowedHosts);
  if (problem) failOnIssues([{ path: 'url', message: problem }]);
}
