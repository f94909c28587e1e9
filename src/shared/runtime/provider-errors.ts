/**
 * Errors a provider throws to the dynamic-provider host, in the shapes it understands.
 */
import { ApiError } from "../../client/index.js";
import { warn } from "./context.js";

/**
 * A create the API accepted but that did not finish (wait timed out, status `failed`, a follow-up
 * read failed). The host turns an error carrying `id` into an "initialization failed" answer, so the
 * engine records the resource with `properties` as its state and the next `pulumi up` calls
 * `update`, which resumes the wait, instead of creating a second object. The host sends
 * `properties` as they are, so they must carry `__provider` themselves.
 */
export class ResourceInitError extends Error {
  readonly id: string;
  readonly properties: Record<string, unknown>;
  readonly reasons: string[];

  /** @param done what happened to the object before the failure: "created" or "updated part-way". */
  constructor(
    id: string,
    properties: Record<string, unknown>,
    inputs: Record<string, unknown>,
    cause: unknown,
    done: "created" | "updated part-way" = "created",
  ) {
    const reason = messageOf(cause);
    super(`${reason} The object was ${done} (id ${id}); the next \`pulumi up\` resumes where this one stopped.`);
    this.name = "ResourceInitError";
    this.id = id;
    this.properties = { ...properties, __provider: inputs.__provider };
    // The engine shows only the reasons of an init failure, never the message: keep the id and the hint there too.
    this.reasons = [this.message];
  }
}

/** The message of anything thrown. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** True for the client's 404, which readers and deleters treat as "already gone". */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError ? err.isNotFound : (err as { status?: number } | null)?.status === 404;
}

/** Runs `fn`; a 404 yields undefined instead of an error. */
export async function unlessNotFound<T>(fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/**
 * Reads the object `adoptId` names, and says in the engine's output that it is now managed: an
 * adoption is deliberate, and from then on `pulumi destroy` of this stack deletes the object. A 404
 * becomes an error that says what to do: the id may name an object that is gone, e.g. one a
 * replacement deleted before its new object could be made.
 */
export async function readAdopted<T>(what: string, read: () => Promise<T>): Promise<T> {
  const found = await unlessNotFound(read);
  if (found !== undefined) {
    warn(
      `Adopting ${what} (adoptId): this stack now manages it, and \`pulumi destroy\` of this stack deletes it. ` +
        "If another stack manages it too, remove it from one of them first.",
    );
    return found;
  }
  throw new Error(
    `adoptId names ${what}, which does not exist (deleted, or replaced already). ` +
      "Remove adoptId to create a new one, or set it to an existing object's id.",
  );
}
