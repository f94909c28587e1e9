/**
 * Body validators compiled on a route's first request instead of when the app starts. fastify
 * compiles every route's schema with ajv at `ready`: about 150 schemas, most of the emulator's
 * start-up, and a test or a demo that starts an emulator uses a handful of routes. The compiler is
 * the one fastify itself would use (`@fastify/ajv-compiler`, found from fastify's own location, so
 * no second copy is needed), with the same options: a refusal is the same, only later built.
 */
import { createRequire } from "node:module";
import type { FastifyServerOptions } from "fastify";

/** What fastify hands a validator compiler: one part of one route. */
interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}

/** A compiled validator, as ajv and fastify know it: true when valid, else false and `errors`. */
interface Validate {
  (data: unknown): boolean | PromiseLike<unknown>;
  errors?: unknown;
}

type Compile = (route: RouteSchema) => Validate;
type BuildValidator = (externalSchemas: unknown, options: unknown) => Compile;

/** fastify's own validator compiler factory, as fastify would load it. */
function fastifyCompilerFactory(): BuildValidator {
  const fromFastify = createRequire(require.resolve("fastify"));
  const AjvCompiler = fromFastify("@fastify/ajv-compiler") as () => BuildValidator;
  return AjvCompiler();
}

/** fastify's option that builds the validator compiler. */
type ValidatorFactory = NonNullable<
  NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]
>["buildValidator"];

/** A `schemaController.compilersFactory.buildValidator` for fastify whose validators compile on first use. */
export function lazyValidators(): ValidatorFactory {
  return lazyBuild() as unknown as ValidatorFactory;
}

function lazyBuild(): BuildValidator {
  const build = fastifyCompilerFactory();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let compiled: Validate | undefined;
      const validate: Validate = (data) => {
        compiled ??= compile(route);
        const result = compiled(data);
        validate.errors = compiled.errors;
        return result;
      };
      return validate;
    };
  };
}
