/**
 * Writing the generated program to `--out`: never over an existing file unless asked, never
 * through a symbolic link, and never half-written. The text goes to a new file of an
 * unpredictable name in the same directory (created exclusively, so no planted file or link is
 * opened), which then takes the target's name in one step: a hard link that fails when the name
 * exists, or with `force` a rename, which replaces a link itself rather than what it points to.
 */
import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fsyncSync,
  linkSync,
  lstatSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";

/** The program could not be written; the message says why and names the file. */
export class OutputError extends Error {}

/** Writes `text` to `file` as described above; throws {@link OutputError}. */
export function writeProgramFile(file: string, text: string, force: boolean): void {
  const existing = kindOf(file);
  if (existing !== undefined && !force)
    throw new OutputError(`${file} already exists (${existing}); add --force to replace it, or choose another --out`);
  if (existing === "a directory") throw new OutputError(`${file} is a directory`);
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(8).toString("hex")}.tmp`);
  let fd: number;
  try {
    fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o666);
  } catch (err) {
    throw new OutputError(`cannot write ${file}: ${(err as Error).message}`);
  }
  let renamed = false;
  try {
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (force) {
      renameSync(temp, file);
      renamed = true;
    } else {
      linkSync(temp, file);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST")
      throw new OutputError(`${file} already exists; add --force to replace it, or choose another --out`);
    throw new OutputError(`cannot write ${file}: ${(err as Error).message}`);
  } finally {
    if (!renamed) unlinkSync(temp);
  }
}

/** What is at `file` now, without following a link; undefined when nothing. */
function kindOf(file: string): string | undefined {
  try {
    const s = lstatSync(file);
    return s.isSymbolicLink() ? "a symbolic link" : s.isDirectory() ? "a directory" : "a file";
  } catch {
    return undefined;
  }
}
