/**
 * How the plugin SDK's look-ups reach the plugin: an invoke of the function's token, which the
 * engine sends to the provider of `opts` (an explicit `Provider`, or the default one). The types
 * are those of the dynamic package's look-up of the same name, so both flavours take and give the
 * same shapes; only types are taken from there, so the SDK never loads the API client.
 */
import * as pulumi from "@pulumi/pulumi";
import { token } from "../shared/engine/package.js";

/** A look-up of the dynamic package, as a type. */
type LookUpFn = (args: never) => Promise<unknown>;

/** The arguments a look-up takes. */
export type ArgsOf<F extends LookUpFn> = NonNullable<Parameters<F>[0]>;

/** What a look-up gives. */
export type ResultOf<F extends LookUpFn> = Awaited<ReturnType<F>>;

/** Arguments whose values may be Inputs (Outputs of other resources included). */
export type InputsOf<A> = { [K in keyof A]: pulumi.Input<A[K]> };

/** The promise form: the plugin's answer as plain values (as Pulumi's plain invoke, secrets unwrapped). */
export function invokeLookUp<R>(name: string, args: object, opts?: pulumi.InvokeOptions): Promise<R> {
  return pulumi.runtime.invoke(token(name), args, opts) as Promise<R>;
}

/** The Output form: waits for Inputs, and keeps the answer secret where the plugin marked a secret. */
export function invokeLookUpOutput<R>(name: string, args: object, opts?: pulumi.InvokeOutputOptions): pulumi.Output<R> {
  return pulumi.runtime.invokeOutput(token(name), args, opts) as pulumi.Output<R>;
}
