import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaticFiles } from './static-files.js';

describe('static files of the web client', () => {
  let root: string;
  let outside: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    outside = await mkdtemp(join(tmpdir(), 'veil-static-'));
    root = join(outside, 'dist');
    await mkdir(join(root, 'assets'), { recursive: true });
    await writeFile(join(root, 'index.html'), '<!doctype html><title>veil</title>');
    await writeFile(join(root, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(join(outside, 'secret.txt'), 'not for the web');
    const files = new StaticFiles(root);
    server = createServer((req, res) => {
      void files.serve(new URL(req.url ?? '/', 'http://x').pathname, req, res).then((served) => {
        if (!served) res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await rm(outside, { recursive: true, force: true });
  });

  it('serves files with their type, and index.html for the root and client-side routes', async () => {
    const asset = await fetch(`${base}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(await asset.text()).toBe('console.log(1)');
    for (const path of ['/', '/rooms/abc']) {
      const page = await fetch(`${base}${path}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>veil</title>');
    }
  });

  it('never serves a file outside its root, nor a missing asset', async () => {
    expect((await fetch(`${base}/..%2fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${base}/%2e%2e/secret.txt`)).status).toBe(404);
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });
});
