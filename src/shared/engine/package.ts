/**
 * The Pulumi package name, declared once: the `cloudplatform` of the plugin's type tokens
 * (`cloudplatform:index:Vpc`), of the dynamic resources' tokens
 * (`pulumi-nodejs:dynamic/cloudplatform:Vpc`) and of the configuration keys (`cloudplatform:token`).
 */
export const PACKAGE = "cloudplatform";

/** The plugin's token of a resource or function name: `cloudplatform:index:<name>`. */
export function token(name: string): string {
  return `${PACKAGE}:index:${name}`;
}

/** The dynamic resource's type token of a resource name: `pulumi-nodejs:dynamic/cloudplatform:<name>`. */
export function dynamicToken(name: string): string {
  return `pulumi-nodejs:dynamic/${PACKAGE}:${name}`;
}
