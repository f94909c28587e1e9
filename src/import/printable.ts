/**
 * Text for the terminal. Labels, notes and errors come from the API, and an escape sequence in one
 * could move the cursor, rewrite what was printed or set the window title; each control character
 * is shown as a visible escape instead.
 */

/** C0 controls but newline and tab, DEL, C1 controls, and the bidirectional overrides. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control character but newline and tab written as `\xNN` or `\uNNNN`. */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
