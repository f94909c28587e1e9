/**
 * The region list as the API answered it on 2026-05-29 (linodego @676b9dbe,
 * test/integration/fixtures/TestRegions_List.yaml, `GET /v4beta/regions`, 34 regions, all `ok`):
 * each region's id, label, country and capabilities in the recorded order, kept as data in
 * todays-regions.json so the answer's keys are spelled by the model alone. The emulator seeds its
 * default account from it (seed.ts); the docs check (test/docs) reads the seed, so a snippet's
 * region and the emulator cannot drift apart. The recording's resolvers are sanitized and its
 * other keys (monitors, placement group limits, site type) are not in the contract's Region.
 */
import recorded from "./todays-regions.json";

/** One recorded region, in the answer's order: id, label, country and capabilities. */
export type TodaysRegion = readonly [string, string, string, readonly string[]];

/** The 2026 region list, in the recorded order. */
export const TODAYS_REGIONS = recorded as unknown as readonly TodaysRegion[];
