/**
 * The resource provider service the engine talks to. Every RPC unpacks the request, calls the same
 * provider object or look-up the dynamic resources use (src/plugin/registry.ts), and packs the
 * answer; what the SDK's own provider server leaves out is served here: the engine's timeouts,
 * Read without properties (import), secret outputs, previews and a detailed diff.
 */
import * as grpc from "@grpc/grpc-js";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as anyproto from "google-protobuf/google/protobuf/any_pb";
import type * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import type * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { packageVersion } from "../client/config.js";
import type { Bag } from "../shared/fields/validate.js";
import { applyConfig, configBag, configFailures, CONFIG_KEYS } from "./config.js";
import { diffResponse, plannedState } from "./diff.js";
import { lookUp, lookUpSecrets, resourceEntry } from "./registry.js";
import { readSchema } from "./schema.js";
import { withEngineTimeout, withProgramTimeouts } from "./timeouts.js";
import { fromStruct, toStruct } from "./structs.js";
import { RESOURCE_URN } from "../shared/engine/resource-urn.js";

/** What a failed create or update that still made (or changed) an object throws (src/shared/runtime/provider-errors.ts). */
interface InitFailure {
  id: string;
  properties: Bag;
  reasons?: string[];
  message: string;
}

function isInitFailure(err: unknown): err is InitFailure {
  return err instanceof Error && typeof (err as Partial<InitFailure>).id === "string" && "properties" in err;
}

/** The type token of a request: its `type` field, or the type part of its URN for older engines. */
function typeOf(req: { getType(): string; getUrn(): string }): string {
  if (req.getType()) return req.getType();
  const parts = req.getUrn().split("::");
  return (parts[2] ?? "").split("$").pop() ?? "";
}

function failureList(failures: readonly { property: string; reason: string }[]): provproto.CheckFailure[] {
  return failures.map((f) => {
    const failure = new provproto.CheckFailure();
    failure.setProperty(f.property);
    failure.setReason(f.reason);
    return failure;
  });
}

/** An error for the engine: an object that exists after a failed create or update is recorded, not lost. */
function grpcError(err: unknown, state?: (props: Bag) => structproto.Struct): grpc.ServiceError {
  const message = err instanceof Error ? err.message : String(err);
  const metadata = new grpc.Metadata();
  if (state && isInitFailure(err)) {
    const detail = new provproto.ErrorResourceInitFailed();
    detail.setId(err.id);
    detail.setProperties(state(err.properties));
    detail.setReasonsList(err.reasons ?? [message]);
    const any = new anyproto.Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusproto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return Object.assign(new Error(message), { code: grpc.status.UNKNOWN, details: message, metadata });
}

/** A unary handler from an async function; a throw becomes the engine's error. */
function unary<Req, Res>(
  fn: (req: Req) => Promise<Res>,
  onError: (err: unknown, req: Req) => grpc.ServiceError = (err) => grpcError(err),
): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    fn(call.request).then(
      (res) => callback(null, res),
      (err: unknown) => callback(onError(err, call.request)),
    );
  };
}

function unimplemented<Req, Res>(name: string): grpc.handleUnaryCall<Req, Res> {
  return (_call, callback) =>
    callback({ code: grpc.status.UNIMPLEMENTED, details: `${name} is not implemented by this provider` } as never);
}

/** Builds the service implementation. */
export function providerService(): provrpc.IResourceProviderServer {
  let acceptSecrets = true;

  const stateStruct = (token: string, props: Bag, inputSecrets: Iterable<string>) =>
    toStruct(props, [...resourceEntry(token).secretOutputs, ...inputSecrets], acceptSecrets);

  return {
    getPluginInfo: unary(async () => new plugproto.PluginInfo().setVersion(packageVersion())),

    getSchema: unary(async (req: provproto.GetSchemaRequest) => {
      if (req.getVersion() !== 0) throw new Error(`unsupported schema version ${req.getVersion()}`);
      return new provproto.GetSchemaResponse().setSchema(readSchema());
    }),

    checkConfig: unary(async (req: provproto.CheckRequest) => {
      const news = fromStruct(req.getNews());
      const resp = new provproto.CheckResponse();
      // The token is a secret however it was set, so the engine stores it encrypted.
      resp.setInputs(toStruct(news.bag, [...news.secretKeys, "token"], acceptSecrets));
      resp.setFailuresList(failureList(configFailures(news.bag)));
      return resp;
    }),

    diffConfig: unary(async (req: provproto.DiffRequest) => {
      const olds = fromStruct(req.getOlds()).bag;
      const news = fromStruct(req.getNews()).bag;
      const changed = CONFIG_KEYS.filter((k) => (olds[k] ?? "") !== (news[k] ?? ""));
      const resp = new provproto.DiffResponse();
      // Another URL or token changes where later calls go, never the objects: nothing is replaced.
      resp.setChanges(
        changed.length > 0
          ? provproto.DiffResponse.DiffChanges.DIFF_SOME
          : provproto.DiffResponse.DiffChanges.DIFF_NONE,
      );
      resp.setDiffsList(changed);
      return resp;
    }),

    configure: unary(async (req: provproto.ConfigureRequest) => {
      acceptSecrets = req.getAcceptsecrets();
      const args = fromStruct(req.getArgs()).bag;
      const variables = new Map(req.getVariablesMap().toArray());
      const failures = configFailures(args, variables);
      if (failures.length > 0) throw new Error(failures.map((f) => f.reason).join("; "));
      await applyConfig(configBag(args, variables));
      const resp = new provproto.ConfigureResponse();
      resp.setAcceptsecrets(true);
      resp.setSupportspreview(true);
      resp.setAcceptresources(false);
      resp.setAcceptoutputs(false);
      return resp;
    }),

    invoke: unary(async (req: provproto.InvokeRequest) => {
      const args = fromStruct(req.getArgs()).bag;
      const result = (await lookUp(req.getTok())(args)) as Bag;
      return new provproto.InvokeResponse().setReturn(toStruct(result, lookUpSecrets(req.getTok()), acceptSecrets));
    }),

    check: unary(async (req: provproto.CheckRequest) => {
      const { provider } = resourceEntry(typeOf(req));
      const olds = fromStruct(req.getOlds());
      const news = fromStruct(req.getNews());
      // The URN keys the proof of an interrupted create (label-claim.ts); check takes it out again.
      const result = await provider.check!(olds.bag, { ...news.bag, [RESOURCE_URN]: req.getUrn() });
      const resp = new provproto.CheckResponse();
      resp.setInputs(toStruct((result.inputs as Bag | undefined) ?? news.bag, news.secretKeys, acceptSecrets));
      resp.setFailuresList(failureList(result.failures ?? []));
      return resp;
    }),

    diff: unary(async (req: provproto.DiffRequest) => {
      const entry = resourceEntry(typeOf(req));
      const olds = fromStruct(req.getOlds()).bag;
      const news = fromStruct(req.getNews()).bag;
      const result = await entry.provider.diff!(req.getId(), olds, news);
      return diffResponse(olds, news, entry.diff, result);
    }),

    create: unary(
      async (req: provproto.CreateRequest) => {
        const token = typeOf(req);
        const news = fromStruct(req.getProperties());
        const resp = new provproto.CreateResponse();
        if (req.getPreview()) {
          // Outputs the preview cannot know are left out; the engine shows them as unknown.
          resp.setProperties(stateStruct(token, news.bag, news.secretKeys));
          return resp;
        }
        const inputs = withEngineTimeout(news.bag, "create", req.getTimeout());
        const result = await resourceEntry(token).provider.create({ ...inputs, [RESOURCE_URN]: req.getUrn() });
        resp.setId(result.id);
        resp.setProperties(stateStruct(token, withProgramTimeouts(result.outs ?? {}, news.bag), news.secretKeys));
        return resp;
      },
      (err, req) => initError(err, typeOf(req), fromStruct(req.getProperties())),
    ),

    read: unary(async (req: provproto.ReadRequest) => {
      const token = typeOf(req);
      const props = fromStruct(req.getProperties());
      const inputs = fromStruct(req.getInputs());
      const result = await resourceEntry(token).provider.read!(req.getId(), props.bag);
      const resp = new provproto.ReadResponse();
      if (!result.id) return resp;
      resp.setId(result.id);
      const secretKeys = [...props.secretKeys, ...inputs.secretKeys];
      resp.setProperties(stateStruct(token, (result.props as Bag | undefined) ?? props.bag, secretKeys));
      if (result.inputs) resp.setInputs(toStruct(result.inputs as Bag, secretKeys, acceptSecrets));
      return resp;
    }),

    update: unary(
      async (req: provproto.UpdateRequest) => {
        const token = typeOf(req);
        const entry = resourceEntry(token);
        const olds = fromStruct(req.getOlds());
        const news = fromStruct(req.getNews());
        const resp = new provproto.UpdateResponse();
        if (req.getPreview()) {
          const planned = plannedState(olds.bag, news.bag, entry.diff, entry.unknownAtPreview);
          resp.setProperties(stateStruct(token, withProgramTimeouts(planned, news.bag), news.secretKeys));
          return resp;
        }
        const seconds = req.getTimeout();
        const result = await entry.provider.update!(
          req.getId(),
          withEngineTimeout(olds.bag, "update", seconds),
          withEngineTimeout(news.bag, "update", seconds),
        );
        const outs = withProgramTimeouts((result.outs as Bag | undefined) ?? {}, news.bag);
        resp.setProperties(stateStruct(token, outs, news.secretKeys));
        return resp;
      },
      (err, req) => initError(err, typeOf(req), fromStruct(req.getNews())),
    ),

    delete: unary(async (req: provproto.DeleteRequest) => {
      const props = fromStruct(req.getProperties());
      await resourceEntry(typeOf(req)).provider.delete!(
        req.getId(),
        withEngineTimeout(props.bag, "delete", req.getTimeout()),
      );
      return new emptyproto.Empty();
    }),

    cancel: unary(async () => new emptyproto.Empty()),
    attach: unary(async () => new emptyproto.Empty()),
    handshake: unimplemented("Handshake"),
    parameterize: unimplemented("Parameterize"),
    construct: unimplemented("Construct"),
    call: unimplemented("Call"),
    getMapping: unimplemented("GetMapping"),
    getMappings: unimplemented("GetMappings"),
    list: (call) => call.emit("error", { code: grpc.status.UNIMPLEMENTED, details: "List is not implemented" }),
  };

  /** A failed create or update, with what it made recorded as the resource's state. */
  function initError(err: unknown, token: string, inputs: { bag: Bag; secretKeys: Set<string> }): grpc.ServiceError {
    return grpcError(err, (props) => {
      const own = { ...props };
      // The dynamic-provider host needs its serialized provider here; the plugin has none.
      delete own.__provider;
      return stateStruct(token, withProgramTimeouts(own, inputs.bag), inputs.secretKeys);
    });
  }
}
