/**
 * An account without IPv6 access in VPCs: the API answers a create that asks for `ipv6` with 200
 * and silently leaves the prefix out (todays-vpcs.md §1.2, TF #2248). The create then fails naming
 * `ipv6` and the account's missing feature, and the object just made is deleted, so nothing is
 * left outside the state; should the delete fail too, the failure records the object in the
 * state (ResourceInitError), so `destroy` removes it.
 */
import { VPC_CAPABILITIES } from "../../api/index.js";
import { ResourceInitError } from "../../shared/runtime/provider-errors.js";
import type { Subnet, Vpc } from "../../client/index.js";
import type { Bag, InputBag } from "../../shared/fields/validate.js";
import type { VpcArgs } from "./args.js";
import type { VpcSubnetArgs } from "../vpc-subnet/args.js";

const asked = (v: unknown): boolean => Array.isArray(v) && v.length > 0;

/**
 * `made` when its answer holds the `ipv6` the inputs asked for; otherwise deletes it with `remove`
 * and throws. `what` names it (`VPC 7`, `subnet 9 of VPC 7`); `state` is its state, should the
 * delete fail.
 */
export async function unlessIpv6Dropped<T extends Vpc | Subnet>(
  inputs: InputBag<VpcArgs> | InputBag<VpcSubnetArgs>,
  made: T,
  what: string,
  remove: () => Promise<void>,
  state: () => Bag,
): Promise<T> {
  if (!asked(inputs.ipv6) || asked(made.ipv6)) return made;
  const failure = new Error(
    `ipv6: the API made ${what} without the IPv6 range it was asked for: the account lacks the ` +
      `"${VPC_CAPABILITIES.accountDualStack}" feature (IPv6 in VPCs, limited availability). ` +
      "Ask for access to it, or leave ipv6 out.",
  );
  try {
    await remove();
  } catch (err) {
    throw new ResourceInitError(
      String(made.id),
      state(),
      inputs,
      new Error(`${failure.message} Deleting ${what} failed too: ${String(err)}`),
    );
  }
  throw new Error(`${failure.message} ${what} was deleted again, so nothing is left behind.`);
}
