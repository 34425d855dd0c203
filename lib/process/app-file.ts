import path from "node:path";

/**
 * A file of the app's own tree, read from disk at run time rather than bundled: the worker threads' modules
 * (`*-thread.mjs`) and the migrations. The server runs in the project's folder (`npm start` is lib/cli/serve.mjs), and so
 * do the tests under tsx, so both find the same file; the bundler is told to leave the path alone.
 */
export function appFile(...parts: string[]): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), ...parts);
}
