import { mkdirSync, mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipTextAssets } from './precompress';

describe('gzipTextAssets', () => {
  it('writes a .gz beside each text asset, in sub-folders too, and none beside other files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'joule-precompress-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'assets', 'a.js'), 'export {};');
    writeFileSync(join(dir, 'assets', 'a.png'), 'binary');
    gzipTextAssets(dir);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'a.js.gz'))).toString()).toBe('export {};');
    expect(existsSync(join(dir, 'index.html.gz'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'a.png.gz'))).toBe(false);
  });
});
