import type { INestApplication } from '@nestjs/common';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Paths the BFF answers itself; everything else a browser GETs is the single-page app. */
const API_PATHS = /^\/(api|images|metrics)(\/|$)/;

/** Serves the built web app with history-API fallback to index.html. */
export function serveWebApp(app: INestApplication, distDir: string): void {
  const root = resolve(distDir);
  const index = join(root, 'index.html');
  if (!existsSync(index))
    throw new Error(`web app not built: ${index} is missing (run npm run build -w @mkt/web)`);
  app.use(express.static(root, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || API_PATHS.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
