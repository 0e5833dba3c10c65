/**
 * pdfmake is lazy (`server/pdf.ts`): the server's app loads without it, and the first PDF
 * loads it. Checked in a child process of its own, whose module cache nothing else has
 * filled: pdfmake is a CommonJS package, so once loaded its files are in `require.cache`.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

const probe = `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const pdfmakeLoaded = () =>
  Object.keys(require.cache).some((path) => path.includes('/node_modules/pdfmake/'));
await import('./server/app.ts');
const { renderPdf } = await import('./server/pdf.ts');
const before = pdfmakeLoaded();
const bytes = await renderPdf({ content: 'Faktura – daňový doklad' });
console.log(JSON.stringify({ before, after: pdfmakeLoaded(), head: bytes.subarray(0, 5).toString() }));
`;

describe('renderPdf', () => {
  it('loads pdfmake on the first PDF, not with the server', () => {
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', probe],
      { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_NO_WARNINGS: '1' } },
    );
    const result = JSON.parse(output.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(result).toEqual({ before: false, after: true, head: '%PDF-' });
  }, 60_000);
});
