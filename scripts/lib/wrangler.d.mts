export declare const ROOT: string;
export declare function wrangler(args: string[], options?: { quiet?: boolean }): string;
export declare function applyMigrations(persistTo?: string): void;
export declare function queryLocal(sql: string, persistTo?: string): Record<string, unknown>[];
export declare function executeFile(file: string, persistTo?: string): void;
export declare function putObject(bucket: string, key: string, file: string, contentType: string, persistTo?: string): void;
export declare function freePort(): Promise<number>;
export declare function startDevServer(options: { port: number; production?: boolean }): Promise<unknown>;
