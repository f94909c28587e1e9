/**
 * The report on standard error after an import: what the account holds, what the program adopts,
 * what it leaves out and why, and what to know before the first `pulumi up`. Kept apart from the
 * program so that the program stays a pure function of the adopted objects.
 */
import type { ResourceClass } from "./naming.js";
import type { ProgramModel } from "./program.js";
import type { Account, FoundKind } from "./read.js";

const FOUND_ORDER: [FoundKind, string][] = [
  ["vpc", "VPC(s)"],
  ["subnet", "subnet(s)"],
  ["mysql", "MySQL database(s)"],
  ["postgresql", "PostgreSQL database(s)"],
  ["snapshot", "snapshot(s)"],
  ["auto", "automatic backup(s)"],
];

const CLASS_ORDER: ResourceClass[] = ["Vpc", "VpcSubnet", "MysqlDatabase", "PostgresqlDatabase", "DatabaseSnapshot"];

/** The summary as lines (without trailing newlines). */
export function summarize(account: Account, model: ProgramModel): string[] {
  const lines: string[] = [];
  const found = FOUND_ORDER.filter(([k]) => account.found[k] !== undefined).map(
    ([k, what]) => `${account.found[k]} ${what}`,
  );
  lines.push(`Found: ${found.length > 0 ? found.join(", ") : "nothing (no kind selected)"}.`);
  const counts = CLASS_ORDER.map((cls) => [cls, model.declarations.filter((d) => d.cls === cls).length] as const)
    .filter(([, n]) => n > 0)
    .map(([cls, n]) => `${n} ${cls}`);
  lines.push(`Adopted: ${model.declarations.length} resource(s)${counts.length > 0 ? ` (${counts.join(", ")})` : ""}.`);
  if (!account.snapshotsRead)
    lines.push("Snapshots were not read: add --snapshots to adopt the databases' on-demand snapshots.");
  const leftOut = [...account.leftOut, ...model.unwritable];
  if (leftOut.length > 0) {
    lines.push(`Left out (${leftOut.length}):`);
    for (const l of leftOut) lines.push(`  - ${l.what}: ${l.why}`);
  } else {
    lines.push("Left out: nothing.");
  }
  const notes = [
    ...account.notes,
    ...model.ambiguousRanges.map(
      (r) => `allow-list entry ${r} is the range of more than one adopted subnet, so it stays a literal`,
    ),
  ];
  if (notes.length > 0) {
    lines.push("Notes:");
    for (const n of notes) lines.push(`  - ${n}`);
  }
  lines.push("Secrets (root passwords, CA certificates, the API token) are not in the program.");
  return lines;
}
