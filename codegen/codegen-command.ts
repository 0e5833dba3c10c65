/**
 * `npm run codegen` as a function: reads a schema folder, writes `src/generated/` and
 * `locales/generated/` (docs/architecture.md "The layers"). Shared by `cli.ts` and `drift.ts`.
 */
import { generate, type GeneratedFiles } from './emit/generate';
import { parseSchemaFiles } from './emit/schema-input';
import { readFileMap, writeFileMap } from './lib/files';

/** Default folders, relative to the repository root. */
export const DEFAULT_SCHEMA_DIR = 'schema';
export const DEFAULT_GENERATED_DIR = 'src/generated';
export const DEFAULT_LOCALES_DIR = 'locales/generated';

/** Runs codegen on the snapshot in `schemaDir` and returns the files, without writing them. */
export async function generateFromDir(schemaDir: string): Promise<GeneratedFiles> {
  return generate(parseSchemaFiles(await readFileMap(schemaDir)));
}

/** Writes generated files; each folder ends up holding exactly its generated files. */
export async function writeGenerated(
  files: GeneratedFiles,
  generatedDir: string,
  localesDir: string,
): Promise<void> {
  await writeFileMap(generatedDir, files.generated);
  await writeFileMap(localesDir, files.locales);
}
