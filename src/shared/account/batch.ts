/**
 * Reads asked for together go as one request: the looks before creates (label-look.ts) and the
 * checks' label reads (lists.ts) are many small questions about one list, which the API answers in
 * one filtered request (`X-Filter` with `+or`, api-behaviour.md "Filtering").
 */

/** The most keys one request asks for: the filter header stays a few kilobytes. */
export const MOST_KEYS = 50;

/**
 * Runs `read` for the keys asked for: `waitMs` after the first question when no read is on its way
 * (so the questions arriving meanwhile share it: the engine sends a stack's calls a few
 * milliseconds apart, not at once), otherwise as soon as the one on its way has answered. Each
 * question is thus answered by a request sent after it was asked. Every question of a request gets
 * its whole answer (or its failure); equal keys are sent once.
 */
export function batched<K, A>(read: (keys: K[]) => Promise<A>, waitMs = 0): (key: K) => Promise<A> {
  const waiting: { key: K; resolve: (answer: A) => void; reject: (err: unknown) => void }[] = [];
  let busy = false;
  const drain = async (): Promise<void> => {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, MOST_KEYS);
      const keys = new Map(batch.map((w) => [JSON.stringify(w.key), w.key]));
      try {
        const answer = await read([...keys.values()]);
        for (const w of batch) w.resolve(answer);
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    busy = false;
  };
  return (key) =>
    new Promise((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (busy) return;
      busy = true;
      if (waitMs > 0) setTimeout(() => void drain(), waitMs);
      else setImmediate(() => void drain());
    });
}

/** An `X-Filter` matching `field` equal to any of `values` (the value itself when only one). */
export function anyOf(field: string, values: readonly unknown[]): Record<string, unknown> {
  return values.length === 1 ? { [field]: values[0] } : { "+or": values.map((value) => ({ [field]: value })) };
}
