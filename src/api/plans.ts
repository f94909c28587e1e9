/**
 * The database plans (`GET /databases/types`): the entity the API answers, and the plans as
 * recorded (todays-platform.md §1.3, linodego's TestDatabase_Type.yaml, 2025-01-22). The cluster
 * sizes a plan offers are the platform's rule (platforms.ts); a plan's `engines` lists one price
 * per size, derived from that rule, so the two cannot disagree.
 */
import type { Answer } from "./bodies.js";
import { entity, type Platform } from "./field.js";
import { clusterSizesOf, planClass } from "./platforms.js";

const SOURCE = "todays-platform.md §1.3 (TestDatabase_Type.yaml, 2025-01-22)";

/** A price of a plan at one cluster size. */
export const PLAN_PRICE = entity({
  name: "Database plan price",
  fields: {
    hourly: { type: "number", source: `${SOURCE}: price.hourly, US dollars (a number)` },
    monthly: { type: "number", source: `${SOURCE}: price.monthly, US dollars (a number)` },
  },
});

/** One cluster size a plan offers, with its price. */
export const PLAN_SIZE = entity({
  name: "Database plan size",
  fields: {
    price: { type: { object: PLAN_PRICE }, source: `${SOURCE}: engines.<engine>[].price {hourly, monthly}` },
    quantity: { type: "integer", source: `${SOURCE}: engines.<engine>[].quantity, the cluster size` },
  },
});

/** The sizes a plan offers, per engine. */
export const PLAN_ENGINES = entity({
  name: "Database plan engines",
  fields: {
    mysql: { type: { array: PLAN_SIZE }, source: `${SOURCE}: engines.mysql` },
    postgresql: { type: { array: PLAN_SIZE }, source: `${SOURCE}: engines.postgresql` },
  },
});

/** A database plan, keys in the recorded order (alphabetical; no `deprecated` key though clients model one). */
export const DATABASE_TYPE = entity({
  name: "Database plan",
  fields: {
    class: {
      type: "string",
      filterable: true,
      source: `${SOURCE}: class (nanode, standard, dedicated); filterable as the later published descriptions mark it`,
    },
    disk: { type: "integer", source: `${SOURCE}: disk, in MB (9216 for g6-nanode-1)` },
    engines: { type: { object: PLAN_ENGINES }, source: `${SOURCE}: engines {mysql, postgresql}` },
    id: { type: "string", source: `${SOURCE}: id` },
    label: { type: "string", source: `${SOURCE}: label (DBaaS - ...)` },
    memory: { type: "integer", source: `${SOURCE}: memory, in MB` },
    vcpus: { type: "integer", source: `${SOURCE}: vcpus` },
  },
});

/** A plan's facts as recorded: everything but its sizes, which the platform decides. */
interface PlanFacts {
  readonly id: string;
  readonly label: string;
  readonly disk: number;
  readonly memory: number;
  readonly vcpus: number;
  /** Price by cluster size: [hourly, monthly] (the same for both engines in the recording). */
  readonly prices: Readonly<Record<number, readonly [number, number]>>;
}

/** The 18 plans recorded, in the recorded order. */
const PLANS: readonly PlanFacts[] = [
  plan("g6-nanode-1", "Nanode 1GB", 9216, 1024, 1, { 1: [0.024, 16], 3: [0.055, 37] }),
  plan("g6-standard-1", "Linode 2GB", 30720, 2048, 1, { 1: [0.047, 32], 3: [0.11, 74] }),
  plan("g6-standard-2", "Linode 4GB", 59392, 4096, 2, { 1: [0.094, 63], 3: [0.22, 147] }),
  plan("g6-standard-4", "Linode 8GB", 133120, 8192, 4, { 1: [0.189, 126], 3: [0.441, 294] }),
  plan("g6-standard-6", "Linode 16GB", 286720, 16384, 6, { 1: [0.378, 252], 3: [0.882, 588] }),
  plan("g6-standard-8", "Linode 32GB", 589824, 32768, 8, { 1: [0.756, 504], 3: [1.764, 1176] }),
  plan("g6-standard-16", "Linode 64GB", 1206272, 65536, 16, { 1: [1.512, 1008], 3: [3.528, 2352] }),
  plan("g6-standard-20", "Linode 96GB", 1830912, 98304, 20, { 1: [2.268, 1512], 3: [5.317, 3545] }),
  plan("g6-standard-24", "Linode 128GB", 2439168, 131072, 24, { 1: [3.024, 2016], 3: [7.09, 4726] }),
  plan("g6-standard-32", "Linode 192GB", 3686400, 196608, 32, { 1: [4.536, 3025], 3: [10.634, 7090] }),
  plan("g6-dedicated-2", "Dedicated 4GB", 59392, 4096, 2, { 1: [0.102, 68], 2: [0.214, 143], 3: [0.307, 206] }),
  plan("g6-dedicated-4", "Dedicated 8GB", 133120, 8192, 4, { 1: [0.204, 136], 2: [0.427, 285], 3: [0.615, 410] }),
  plan("g6-dedicated-8", "Dedicated 16GB", 286720, 16384, 8, { 1: [0.409, 273], 2: [0.885, 590], 3: [1.228, 819] }),
  plan("g6-dedicated-16", "Dedicated 32GB", 589824, 32768, 16, {
    1: [0.819, 546],
    2: [1.752, 1168],
    3: [2.457, 1638],
  }),
  plan("g6-dedicated-32", "Dedicated 64GB", 1206272, 65536, 32, {
    1: [1.759, 1173],
    2: [3.547, 2365],
    3: [5.188, 3459],
  }),
  plan("g6-dedicated-48", "Dedicated 96GB", 1830912, 98304, 48, {
    1: [2.639, 1759],
    2: [5.448, 3632],
    3: [7.792, 5195],
  }),
  plan("g6-dedicated-50", "Dedicated 128GB", 2379776, 131072, 50, {
    1: [3.511, 2341],
    2: [7.132, 4755],
    3: [10.108, 6739],
  }),
  plan("g6-dedicated-56", "Dedicated 256GB", 4816896, 262144, 56, {
    1: [7.032, 4684],
    2: [13.677, 9118],
    3: [20.329, 13553],
  }),
];

function plan(
  id: string,
  size: string,
  disk: number,
  memory: number,
  vcpus: number,
  prices: PlanFacts["prices"],
): PlanFacts {
  return { id, label: `DBaaS - ${size}`, disk, memory, vcpus, prices };
}

/** A plan as the API answers it. */
export type DatabasePlan = Answer<typeof DATABASE_TYPE>;

/**
 * The plans a database on `platform` may take, as the API answers them: each with the cluster
 * sizes the platform offers on it (1, 3 on shared plans; 1, 2, 3 on dedicated ones on today's),
 * priced as recorded.
 */
export function databasePlans(platform: Platform): DatabasePlan[] {
  return PLANS.map((p) => {
    const sizes = clusterSizesOf(platform, p.id).map((quantity) => {
      const [hourly, monthly] = p.prices[quantity]!;
      return { price: { hourly, monthly }, quantity };
    });
    return {
      class: planClass(p.id),
      disk: p.disk,
      engines: { mysql: sizes, postgresql: sizes.map((s) => ({ ...s, price: { ...s.price } })) },
      id: p.id,
      label: p.label,
      memory: p.memory,
      vcpus: p.vcpus,
    };
  });
}
