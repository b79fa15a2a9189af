import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves a built web client (`services/web/dist`): files under the root, and `index.html` for
 * any other path without an extension (client-side routes). Paths never leave the root.
 */
export class StaticFiles {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** False when there is nothing to serve at `path`. */
  async serve(path: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return false;
    }
    if (decoded.includes('\0')) return false;
    const candidate = resolve(join(this.root, normalize(decoded)));
    if (candidate !== this.root && !candidate.startsWith(this.root + sep)) return false;
    const file =
      (await fileAt(candidate)) ??
      (await fileAt(join(candidate, 'index.html'))) ??
      (extname(decoded) === '' ? await fileAt(join(this.root, 'index.html')) : null);
    if (!file) return false;
    res.writeHead(200, {
      'content-type': TYPES[extname(file.path)] ?? 'application/octet-stream',
      'content-length': file.size,
    });
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    await new Promise<void>((done, fail) => {
      const stream = createReadStream(file.path);
      stream.on('error', fail);
      res.on('close', () => done());
      stream.pipe(res);
    });
    return true;
  }
}

async function fileAt(path: string): Promise<{ path: string; size: number } | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? { path, size: info.size } : null;
  } catch {
    return null;
  }
}
