/**
 * `npm run schema:pull [-- --url http://host/api/v1] [--token <bearer>]
 * [--email e --password p] [--out schema]`: snapshots a running API into `schema/`.
 * Without `--url`: `http://localhost:$PORT/api/v1` when `PORT` is set, else port 8000.
 */
import { parseFlags, runMain } from './lib/args';
import { writeFileMap } from './lib/files';
import { optional } from './lib/json';
import { pullCredentials, pullSchema, pullUrl } from './pull/pull-schema';

runMain(async () => {
  const flags = parseFlags(process.argv.slice(2), ['url', 'token', 'email', 'password', 'out']);
  const url = pullUrl(flags.get('url'), process.env);
  const out = flags.get('out') ?? 'schema';
  const credentials = pullCredentials(
    { ...optional('email', flags.get('email')), ...optional('password', flags.get('password')) },
    process.env,
  );
  const files = await pullSchema({ url, ...optional('token', flags.get('token')), ...credentials });
  await writeFileMap(out, files);
  console.log(`schema:pull: ${url} → ${out}/ (${files.size} files)`);
  return 0;
});
