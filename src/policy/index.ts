/**
 * `pulumi-cloudplatform/policy`: policies (Pulumi CrossGuard, `@pulumi/policy`) that stop, at
 * preview, the changes that expose or lose a managed database, for both the dynamic resources and
 * the plugin's. The package's ready pack (`policy-pack/`) runs them all; a pack of one's own takes
 * them from here:
 *
 * ```typescript
 * import { PolicyPack } from "@pulumi/policy";
 * import { policiesWith } from "pulumi-cloudplatform/policy";
 *
 * new PolicyPack("my-company", { policies: policiesWith({ "database-encrypted": "mandatory" }) });
 * ```
 *
 * `@pulumi/policy` is an optional peer dependency: only a policy pack needs it.
 */
import type { EnforcementLevel, ResourceValidationPolicy } from "@pulumi/policy";
import {
  databaseAllowListNotOpen,
  databaseEncrypted,
  databaseMultiNode,
  databaseMultiNodeStacks,
  databaseProtected,
  databaseSslRequired,
  databaseVpcPublicAccessNotOpen,
} from "./policies.js";

export {
  databaseAllowListNotOpen,
  databaseEncrypted,
  databaseMultiNode,
  databaseMultiNodeStacks,
  databaseProtected,
  databaseSslRequired,
  databaseVpcPublicAccessNotOpen,
  type MultiNodeStacksConfig,
} from "./policies.js";
export { databaseOf, type DatabaseView, type PolicyResource } from "./database.js";

/** Every policy of the package, each at its default enforcement level. */
export const policies: readonly ResourceValidationPolicy[] = Object.freeze([
  databaseAllowListNotOpen,
  databaseVpcPublicAccessNotOpen,
  databaseEncrypted,
  databaseSslRequired,
  databaseMultiNode,
  databaseMultiNodeStacks,
  databaseProtected,
]);

/** The name of one of {@link policies}. */
export type PolicyName =
  | "database-allow-list-not-open"
  | "database-vpc-public-access-not-open"
  | "database-encrypted"
  | "database-ssl-required"
  | "database-multi-node"
  | "database-multi-node-stacks"
  | "database-protected";

/**
 * Copies of {@link policies} with the enforcement levels given by name (the others keep their
 * defaults). An unknown name throws, so a typo does not silently leave a policy at its default.
 */
export function policiesWith(levels: Partial<Record<PolicyName, EnforcementLevel>>): ResourceValidationPolicy[] {
  const names = new Set<string>(policies.map((p) => p.name));
  for (const name of Object.keys(levels))
    if (!names.has(name))
      throw new Error(`policiesWith: no policy named "${name}" (policies: ${[...names].join(", ")})`);
  return policies.map((p) => {
    const level = levels[p.name as PolicyName];
    return level === undefined ? { ...p } : { ...p, enforcementLevel: level };
  });
}
