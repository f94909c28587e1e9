/**
 * The API's JSON content type, exactly: `application/json` with no `charset` parameter, on
 * successes and errors alike (api-behaviour.md, "HTTP"). Fastify adds `; charset=utf-8` to every
 * JSON answer, and the official Go client (linodego) decodes an error body only when the type is
 * exactly `application/json`: under fastify's type every refusal lost its field and reason there,
 * and a 404 was not "not found".
 */
import type { FastifyReply, FastifyRequest } from "fastify";

/** The content type the API sends with every JSON answer. */
export const JSON_TYPE = "application/json";

/** An onSend hook that writes any JSON content type as {@link JSON_TYPE}; other types pass as they are. */
export async function exactJsonType(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const type = reply.getHeader("content-type");
  if (typeof type === "string" && type.split(";")[0].trim().toLowerCase() === JSON_TYPE) reply.type(JSON_TYPE);
  return payload;
}
