import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP load balancer in front of the gateways, as they run in production (docs/operations.md,
 * "Running": gateways sit behind any load balancer). Connections go round robin; one that a
 * gateway refuses (it died) goes to the next, so a dead gateway's clients reconnect to a live
 * one by themselves. WebSocket only: polling's requests could land on different gateways.
 */
export interface GatewayBalancer {
  readonly url: string;
  close(): Promise<void>;
}

export async function startGatewayBalancer(ports: readonly number[]): Promise<GatewayBalancer> {
  const open = new Set<Socket>();
  let next = 0;
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  };
  const server = createServer((client) => {
    track(client);
    client.on('error', () => client.destroy());
    client.pause();
    const first = next;
    next = (next + 1) % ports.length;
    const tryBackend = (attempt: number): void => {
      if (attempt >= ports.length) {
        client.destroy();
        return;
      }
      const backend = connect(ports[(first + attempt) % ports.length] as number, '127.0.0.1');
      track(backend);
      let connected = false;
      backend.on('error', () => {
        if (connected) client.destroy();
        else tryBackend(attempt + 1);
      });
      backend.once('connect', () => {
        connected = true;
        backend.on('close', () => client.destroy());
        client.on('close', () => backend.destroy());
        client.pipe(backend);
        backend.pipe(client);
        client.resume();
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('balancer not listening');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
