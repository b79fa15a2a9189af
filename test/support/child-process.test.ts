import { describe, expect, it } from 'vitest';
import { startProcess } from './child-process.js';

// startProcess runs a real child (node itself), so these need no services.

const node = process.execPath;

describe('startProcess', () => {
  it('waits for output and stops the child with its stop signal', async () => {
    const child = await startProcess({
      name: 'sleeper',
      command: node,
      args: ['-e', "console.log('ready on 1234'); setInterval(() => {}, 1000)"],
    });
    const match = await child.waitForOutput(/ready on (\d+)/);
    expect(match[1]).toBe('1234');
    expect(child.exitInfo()).toBeUndefined();
    expect(await child.stop()).toEqual({ code: null, signal: 'SIGTERM' });
  });

  it('rejects waitForOutput when the child exits first, quoting its output', async () => {
    const child = await startProcess({
      name: 'quitter',
      command: node,
      args: ['-e', "console.error('bad config'); process.exit(3)"],
    });
    await expect(child.waitForOutput(/never printed/)).rejects.toThrow(
      /quitter exited with code 3 before printing .*bad config/s,
    );
  });

  it('rejects when the command does not exist', async () => {
    await expect(
      startProcess({ name: 'ghost', command: '/nonexistent/veil-ghost-binary' }),
    ).rejects.toThrow(/ghost: cannot start .*ENOENT/);
  });
});
