/**
 * What a `DatabaseSnapshot` does in the program: its `backupId` output, read from the id, and the
 * check against the cluster size of a database the same program declares.
 */
import { argsBehind, type ProgramFailure } from "../../shared/engine/program-args.js";
import type { ProgramSide } from "../../shared/engine/resource-class.js";
import type { DatabaseSnapshotArgs } from "./args.js";
import { parseSnapshotId } from "./requests.js";

/**
 * `target: "secondary"` for a database this program declares with one node, which has no secondary:
 * the API would refuse the snapshot only in `up`.
 */
export function secondaryOfSingleNode(args: DatabaseSnapshotArgs): ProgramFailure[] {
  const db = argsBehind(args.instanceId);
  if (args.target !== "secondary" || !db || (db.clusterSize ?? 1) !== 1) return [];
  return [
    {
      property: "target" satisfies keyof DatabaseSnapshotArgs,
      reason:
        'target "secondary" needs a 3-node cluster, but the database that instanceId names is declared with ' +
        'clusterSize 1 and so has no secondary node; leave target out (or set it to "primary")',
    },
  ];
}

/** The program side of `DatabaseSnapshot`. */
export const SNAPSHOT_PROGRAM: ProgramSide<DatabaseSnapshotArgs> = {
  failures: secondaryOfSingleNode,
  idOutput: { name: "backupId", parse: (id) => parseSnapshotId(id)?.backupId as number },
};
