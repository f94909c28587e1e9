/**
 * A database's host names as code that builds them types them: the model's `hosts` object, each
 * name optional (the emulator's answers of either platform, a provisioning one's nulls).
 */
import type { Answer } from "./bodies.js";
import type { HOSTS } from "./database-parts.js";

/** The host names of a database answer, each optional. */
export type DatabaseHosts = Partial<Answer<typeof HOSTS>>;
