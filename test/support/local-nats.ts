import { startProcess } from './child-process.js';
import { freePort } from './free-port.js';
import { natsAnswers, ServerExitedError, waitForReady } from './readiness.js';
import type { RunDir } from './run-dir.js';
import type { RunningService } from './running-service.js';

const maxAttempts = 3;

/** Runs a throwaway nats-server with JetStream, storing its streams in the run dir. */
export async function startLocalNats(natsServer: string, runDir: RunDir): Promise<RunningService> {
  const storeDir = runDir.subdir('nats');
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = await startProcess({
      name: 'nats-server',
      command: natsServer,
      args: ['-js', '-sd', storeDir, '-a', '127.0.0.1', '-p', String(port)],
      cwd: runDir.path,
    });
    runDir.recordPid('nats-server', server.pid);
    const url = `nats://127.0.0.1:${port}`;
    try {
      await waitForReady('nats-server', () => natsAnswers(url), {
        process: server,
        timeoutMs: 30_000,
      });
    } catch (error) {
      await server.stop(2_000);
      const portTaken = error instanceof ServerExitedError && /in use/i.test(error.output);
      if (portTaken && attempt < maxAttempts) continue;
      throw error;
    }
    const version = /Version:\s+(\S+)/.exec(server.output())?.[1];
    return {
      kind: 'nats',
      source: 'local',
      url,
      detail: `nats-server ${version ?? '(unknown version)'} with JetStream on 127.0.0.1:${port}`,
      stop: async () => {
        await server.stop();
      },
    };
  }
}
