/**
 * Today's platform's changes of a database in place (todays-platform.md §2): a plan or cluster
 * size through `resizing`, a newer major version through `updating`, each landing on the
 * emulator's clock. The contract's platform resizes through `updating` (model.ts).
 */
import { majorOf } from "../../api/index.js";
import type { ErrorList } from "../failures.js";
import type { Store } from "../store.js";
import type { Resize } from "./fields.js";
import { catalogueOf, fullVersion, platformOf } from "./platform.js";
import type { DatabaseRecord } from "./fields.js";
import { DATABASE_KEYS as KEYS } from "../model-names.js";

/**
 * The major version an update of today's platform upgrades to, checked: a newer major of the
 * same engine in today's catalogue, in a request without a resize. The API's texts are
 * UNVERIFIED (todays-platform.md §2.2); these name the field and what it takes.
 */
export function upgradeOf(
  store: Store,
  db: DatabaseRecord,
  version: string | undefined,
  resize: Resize | undefined,
  errors: ErrorList,
): string | undefined {
  const current = majorOf(db.version);
  if (version === undefined || version === current) return undefined;
  const newer = catalogueOf(store.state, platformOf(db))
    .filter((e) => e.engine === db.engine && Number(e.version) > Number(current))
    .map((e) => e.version);
  if (!newer.includes(version))
    errors.add(
      KEYS.version,
      newer.length
        ? `Must be a newer major version of ${db.engine} than ${current}: one of ${newer.join(", ")}`
        : `Must be a newer major version of ${db.engine} than ${current}; there is none`,
    );
  else if (resize) errors.add(KEYS.version, "Upgrade the version in a request of its own, not with a resize");
  return version;
}

/** Starts today's resize (`resizing`) or major upgrade (`updating`): the record changes as it lands. */
export function startChange(
  store: Store,
  db: DatabaseRecord,
  resize: Resize | undefined,
  upgrade: string | undefined,
): void {
  const now = store.clock.now();
  if (resize) {
    db.status = "resizing";
    db.pending.push({
      at: now + store.timings.resizeSeconds * 1000,
      kind: "transition",
      from: "resizing",
      to: "active",
      settings: resize,
    });
  } else if (upgrade) {
    db.status = "updating";
    db.pending.push({
      at: now + store.timings.upgradeSeconds * 1000,
      kind: "transition",
      from: "updating",
      to: "active",
      settings: { version: fullVersion(upgrade) },
    });
  }
}
