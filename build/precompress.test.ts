import { mkdirSync, mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressTextAssets } from './precompress';

describe('compressTextAssets', () => {
  it('writes a .br and a .gz beside each text asset, in sub-folders too, none beside other files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'joule-precompress-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'assets', 'a.js'), 'export {};');
    writeFileSync(join(dir, 'assets', 'a.png'), 'binary');
    compressTextAssets(dir);
    const js = join(dir, 'assets', 'a.js');
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe('export {};');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe('export {};');
    expect(existsSync(join(dir, 'index.html.gz'))).toBe(true);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'a.png.gz'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'a.png.br'))).toBe(false);
  });
});
