import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { release, releaseTag } from './release';

describe('release', () => {
  const pkg = join(mkdtempSync(join(tmpdir(), 'joule-release-')), 'package.json');
  writeFileSync(pkg, JSON.stringify({ version: '1.2.3' }));

  it("is JOULE_RELEASE, else package.json's version", () => {
    expect(release(pkg, { JOULE_RELEASE: '2026.11' })).toBe('2026.11');
    expect(release(pkg, {})).toBe('1.2.3');
  });

  it('takes JOULE_RELEASE_TAG as given', () => {
    expect(releaseTag({ JOULE_RELEASE_TAG: 'v9' })).toBe('v9');
  });
});
