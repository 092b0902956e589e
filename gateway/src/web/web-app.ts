import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Response } from 'express';

/** Pages of the web app outside the three areas: sign-in and the pages identity's mails link to. */
export const APP_PAGES: readonly string[] = ['/', '/login', '/setup', '/reset-password', '/email-change', '/change-password', '/agreements', '/impersonate'];
/** The three areas: every path below them is the app's (its router decides what it shows). */
export const APP_AREAS: readonly string[] = ['/player', '/hq', '/admin'];

const pages = new Set(APP_PAGES);

/** A path the web app's router owns (a trailing slash ignored): answered with index.html when no file matches. */
export const isAppPath = (pathname: string): boolean => {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  if (pages.has(trimmed)) return true;
  return APP_AREAS.some((area) => trimmed === area || trimmed.startsWith(`${area}/`));
};

/** Paths that are the API's, never a file of the app: the disk is not even looked at. */
const API_PREFIXES = ['/api/', '/v1/', '/v3/', '/media/', '/swagger-ui'];

/**
 * The content security policy of the app's responses (index.html and its files): what a Vite +
 * React + Mantine build with a service worker needs and nothing more. Mantine writes CSS variables
 * in style elements and attributes at run time ('unsafe-inline' styles; scripts stay 'self' only).
 * Media (presigned audio) may come from another origin: S3_PUBLIC_ENDPOINT's, when it is not the
 * gateway's own. No upgrade-insecure-requests: on a plain-http deployment (http://localhost:8080)
 * it would send the app's same-origin requests to an https port nobody listens on.
 */
export const webContentSecurityPolicy = (mediaOrigin?: string): string => {
  const media = mediaOrigin ? ` ${mediaOrigin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `media-src 'self' blob:${media}`,
    `connect-src 'self'${media}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
};

export interface WebAppOptions {
  /** The web workspace's build output (index.html, assets/, sw.js…). */
  distDir: string;
  /** S3_PUBLIC_ENDPOINT: where clients fetch media. */
  mediaEndpoint?: string;
  /** PUBLIC_BASE_URL: the gateway's public origin; unset → the request's own (protocol and Host). */
  publicBaseUrl?: string;
}

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Storecast</title></head>
<body><h1>The web app is not built</h1><p>Run <code>npm run build -w web</code>, then reload this page.</p></body></html>
`;

/**
 * The web app: files of the build (hashed /assets/** cached for a year, everything else — index.html,
 * sw.js, registerSW.js, workbox-*.js, manifest.webmanifest, icons — revalidated on every use by ETag /
 * Last-Modified), index.html for the router's paths (isAppPath), 503 and a short page while the
 * build is missing. Files are served by serve-static (express.static): no directory listing, no
 * dotfiles, no path leaving the directory (send refuses `..` after decoding). Anything else goes
 * on to the platform's 404. GET and HEAD only.
 */
export const webApp = (options: WebAppOptions): RequestHandler => {
  const root = path.resolve(options.distDir);
  const indexFile = path.join(root, 'index.html');

  const mediaOrigin = options.mediaEndpoint ? new URL(options.mediaEndpoint).origin : undefined;
  const ownOrigin = options.publicBaseUrl ? new URL(options.publicBaseUrl).origin : undefined;
  const sameOriginPolicy = webContentSecurityPolicy();
  const crossOriginPolicy = webContentSecurityPolicy(mediaOrigin);
  const policyFor = (req: Request): string => {
    if (!mediaOrigin) return sameOriginPolicy;
    const origin = ownOrigin ?? `${req.protocol}://${req.get('host') ?? ''}`;
    return origin === mediaOrigin ? sameOriginPolicy : crossOriginPolicy;
  };
  const appHeaders = (res: Response, cacheControl?: string) => {
    res.setHeader('Content-Security-Policy', policyFor(res.req));
    if (cacheControl) res.setHeader('Cache-Control', cacheControl);
  };

  const common = { index: false, redirect: false, dotfiles: 'ignore', fallthrough: true } as const;
  // Hashed names: a new build has new names, so a year and `immutable` (no revalidation on reload).
  const assets = express.static(path.join(root, 'assets'), { ...common, maxAge: '1y', immutable: true, setHeaders: (res) => appHeaders(res) });
  const files = express.static(root, { ...common, cacheControl: false, setHeaders: (res) => appHeaders(res, 'no-cache') });

  const built = () => fs.promises.access(indexFile).then(
    () => true,
    () => false,
  );
  const notBuilt = (res: Response) => {
    appHeaders(res, 'no-store');
    res.status(503).type('html').send(NOT_BUILT);
  };

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const pathname = req.path;
    if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return next();

    if (pathname.startsWith('/assets/')) {
      // Mounted like app.use('/assets', …): the static middleware sees the path below /assets.
      const url = req.url;
      req.url = url.slice('/assets'.length);
      assets(req, res, (err?: unknown) => {
        req.url = url;
        if (err) return next(err);
        void built().then((ok) => (ok ? next() : notBuilt(res)), next);
      });
      return;
    }

    files(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (!isAppPath(pathname)) return next();
      res.sendFile(indexFile, { cacheControl: false, dotfiles: 'allow', headers: { 'Cache-Control': 'no-cache', 'Content-Security-Policy': policyFor(req) } }, (sendErr?: NodeJS.ErrnoException) => {
        if (!sendErr) return;
        if (res.headersSent) return; // the client went away mid-file
        if (sendErr.code === 'ENOENT' || sendErr.code === 'ENOTDIR' || (sendErr as { status?: number }).status === 404) return notBuilt(res);
        next(sendErr);
      });
    });
  };
};
