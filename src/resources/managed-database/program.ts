/**
 * What `MysqlDatabase` and `PostgresqlDatabase` do in the program: the `instanceId` output, and
 * their arguments left where a `DatabaseSnapshot` naming them finds them (the secondary-node check).
 */
import type { ProgramSide } from "../../shared/engine/resource-class.js";

/** The program side of both database resources. */
export const DATABASE_PROGRAM: ProgramSide<object> = {
  idOutput: { name: "instanceId", parse: Number },
  remembered: true,
};
