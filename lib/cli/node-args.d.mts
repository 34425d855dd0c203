/** See node-args.mjs. */
export declare const SERVER_NODE_ARGS: readonly string[];
