// The Node flags every start of the server uses: `npm start` (package.json, which cannot import
// this, writes the same; tests/unit/node-args.test.ts compares them), `npm run demo` and the test
// servers.
//
// V8 sizes its heap from the machine's memory (about 4 GiB on a large one) and, with that much
// room, collects old garbage late: a sync of 100,000 documents parses pages that become garbage at
// once, yet the process grew by about 200 MB and kept it. With a 1 GiB limit the same sync grows by
// under 100 MB (npm run bench -- sync.100k_rss_growth_mb), and nothing the server holds comes near
// the limit: pages, files and exports are streamed, and the largest set kept in memory is a sync's
// document ids (SYNC_MAX_DOCUMENTS, a million at most, well under 200 MB). An operator who needs
// more runs `node --max-old-space-size=N lib/cli/serve.mjs`.
export const SERVER_NODE_ARGS = ["--max-old-space-size=1024"];
