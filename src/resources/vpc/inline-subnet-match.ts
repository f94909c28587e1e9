/**
 * Whether a VPC's inline subnets as held (the state, read from the API) answer the ones a program
 * lists: as a set keyed by range, whatever the order and ids, each with the same label and its
 * IPv6 range by meaning (`auto` or `/56` answer the allocated CIDR). A subnet's ranges are made
 * with it, so one whose IPv6 range no longer answers is replaced, as one whose IPv4 range changed.
 */
import { rangeAnswers } from "../../api/index.js";
import { hasUnknown, type Bag, type Unchecked } from "../../shared/fields/validate.js";
import type { SubnetIpv6, VpcInlineSubnet } from "../types.js";

const isBag = (v: unknown): v is Bag => typeof v === "object" && v !== null && !Array.isArray(v);
/** An inline subnet as a program or the state holds it, not checked yet. */
type GivenSubnet = Unchecked<VpcInlineSubnet>;

/** An `ipv6` entry's asked range, where it is a string. */
const rangeOf = (e: Unchecked<SubnetIpv6>): string | undefined => (typeof e.range === "string" ? e.range : undefined);

/** The asked ranges of an `ipv6` list: none for a missing or empty list. */
const rangesOf = (v: unknown): (string | undefined)[] =>
  Array.isArray(v) ? v.map((e) => (isBag(e) ? rangeOf(e as Unchecked<SubnetIpv6>) : undefined)) : [];

/**
 * Whether a held subnet's `ipv6` answers the given one: both none, or as many entries, each
 * given range (or none, any) answered by the held CIDR.
 */
export function ipv6Answers(held: unknown, given: unknown): boolean {
  const have = rangesOf(held);
  const want = rangesOf(given);
  if (hasUnknown(given)) return false;
  return (
    have.length === want.length && want.every((r, i) => have[i] !== undefined && rangeAnswers(r, have[i] as string))
  );
}

/** Whether the held inline subnets answer the given ones (the `subnets` row's comparison). */
export function inlineSubnetsMatch(held: unknown, given: unknown): boolean {
  const have = Array.isArray(held) ? held : [];
  const want = Array.isArray(given) ? given : [];
  if (have.length !== want.length || hasUnknown(given)) return false;
  const byRange = new Map(
    have
      .filter(isBag)
      .map((s) => s as GivenSubnet)
      .map((s) => [s.ipv4, s]),
  );
  return want.every((w) => {
    const given = w as GivenSubnet;
    const h = isBag(w) ? byRange.get(given.ipv4) : undefined;
    return h !== undefined && h.label === given.label && ipv6Answers(h.ipv6, given.ipv6);
  });
}
