/**
 * `npm run codegen [-- --schema schema --out src/generated --locales locales/generated]`:
 * turns the committed schema snapshot into `src/generated/` and `locales/generated/`.
 */
import {
  DEFAULT_GENERATED_DIR,
  DEFAULT_LOCALES_DIR,
  DEFAULT_SCHEMA_DIR,
  generateFromDir,
  writeGenerated,
} from './codegen-command';
import { parseFlags, runMain } from './lib/args';

runMain(async () => {
  const flags = parseFlags(process.argv.slice(2), ['schema', 'out', 'locales']);
  const schemaDir = flags.get('schema') ?? DEFAULT_SCHEMA_DIR;
  const outDir = flags.get('out') ?? DEFAULT_GENERATED_DIR;
  const localesDir = flags.get('locales') ?? DEFAULT_LOCALES_DIR;
  const files = await generateFromDir(schemaDir);
  await writeGenerated(files, outDir, localesDir);
  console.log(
    `codegen: ${schemaDir}/ → ${outDir}/ (${files.generated.size} files), ${localesDir}/ (${files.locales.size} files)`,
  );
  return 0;
});
