/**
 * The parts of Pulumi's package schema this package writes (schema.json): a property, an object
 * type, a resource, a function and the package itself, with the schema's own keywords. Declared
 * once, so the code that writes or reads the schema names its keywords against these types.
 */

/** Where a provider setting falls back to when the program leaves it out. */
export interface SchemaDefaultInfo {
  environment: string[];
}

/** One property, or a property's type: a primitive, a list, a map or a reference to an object type. */
export interface SchemaProperty {
  type?: string;
  items?: SchemaProperty;
  additionalProperties?: SchemaProperty;
  $ref?: string;
  description?: string;
  default?: string | number | boolean;
  defaultInfo?: SchemaDefaultInfo;
  secret?: boolean;
  replaceOnChanges?: boolean;
}

/** An object type, or a function's inputs or outputs: its properties and the required ones. */
export interface SchemaObjectType {
  description?: string;
  type: string;
  properties: Record<string, SchemaProperty>;
  required?: string[];
}

/** A resource: its outputs and its inputs, each with the required ones. */
export interface SchemaResource {
  description: string;
  properties: Record<string, SchemaProperty>;
  required: string[];
  inputProperties: Record<string, SchemaProperty>;
  requiredInputs: string[];
}

/** A function (a look-up). */
export interface SchemaFunction {
  description: string;
  inputs: SchemaObjectType;
  outputs: SchemaObjectType;
}

/** The package schema, as schema.json holds it. */
export interface PackageSchema {
  name: string;
  displayName: string;
  version: string;
  description: string;
  license: string;
  keywords: string[];
  config: { variables: Record<string, SchemaProperty> };
  provider: {
    description: string;
    properties: Record<string, SchemaProperty>;
    inputProperties: Record<string, SchemaProperty>;
  };
  resources: Record<string, SchemaResource>;
  functions: Record<string, SchemaFunction>;
  types: Record<string, SchemaObjectType>;
}

/** What a build without schema.json answers: the package's name and version only. */
export type SchemaHead = Pick<PackageSchema, "name" | "version">;
