import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Serves a folder on loopback, so pages load over http (extensions cannot script file:// URLs). */
export interface StaticServer {
  origin: string;
  urlFor(relativePath: string): string;
  stop(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServerOptions {
  port?: number;
  /**
   * false: pages are served with a policy that lets none of their own scripts run (the extension's
   * content scripts are not the page's and still run). For saved pages the command clips: see
   * scripts/clip.ts.
   */
  pageScripts?: boolean;
  /**
   * false: an HTML page is served without the policies it declares itself (`<meta
   * http-equiv="Content-Security-Policy">`), for saved pages the command clips. A saved page's
   * policy was written for its site: its `'self'` is the site's origin, and served from loopback it
   * means the server instead. Chromium holds the engine's copies of the page to it too, so a
   * `base-uri 'self'` refuses the base that reads the copy's relative links, images and sources
   * against the address the page was saved from (scripts/clip.ts). The server's own policy
   * (pageScripts) still keeps the page's scripts from running.
   */
  pagePolicies?: boolean;
}

/** The policy that keeps a page's own scripts from running: inline, linked and event handlers. */
export const NO_PAGE_SCRIPTS = "script-src 'none'";

export async function startStaticServer(
  rootDir: string,
  { port = 0, pageScripts = true, pagePolicies = true }: StaticServerOptions = {},
): Promise<StaticServer> {
  // The real path, so a file is judged by where it really is, links resolved on both sides.
  const root = await realpath(rootDir);
  const server: Server = createServer((request, response) => {
    serveFile(root, request, response, { pageScripts, pagePolicies }).catch(() => {
      if (response.headersSent) response.destroy();
      else answer(response, 500, 'Internal server error');
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    urlFor: (relativePath) => new URL(relativePath.replace(/^\/+/, ''), `${origin}/`).href,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * Serves the one regular file the path names under `root`: never a folder (no listing, no
 * index), never anything a link leads to outside `root`.
 */
async function serveFile(
  root: string,
  request: IncomingMessage,
  response: ServerResponse,
  { pageScripts, pagePolicies }: Required<Omit<StaticServerOptions, 'port'>>,
) {
  const segments = pathSegments(request.url);
  if (!segments) return answer(response, 400, 'Bad request path');
  const filePath = await realpath(join(root, ...segments)).catch(() => undefined);
  const info = filePath?.startsWith(root + sep) ? await stat(filePath) : undefined;
  if (!filePath || !info?.isFile()) return answer(response, 404, 'Not found');
  const type = CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
  const body =
    !pagePolicies && type.startsWith('text/html')
      ? withoutDeclaredPolicies(await readFile(filePath))
      : undefined;
  response.writeHead(200, {
    'content-type': type,
    'content-length': body?.length ?? info.size,
    ...(!pageScripts && { 'content-security-policy': NO_PAGE_SCRIPTS }),
  });
  if (body) response.end(body);
  else await pipeline(createReadStream(filePath), response);
}

/** A `<meta http-equiv="Content-Security-Policy">`, however its attribute is quoted or cased. */
const DECLARED_POLICY =
  /<meta\b[^>]*?\shttp-equiv\s*=\s*(["']?)content-security-policy\1(?:[\s/][^>]*)?>/gi;

/**
 * The page without the policies it declares. Read byte for byte as Latin-1, so a page in any
 * encoding keeps every other byte as it was: the markup looked for is ASCII in all of them.
 */
function withoutDeclaredPolicies(page: Buffer): Buffer {
  const text = page.toString('latin1');
  const kept = text.replace(DECLARED_POLICY, '');
  return kept.length === text.length ? page : Buffer.from(kept, 'latin1');
}

/**
 * The decoded segments of the request's path, or undefined when it is malformed: not a path,
 * bad percent-encoding, or a segment that decodes to a separator, a NUL or a dot segment. The
 * URL parser has already resolved literal and `%2e` dot segments within the path; what is left
 * that could climb out or confuse the file system can only be an encoded one, so it is refused
 * rather than interpreted.
 */
function pathSegments(target: string | undefined): string[] | undefined {
  if (!target?.startsWith('/')) return undefined;
  let pathname: string;
  try {
    pathname = new URL(`http://localhost${target}`).pathname;
  } catch {
    return undefined;
  }
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (/[/\\\0]/.test(segment) || segment === '.' || segment === '..') return undefined;
    if (segment) segments.push(segment);
  }
  return segments;
}

function answer(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
}
