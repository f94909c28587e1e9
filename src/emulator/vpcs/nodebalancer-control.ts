/**
 * The control API's NodeBalancers in a subnet. The emulator serves no NodeBalancers, but the API
 * lists those with a VPC configuration in their subnet's answer (an id and an IPv4 range recorded,
 * LGO `TestVPC_Subnet_WithNodeBalancer`, 2026-02-02; IPv6 ranges in linodego's unit fixture), and
 * refuses deleting a VPC one is attached to (techdocs "Delete a VPC"). So
 * `PUT /_emulator/vpcs/:vpcId/subnets/:subnetId/nodebalancers` places made-up ones: the body is
 * the list as the subnet's answer shows it (`[]` takes them out again), checked against the model.
 */
import type { FastifyInstance } from "fastify";
import { SUBNET_NODEBALANCER, type ApiField } from "../../api/index.js";
import { NotFound } from "../failures.js";
import type { JsonSchema } from "../json-schema.js";
import type { Store } from "../store.js";
import { vpcOf } from "./links.js";
import { placeNodeBalancers } from "./today.js";

const fields: [string, ApiField][] = Object.entries(SUBNET_NODEBALANCER.fields);

/** A list entry as the model declares it: an integer id, a string range, a list of `{range}`. */
const entry: JsonSchema = {
  type: "object",
  additionalProperties: false,
  required: fields.filter(([, f]) => !f.absent).map(([k]) => k),
  properties: Object.fromEntries(
    fields.map(([k, f]) => [
      k,
      f.type === "integer"
        ? { type: "integer", minimum: 1 }
        : f.type === "string"
          ? { type: "string" }
          : {
              type: "array",
              items: { type: "object", required: ["range"], properties: { range: { type: "string" } } },
            },
    ]),
  ),
};

/** The body: the subnet's list as its answer shows it. */
const BODY: JsonSchema = { type: "array", items: entry };

/** The control route placing NodeBalancers in a subnet. */
export function nodeBalancerControl(app: FastifyInstance, store: Store): void {
  app.put<{ Params: { vpcId: string; subnetId: string }; Body: { id: number }[] }>(
    "/_emulator/vpcs/:vpcId/subnets/:subnetId/nodebalancers",
    { schema: { body: BODY } },
    async (req) => {
      const subnet = store.state.subnets.find(
        (s) => s.id === Number(req.params.subnetId) && vpcOf(s) === Number(req.params.vpcId),
      );
      if (!subnet) throw new NotFound();
      placeNodeBalancers(subnet, req.body);
      return req.body;
    },
  );
}
