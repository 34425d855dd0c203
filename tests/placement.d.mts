/** See placement.mjs. */
export type Placement = { postgres?: string; alone?: string };
export declare const PLACEMENT: Record<string, Placement>;
export declare function httpTestFiles(root: string): string[];
export declare function placementOf(file: string): Placement;
export declare function placementKey(file: string): string;
