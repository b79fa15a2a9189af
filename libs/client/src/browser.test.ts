import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The SDK is also the web client's: it must bundle for a browser without Node built-ins.

describe('@veil/client in a browser bundle', () => {
  it('bundles for platform "browser" with no Node built-in among its inputs', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.includes('socket.io-client'))).toBe(true);
    expect(inputs.filter((input) => input.startsWith('node:') || input.includes('/ws/'))).toEqual(
      [],
    );
    expect(result.outputFiles[0]?.text).toContain('connectSeat');
  });
});
