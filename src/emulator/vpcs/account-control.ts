/**
 * The control API's switch of the account's VPC settings (vpcs/account.ts):
 * `GET /_emulator/vpc-account` shows them, `PUT /_emulator/vpc-account` takes the account's IPv6
 * access away or gives it back (`ipv6`), and sets the IPv6 prefix lengths regions offer
 * (`prefixLengths`, by region id, e.g. `{"us-east": [52, 48, 44]}`; an empty list goes back to
 * the default /52). `/_emulator/reset` comes back to the emulator's `vpcIpv6` option.
 */
import type { FastifyInstance } from "fastify";
import { VPC_IPV6_PREFIX_LENGTHS } from "../../api/index.js";
import type { Store } from "../store.js";

/** Body of `PUT /_emulator/vpc-account`. */
export interface VpcAccountBody {
  ipv6?: boolean;
  prefixLengths?: Record<string, number[]>;
}

const body = {
  type: "object",
  additionalProperties: false,
  properties: {
    ipv6: { type: "boolean" },
    prefixLengths: {
      type: "object",
      additionalProperties: { type: "array", items: { type: "integer", enum: [...VPC_IPV6_PREFIX_LENGTHS] } },
    },
  },
};

/** The control routes of the account's VPC settings. */
export function vpcAccountControl(app: FastifyInstance, store: Store): void {
  const view = () => ({
    ipv6: store.vpcAccount.ipv6,
    prefixLengths: Object.fromEntries(store.vpcAccount.prefixLengths),
  });
  app.get("/_emulator/vpc-account", async () => view());
  app.put<{ Body: VpcAccountBody }>("/_emulator/vpc-account", { schema: { body } }, async (req) => {
    if (req.body.ipv6 !== undefined) store.vpcAccount.ipv6 = req.body.ipv6;
    for (const [region, lengths] of Object.entries(req.body.prefixLengths ?? {})) {
      if (lengths.length === 0) store.vpcAccount.prefixLengths.delete(region);
      else
        store.vpcAccount.prefixLengths.set(
          region,
          [...new Set(lengths)].sort((a, b) => b - a),
        );
    }
    return view();
  });
}
