/**
 * Files as data: a {@link FileMap} (relative POSIX path → text) is what pull and codegen
 * produce, what drift compares, and what the CLIs write. Keeps I/O at the edges.
 */
import { mkdir, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

/** Relative POSIX path → file text. */
export type FileMap = ReadonlyMap<string, string>;

/** All files under `dir` (recursively), keyed by relative POSIX path; empty when `dir` is missing. */
export async function readFileMap(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const path of (await listFiles(dir)).sort()) {
    files.set(relative(dir, path).split(sep).join('/'), await readFile(path, 'utf8'));
  }
  return files;
}

/**
 * Makes `dir` hold exactly `files`: writes each (only when changed, so timestamps stay) and
 * deletes files that are not in the map. Only for folders codegen owns wholly.
 */
export async function writeFileMap(dir: string, files: FileMap): Promise<void> {
  const existing = await readFileMap(dir);
  for (const [path, text] of files) {
    if (existing.get(path) === text) continue;
    const target = join(dir, ...path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text, 'utf8');
  }
  for (const path of existing.keys()) {
    if (!files.has(path)) await rm(join(dir, ...path.split('/')));
  }
  await removeEmptyDirs(dir, false);
}

async function listFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

async function removeEmptyDirs(dir: string, removeSelf: boolean): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) await removeEmptyDirs(join(dir, entry.name), true);
  }
  if (removeSelf && (await readdir(dir)).length === 0) await rmdir(dir);
}
