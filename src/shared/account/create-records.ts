/**
 * Records of creates in flight, kept on this machine so that a `pulumi up` run again after an
 * interrupted one can prove which object under a label its own create made. A record is written
 * just before a create request is sent and dropped once the engine gets the answer (the object's
 * id, or a refusal); only a run that stops in between (a killed `pulumi up`) leaves one behind.
 * Records live in `$PULUMI_HOME/cloudplatform/creates` (`~/.pulumi` when PULUMI_HOME is unset),
 * one small JSON file per create, named by a hash of the API URL, the resource's URN and the
 * claim scope (what the label is unique in, with the label). Why a local record and what a fresh
 * CI runner does instead: docs/resources.md, "A `pulumi up` that was interrupted".
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import * as path from "node:path";

/** Which create a record belongs to. */
export interface CreateKey {
  /** The API's base URL: the same stack against another API is another create. */
  apiUrl: string;
  /** The resource's URN: project, stack, type and name. */
  urn: string;
  /** What the label is unique in, with the label: `vpc:web`, `database:orders-db`, ... */
  scope: string;
}

/** What a record holds. */
export interface CreateRecord extends CreateKey {
  /**
   * The highest API id among the objects of the scope's list just before the create was sent: an
   * object made by that create has a higher one. Ids, not times, because the API's clock and this
   * machine's need not agree.
   */
  maxId: number;
}

/** The folder that holds the records. */
export function recordsDir(): string {
  const home = process.env.PULUMI_HOME || path.join(homedir(), ".pulumi");
  return path.join(home, "cloudplatform", "creates");
}

function fileOf(key: CreateKey): string {
  const hash = createHash("sha256").update(`${key.apiUrl}\n${key.urn}\n${key.scope}`).digest("hex");
  return path.join(recordsDir(), `${hash.slice(0, 32)}.json`);
}

/** Writes the record of a create about to be sent (atomically: a kill never leaves half a file). */
export async function writeRecord(key: CreateKey, maxId: number): Promise<void> {
  const file = fileOf(key);
  await mkdir(path.dirname(file), { recursive: true });
  const record: CreateRecord = { apiUrl: key.apiUrl, urn: key.urn, scope: key.scope, maxId };
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(record));
  await rename(temporary, file);
}

/** The record an earlier, interrupted attempt of this create left, if any (an unreadable one counts as none). */
export async function readRecord(key: CreateKey): Promise<CreateRecord | undefined> {
  try {
    const record = JSON.parse(await readFile(fileOf(key), "utf8")) as Partial<CreateRecord>;
    const matches = record.apiUrl === key.apiUrl && record.urn === key.urn && record.scope === key.scope;
    return matches && typeof record.maxId === "number" ? (record as CreateRecord) : undefined;
  } catch {
    return undefined;
  }
}

/** Drops the record once the answer is in; a record that cannot be removed only outlives its use. */
export async function dropRecord(key: CreateKey): Promise<void> {
  await rm(fileOf(key), { force: true }).catch(() => undefined);
}
