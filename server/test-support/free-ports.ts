import { createServer, type AddressInfo, type Server } from 'node:net';

function listen(port: number): Promise<Server | undefined> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(undefined));
    server.listen(port, () => done(server));
  });
}

const close = (server: Server) => new Promise<void>((done) => server.close(() => done()));

/**
 * A free port whose next port is free too, for a server that takes `PORT` and serves its
 * examples on `PORT + 1`: a fixed pair would clash with another run on the same machine.
 */
export async function freePortPair(): Promise<number> {
  for (;;) {
    const first = (await listen(0))!;
    const port = (first.address() as AddressInfo).port;
    const second = port < 65_535 ? await listen(port + 1) : undefined;
    await close(first);
    if (second) {
      await close(second);
      return port;
    }
  }
}
