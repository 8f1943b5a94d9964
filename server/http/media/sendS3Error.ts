import type { FastifyReply } from 'fastify';
import { s3ErrorXml } from '../../storage/sigV4.ts';
import type { SigRefusal } from '../../storage/sigV4.ts';

/** Answers a refusal as S3's XML error, which dock firmware and S3 SDKs understand. */
export function sendS3Error(reply: FastifyReply, refusal: SigRefusal, resource: string) {
  return reply
    .code(refusal.status)
    .header('content-type', 'application/xml')
    .send(s3ErrorXml(refusal, resource));
}
