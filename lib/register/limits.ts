/**
 * The bounds of a register file (docs/api.md, "The unit register"): the server refuses a larger one
 * (413), and the page checks the size before it sends, so a file too large is named at once instead
 * of after minutes of uploading. No server code here: the browser imports it too.
 */
export const MAX_REGISTER_BYTES = 10 * 1024 * 1024;
export const MAX_REGISTER_ROWS = 100_000;
