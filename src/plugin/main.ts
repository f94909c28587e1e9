/**
 * `pulumi-resource-cloudplatform` (bin/ of the package runs this): the provider plugin the engine starts. It serves the resource
 * provider protocol on a free port of 127.0.0.1 and prints the port, which is how the engine finds
 * it. The first argument is the engine's address: warnings of the resource modules go there.
 */
import * as grpc from "@grpc/grpc-js";

async function main(args: readonly string[]): Promise<void> {
  const engine = args.find((a) => !a.startsWith("-"));
  // Read by @pulumi/pulumi when its runtime first needs the engine (pulumi.log): set it before.
  if (engine) process.env.PULUMI_NODEJS_ENGINE = engine;
  const [{ ResourceProviderService }, { providerService }] = await Promise.all([
    import("@pulumi/pulumi/proto/provider_grpc_pb.js"),
    import("./server.js"),
  ]);
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(ResourceProviderService, providerService());
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  process.stdout.write(`${port}\n`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`pulumi-resource-cloudplatform: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
