import { EMBEDDED_BUCKET } from '../../media/storageConfigRequest.ts';
import type { ObjectInfo } from '../../storage/ObjectStore.ts';

const xmlText = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** The `ListObjectsV2` answer (one page: a dock's prefix holds a few thousand files at most). */
export function listXml(prefix: string, infos: ObjectInfo[]): string {
  const contents = infos
    .map(
      (i) =>
        `<Contents><Key>${xmlText(i.key)}</Key><LastModified>${i.lastModified.toISOString()}</LastModified>` +
        `<ETag>"${i.md5}"</ETag><Size>${String(i.size)}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Name>${EMBEDDED_BUCKET}</Name><Prefix>${xmlText(prefix)}</Prefix>` +
    `<KeyCount>${String(infos.length)}</KeyCount><MaxKeys>${String(Math.max(1000, infos.length))}</MaxKeys>` +
    `<IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`
  );
}
