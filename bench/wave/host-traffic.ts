import { newClientAgent, send } from './http-client';
import type { LatencyLog } from './latency';
import { openLoad } from './open-load';

/** A signed-in host of one occasion (its session cookie). */
export interface HostSession {
  occasionId: string;
  cookie: string;
}

export const HOST_KINDS = { list: 'host: GET guest list, If-None-Match', replies: 'host: GET replies' } as const;

/**
 * Hosts watching their occasions while guests reply, at `rate` requests a second in turn: the
 * guest list revalidated with its last ETag (304 while nothing changed, the new list after a
 * reply) and the replies. Answers how the revalidations were answered.
 */
export async function hostTraffic(api: string, hosts: HostSession[], rate: number, seconds: number, log: LatencyLog): Promise<{ notModified: number; changed: number }> {
  const agents = hosts.map(() => newClientAgent());
  const etags = new Map<string, string>();
  const counts = { notModified: 0, changed: 0 };
  await openLoad(rate, seconds, async (i, scheduledAt) => {
    const h = Math.floor(i / 2) % hosts.length;
    const host = hosts[h]!;
    const list = i % 2 === 0;
    const kind = list ? HOST_KINDS.list : HOST_KINDS.replies;
    const path = list ? `/host/v1/occasion/${host.occasionId}/guests` : `/host/v1/occasion/${host.occasionId}/replies`;
    const etag = etags.get(host.occasionId);
    try {
      const answer = await send(`${api}${path}`, {
        agent: agents[h]!,
        headers: { cookie: host.cookie, 'accept-encoding': 'gzip, deflate, br', ...(list && etag ? { 'if-none-match': etag } : {}) },
      });
      if (answer.status === 200 || (list && answer.status === 304)) {
        log.ok(kind, performance.now() - scheduledAt);
        if (list && answer.status === 304) counts.notModified += 1;
        else if (list) counts.changed += 1;
        const tag = answer.headers.etag;
        if (list && typeof tag === 'string') etags.set(host.occasionId, tag);
      } else log.failed(kind, `${answer.status} ${answer.body.slice(0, 200)}`);
    } catch (error) {
      log.failed(kind, (error as Error).message);
    }
  });
  for (const agent of agents) agent.destroy();
  return counts;
}
