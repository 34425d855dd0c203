// The Node flags of every server start: `npm start` (package.json cannot import this and repeats them;
// tests/unit/node-args.test.ts compares), `npm run demo` and the test servers. A 1 GiB heap makes V8 collect a sync's
// parsed pages early, and nothing the server holds comes near it (README.md, "Memory"; the figures: docs/scale.md, "The
// figures behind the code's choices").
export const SERVER_NODE_ARGS = ["--max-old-space-size=1024"];
