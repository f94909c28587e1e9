/**
 * The mechanism behind shared account reads (src/shared/account/batch.ts), on jest's clock: the
 * engine starts a stack's creates a few milliseconds apart, and questions arriving within the
 * wait share one read; a question asked while a read is on its way goes in the next one, so each
 * is answered by a request sent after it was asked.
 */
import { batched } from "../../src/shared/account/batch.js";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A read that records the keys of each call and answers when told. */
function recordingRead() {
  const calls: string[][] = [];
  const pending: (() => void)[] = [];
  const read = (keys: string[]) =>
    new Promise<string>((resolve) => {
      calls.push(keys);
      pending.push(() => resolve(`answer ${calls.length}`));
    });
  return { calls, read, answerNext: () => pending.shift()!() };
}

test("questions 5 ms apart, within the 30 ms wait, share one read with each key once", async () => {
  const { calls, read, answerNext } = recordingRead();
  const ask = batched(read, 30);
  const answers: Promise<string>[] = [];
  for (const key of ["a", "b", "a", "c"]) {
    answers.push(ask(key));
    await jest.advanceTimersByTimeAsync(5);
  }
  expect(calls).toEqual([]);
  await jest.advanceTimersByTimeAsync(10);
  expect(calls).toEqual([["a", "b", "c"]]);
  answerNext();
  expect(await Promise.all(answers)).toEqual(["answer 1", "answer 1", "answer 1", "answer 1"]);
});

test("a question asked while a read is on its way is answered by the next read, sent after the first answers", async () => {
  const { calls, read, answerNext } = recordingRead();
  const ask = batched(read, 30);
  const first = ask("a");
  await jest.advanceTimersByTimeAsync(30);
  const second = ask("b");
  await jest.advanceTimersByTimeAsync(100);
  expect(calls).toEqual([["a"]]);
  answerNext();
  expect(await first).toBe("answer 1");
  await jest.advanceTimersByTimeAsync(0);
  expect(calls).toEqual([["a"], ["b"]]);
  answerNext();
  expect(await second).toBe("answer 2");
});

test("a question after the last read has answered starts a new wait", async () => {
  const { calls, read, answerNext } = recordingRead();
  const ask = batched(read, 30);
  const first = ask("a");
  await jest.advanceTimersByTimeAsync(30);
  answerNext();
  await first;
  const later = ask("b");
  await jest.advanceTimersByTimeAsync(29);
  expect(calls).toEqual([["a"]]);
  await jest.advanceTimersByTimeAsync(1);
  expect(calls).toEqual([["a"], ["b"]]);
  answerNext();
  expect(await later).toBe("answer 2");
});
