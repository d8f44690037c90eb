export declare function putObjects(
  bucketName: string,
  objects: { key: string; file: string; contentType: string }[],
  persistTo?: string,
): Promise<void>;
