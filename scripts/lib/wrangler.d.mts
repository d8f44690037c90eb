export declare const ROOT: string;
export declare const DEFAULT_STATE_DIR: string;
export declare function wrangler(args: string[], options?: { quiet?: boolean; env?: Record<string, string> }): string;
export declare function applyMigrations(persistTo?: string): void;
export declare function queryLocal(sql: string, persistTo?: string): Record<string, unknown>[];
export declare function executeFile(file: string, persistTo?: string): void;
export declare function bundleWorker(outdir: string, options?: { production?: boolean }): Promise<void>;
export declare function freePort(): Promise<number>;
