/**
 * The portal: the pages under web/, built into build/web/ (or carried beside
 * the plugin's bundled sidecar), served at `/` on the API's own port. The
 * API keeps `/api` and `/metrics`; every other GET is the portal's: a file
 * under /assets/ by its exact name, anything else the page itself, which
 * routes in the browser. Files are read once, at start, with the gzip and
 * brotli forms the build made, so serving one is a lookup.
 *
 * Hashed assets are cached for a year; the page is never cached, so a new
 * build is seen at the next load. The Content-Security-Policy lets the page
 * load script and style from this origin only and run no inline script:
 * text from players can at worst show as text.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Middleware } from 'koa';

export const portalPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': portalPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

interface ServedFile {
  contentType: string;
  plain: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
}

/** Where the built portal is: beside the bundled sidecar (in the plugin), or build/web/ of a built checkout. */
export function portalDirectory(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'web'), path.resolve(here, '..', '..', 'web')];
  return candidates.find((candidate) => existsSync(path.join(candidate, 'portal-manifest.json')));
}

/**
 * Reads the built portal's files into memory; undefined when there is no
 * build, or a broken one (a listed file missing): the API then starts
 * without the portal rather than not at all, and `logError` says why.
 */
export function loadPortal(directory = portalDirectory(), logError: (message: string) => void = console.error): Map<string, ServedFile> | undefined {
  if (!directory) return undefined;
  try {
    return readPortal(directory);
  } catch (error) {
    logError(`the portal's build in ${directory} cannot be read (${(error as Error).message}); serving the API without it: run npm run build`);
    return undefined;
  }
}

function readPortal(directory: string): Map<string, ServedFile> {
  const manifest = JSON.parse(readFileSync(path.join(directory, 'portal-manifest.json'), 'utf8')) as { files: Record<string, unknown> };
  const files = new Map<string, ServedFile>();
  for (const name of Object.keys(manifest.files)) {
    const onDisk = path.join(directory, ...name.split('/'));
    const read = (suffix: string) => (existsSync(onDisk + suffix) ? readFileSync(onDisk + suffix) : undefined);
    files.set(name, {
      contentType: contentTypes[path.extname(name)] ?? 'application/octet-stream',
      plain: readFileSync(onDisk),
      gzip: read('.gz'),
      brotli: read('.br'),
    });
  }
  return files;
}

/** True for the paths that are the API's, never the portal's: in any letter case and with a trailing slash, as the API's router matches them. */
function isApiPath(pathname: string): boolean {
  return /^\/(api|metrics)(\/|$)/i.test(pathname);
}

export function portalMiddleware(files: Map<string, ServedFile> | undefined): Middleware {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) return next();
    if (!files) {
      ctx.status = 404;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'The portal is not built in this checkout: run `npm run build`, then start Gatehouse again. The API is at /api.\n';
      return;
    }
    ctx.set(securityHeaders);
    const isAsset = ctx.path.startsWith('/assets/');
    const file = isAsset ? files.get(ctx.path) : files.get('/index.html');
    if (!file) {
      ctx.status = 404;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'No such file\n';
      return;
    }
    ctx.set('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.set('Vary', 'Accept-Encoding');
    ctx.type = file.contentType;
    // The server's preference, not the header's order: browsers list gzip before br, and brotli is the smaller.
    const encoding = ctx.acceptsEncodings('br') === 'br' ? 'br' : ctx.acceptsEncodings('gzip', 'identity');
    if (encoding === 'br' && file.brotli) {
      ctx.set('Content-Encoding', 'br');
      ctx.body = file.brotli;
    } else if (encoding === 'gzip' && file.gzip) {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = file.gzip;
    } else {
      ctx.body = file.plain;
    }
    ctx.state.route = isAsset ? 'GET /assets' : 'GET /';
  };
}
