import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/** A TCP proxy the test can break: what a failing network does to the server's database or Redis. */
export interface FaultProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  proxiedUrl(url: string): string;
  /** Drops every connection and refuses new ones, like a database that went down. */
  cut(): Promise<void>;
  /** Accepts connections but passes no byte either way, like a network that drops packets. */
  stall(): void;
  /** Listens again after `cut`, or passes on what `stall` held back; connections held are kept. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
}

/** Starts a proxy on a free local port that forwards to `target` (`host:port`). */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  let stalled = false;
  let held: Array<{ to: Socket; chunk: Buffer }> = [];

  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (stalled) held.push({ to, chunk });
      else to.write(chunk);
    });
  };

  const accept = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  };

  let server: Server = createServer(accept);
  const listen = (port: number) =>
    new Promise<number>((ready, fail) => {
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => ready((server.address() as AddressInfo).port));
    });
  const port = await listen(0);

  const stopListening = () => new Promise<void>((done) => server.close(() => done()));
  const dropAll = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
    held = [];
  };

  return {
    port,
    proxiedUrl(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    async cut() {
      dropAll();
      await stopListening();
    },
    stall() {
      stalled = true;
    },
    async restore() {
      if (!server.listening) {
        server = createServer(accept);
        await listen(port);
      }
      stalled = false;
      for (const { to, chunk } of held) if (!to.destroyed) to.write(chunk);
      held = [];
    },
    async close() {
      dropAll();
      if (server.listening) await stopListening();
    },
  };
}
