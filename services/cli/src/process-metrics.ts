import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, type Registry } from 'prom-client';

/**
 * The game node's bot fallbacks — a random legal move played after its requests to the AI
 * workers failed — by game and level. A bot that silently played below its level would show
 * here (docs/operations.md, "Watching").
 */
export function botFallbacksCounter(registry: Registry): Counter<'game' | 'level'> {
  return new Counter({
    name: 'veil_game_bot_fallbacks_total',
    help: 'Bot moves the game node played as a random legal move after failed AI requests',
    labelNames: ['game', 'level'],
    registers: [registry],
  });
}

/**
 * `GET /metrics` for a process that runs no gateway (roles `game` and `ai`): the same registry
 * the roles of this process write to, as Prometheus text.
 */
export async function serveMetrics(
  registry: Registry,
  port: number,
  host?: string,
): Promise<{ readonly port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
