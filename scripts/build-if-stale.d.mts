export declare const root: string;
export declare function buildIfStale(options?: { quiet?: boolean }): void;
