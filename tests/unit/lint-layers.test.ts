/**
 * The layering rules of eslint.config.js (docs/architecture.md "The layers") fire: a
 * deliberately wrong import fails the lint, the right one passes.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The rule ids the lint reports for `code` as the file `filePath`. */
async function failures(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the layering lint', () => {
  it('fails on server/ importing src/ other than src/shared, extension-less', async () => {
    expect(
      await failures(
        "import { reportError } from '../../src/app';\nexport const x = reportError;\n",
        'server/http/lint-probe.ts',
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await failures(
        "import { ACCESS_COOKIE } from '../../src/shared';\nexport const x = ACCESS_COOKIE;\n",
        'server/http/lint-probe.ts',
      ),
    ).toEqual([]);
  });

  it('fails on an import past a folder’s index.ts', async () => {
    expect(
      await failures(
        "import { VIRTUALIZE_OVER } from '../resources/list/use-visible-rows';\nexport const x = VIRTUALIZE_OVER;\n",
        'src/ssr/lint-probe.ts',
      ),
    ).toContain('local/no-past-index');
    expect(
      await failures(
        "import { rowTitle } from '../resources';\nexport const x = rowTitle;\n",
        'src/ssr/lint-probe.ts',
      ),
    ).toEqual([]);
  });

  it('fails on a server file reaching into the engine past its index.ts', async () => {
    expect(
      await failures(
        "import { ResourceRegistry } from '../resources/engine/registry';\nexport const x = ResourceRegistry;\n",
        'server/http/lint-probe.ts',
      ),
    ).toContain('local/no-past-index');
    expect(
      await failures(
        "import { ResourceRegistry } from '../resources/engine';\nexport const x = ResourceRegistry;\n",
        'server/http/lint-probe.ts',
      ),
    ).toEqual([]);
  });

  it('fails on an import cycle', async () => {
    // src/auth/index.ts exports from tokens.ts: tokens.ts importing the index is a cycle.
    expect(
      await failures(
        "import { login } from './index';\nexport const x = login;\n",
        'src/auth/tokens.ts',
      ),
    ).toContain('import-x/no-cycle');
  });
});
