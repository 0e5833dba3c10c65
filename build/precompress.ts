import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { browserBuild } from './browser-build';

/** The text assets the server may send compressed. */
const TEXT = /\.(js|css|html|svg|json)$/;

/** Writes `<file>.gz` (gzip level 9) beside every text asset under `dir`. */
export function gzipTextAssets(dir: string): void {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  for (const file of files.filter((name) => TEXT.test(name))) {
    const path = join(dir, file);
    writeFileSync(`${path}.gz`, gzipSync(readFileSync(path), { level: 9 }));
  }
}

/** Writes `<file>.gz` beside the build's text assets, sent as is (`@fastify/static` `preCompressed`). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'joule-precompress',
    apply: browserBuild,
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      gzipTextAssets(outDir);
    },
  };
}
