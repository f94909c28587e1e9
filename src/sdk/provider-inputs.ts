/**
 * What the plugin SDK's `Provider` registers: its settings as the engine hands them to the plugin's
 * CheckConfig and Configure (src/plugin/config.ts), the token as a secret however it was given.
 */
import * as pulumi from "@pulumi/pulumi";

/** The settings of an explicit provider (the generated `ProviderArgs`). */
export interface ProviderSettings {
  apiUrl?: pulumi.Input<string>;
  token?: pulumi.Input<string>;
  allowInsecureHttp?: pulumi.Input<boolean>;
  databasePlatform?: pulumi.Input<string>;
}

/**
 * The provider's inputs. The token is wrapped as a secret before it is registered, so the state
 * and the engine's display never show it. `allowInsecureHttp` goes as JSON text, as Pulumi's
 * generated SDKs send non-string provider settings; the plugin reads either form.
 */
export function providerInputs(args: ProviderSettings): pulumi.Inputs {
  return {
    apiUrl: args.apiUrl,
    token: args.token === undefined ? undefined : pulumi.secret(args.token),
    allowInsecureHttp:
      args.allowInsecureHttp === undefined ? undefined : pulumi.output(args.allowInsecureHttp).apply(JSON.stringify),
    databasePlatform: args.databasePlatform,
  };
}

/** The user's options, with the token among the secret outputs (merged as Pulumi merges options). */
export function providerOptions(opts: pulumi.ResourceOptions | undefined): pulumi.ResourceOptions {
  const secret: pulumi.CustomResourceOptions = { additionalSecretOutputs: ["token"] };
  return pulumi.mergeOptions(opts, secret);
}
