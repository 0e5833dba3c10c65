/**
 * Formats generated TypeScript with Prettier's API, with fixed options (the repository's
 * `.prettierrc.json` values) so output does not depend on where codegen runs.
 */
import { format } from 'prettier';

/** The options of the repository's `.prettierrc.json`, spelled out for determinism. */
export const PRETTIER_OPTIONS = {
  singleQuote: true,
  printWidth: 100,
  trailingComma: 'all',
} as const;

/** Prettier-formatted TypeScript source. */
export async function formatTypeScript(source: string): Promise<string> {
  return format(source, { ...PRETTIER_OPTIONS, parser: 'typescript' });
}
