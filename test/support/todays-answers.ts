/**
 * The recorded answers of today's platform (test/fixtures/recorded-answers/todays-platform.json, its
 * README says where each comes from), for the client's, the emulator's and the providers' tests.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";

/** One recorded exchange: where it was recorded, what was sent, and the API's answer, unchanged. */
export interface Recorded {
  /** The cassette and the interaction's index in it. */
  from: string;
  /** The commit of linodego's repository the cassette was taken from. */
  commit: string;
  /** `METHOD /v4beta/path?query`, as recorded. */
  request: string;
  /** The request's body, when it had one. */
  sent?: Record<string, unknown>;
  status: number;
  answer: unknown;
}

const root = path.join(__dirname, "..", "..");

/**
 * Every recorded answer, by name. An entry whose answer the package itself holds (`answerIn`: the
 * engine settings' `GET /databases/{engine}/config`, src/api/engine-config) is read from there, so
 * the recording has one copy.
 */
export const RECORDED: Record<string, Recorded> = Object.fromEntries(
  Object.entries(
    JSON.parse(
      readFileSync(path.join(root, "test", "fixtures", "recorded-answers", "todays-platform.json"), "utf8"),
    ) as Record<string, Recorded & { answerIn?: string }>,
  ).map(([name, { answerIn, ...entry }]) => [
    name,
    answerIn ? { ...entry, answer: JSON.parse(readFileSync(path.join(root, answerIn), "utf8")) } : entry,
  ]),
);

/** A recorded database answer (a GET, POST or PUT of one database, or a list's entry). */
export type RecordedDatabase = Record<string, unknown> & { id: number; engine: "mysql" | "postgresql" };

/** Every database answer recorded (list entries included), with the name of its entry. */
export function recordedDatabases(): [string, RecordedDatabase][] {
  const out: [string, RecordedDatabase][] = [];
  for (const [name, e] of Object.entries(RECORDED)) {
    if (!/^\/v4beta\/databases\/(mysql\/|postgresql\/)?instances/.test(e.request.split(" ")[1]!)) continue;
    const a = e.answer as { data?: RecordedDatabase[] } & RecordedDatabase;
    if (Array.isArray(a.data)) a.data.forEach((d, i) => out.push([`${name}[${i}]`, d]));
    else if (typeof a.id === "number") out.push([name, a]);
  }
  return out;
}
