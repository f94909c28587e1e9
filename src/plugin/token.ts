/**
 * Type tokens of the plugin's resources and functions, shared by the plugin and the program-side
 * classes (which must not load the plugin's modules).
 */

/** The package name: the `cloudplatform` of `cloudplatform:index:Vpc` and of `cloudplatform:token`. */
export const PACKAGE = "cloudplatform";

/** The token of a resource or function name: `cloudplatform:index:<name>`. */
export function token(name: string): string {
  return `${PACKAGE}:index:${name}`;
}
