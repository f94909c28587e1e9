/**
 * The database's hosts in the preview of an update. Only a change of its network, plan or node
 * count gives it new hosts (what the official provider's plan also says, todays-platform.md §5),
 * and a credentials rotation a new password: those outputs are unknown at preview then, and only
 * then. Every other update (an allow list, a window, a label, engine settings) keeps them known,
 * so that a resource taking the host as input, or a provider configured from it, is not planned
 * as changing.
 */
import type { EngineType } from "../../client/index.js";
import { client } from "../../shared/runtime/context.js";
import { pulumiRpc } from "../../shared/engine/pulumi-sdk.js";
import type { Bag } from "../../shared/fields/validate.js";
import { fetchSecrets, stateOf, type Secrets } from "./state.js";
import type { DATABASE_OUTPUT_FIELDS } from "./output-fields.js";
import type { DATABASE_INPUT_FIELDS } from "./input-fields.js";
import type { Database } from "../../client/index.js";
import type { DatabaseBag } from "./bag.js";

/** The outputs that name the hosts, and the inputs whose change gives the database new ones. */
const HOSTS: readonly (keyof typeof DATABASE_OUTPUT_FIELDS)[] = [
  "hosts",
  "standbyHost",
  "connectionUri",
  "secondaryConnectionUri",
];
const MOVES_HOSTS: readonly string[] = [
  "privateNetwork",
  "type",
  "clusterSize",
] satisfies readonly (keyof typeof DATABASE_INPUT_FIELDS)[];
/** The outputs that hold the root password, and the trigger that changes it. */
const PASSWORD = ["rootPassword", "connectionUri", "secondaryConnectionUri"];
const NEW_PASSWORD = "credentialsRotation";
/** The outputs above that are secret. */
const SECRET = new Set(PASSWORD);

/** The outputs an update that changes the inputs `changed` makes new: unknown in its preview. */
export function unknownAtPreview(changed: readonly string[]): string[] {
  const out = new Set<string>();
  if (changed.some((k) => MOVES_HOSTS.includes(k))) for (const k of HOSTS) out.add(k);
  if (changed.includes(NEW_PASSWORD)) for (const k of PASSWORD) out.add(k);
  return [...out];
}

/** The key the dynamic-provider host adds to every bag it hands over (the serialized provider); the plugin has none. */
const DYNAMIC_KEY = "__provider";

/**
 * The hosts an update keeps, for the inputs `check` returns in the dynamic flavour: the engine
 * answers the preview of an update of a dynamic resource with its checked inputs as outputs (the
 * dynamic-provider host has no previews of its own), so an output not among them is unknown. Read
 * from the API (the database by its label, unique in the account; the credentials for the URIs,
 * carried as secrets) only when an update is due and keeps them; nothing when the plugin asks
 * (its preview keeps the state's), when nothing changes, or when they cannot be read (unknown:
 * never a stale value).
 */
export async function keptHosts(
  engine: EngineType,
  olds: DatabaseBag,
  news: Bag,
  changing: readonly string[],
): Promise<Bag> {
  const label = olds.label;
  if (!(DYNAMIC_KEY in news) || changing.length === 0 || typeof label !== "string") return {};
  const unknown = unknownAtPreview(changing);
  if (HOSTS.every((k) => unknown.includes(k))) return {};
  try {
    const api = client().database(engine);
    const db = (await api.list({ filter: { label } satisfies Partial<Database> })).find((d) => d.label === label);
    if (!db) return {};
    const secrets: Secrets = db.status === "active" ? await fetchSecrets(api, db.id).catch(() => ({})) : {};
    const state = stateOf(engine, db, {}, secrets);
    const out: Bag = {};
    const { specialSecretSig, specialSigKey } = pulumiRpc();
    for (const k of HOSTS)
      if (!unknown.includes(k) && state[k] !== undefined)
        out[k] = SECRET.has(k) ? { [specialSigKey]: specialSecretSig, value: state[k] } : state[k];
    return out;
  } catch {
    return {};
  }
}
