/**
 * A temporary `/etc/hosts` name for this machine's loopback address, so a test can reach the
 * emulator under a host name that is not `localhost` (as a CI job reaches a service container)
 * while every packet stays on 127.0.0.0/8. Only the line added is removed, so entries other tests
 * or the system add meanwhile survive; the file is edited in place because containers often
 * bind-mount it (a rename over it would fail).
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";

const HOSTS = "/etc/hosts";

/** A name that resolves to 127.0.0.1 until `remove` (idempotent, also run when the process exits). */
export interface LoopbackName {
  readonly name: string;
  remove(): void;
}

/**
 * Adds `127.0.0.1 <name>` to /etc/hosts. Throws, naming the file, when it cannot be written (the
 * test then fails: CI runs as root, where it can).
 */
export function addLoopbackName(name: string): LoopbackName {
  const line = `127.0.0.1 ${name} # pulumi-cloudplatform test, pid ${process.pid}`;
  const before = readFileSync(HOSTS, "utf8");
  appendFileSync(HOSTS, `${before.endsWith("\n") || before === "" ? "" : "\n"}${line}\n`);
  let removed = false;
  const remove = (): void => {
    if (removed) return;
    removed = true;
    const lines = readFileSync(HOSTS, "utf8").split("\n");
    writeFileSync(HOSTS, lines.filter((l) => l !== line).join("\n"));
    process.off("exit", remove);
  };
  process.on("exit", remove);
  return { name, remove };
}
