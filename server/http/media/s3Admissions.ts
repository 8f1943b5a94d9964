import type { FastifyReply, FastifyRequest } from 'fastify';
import type { S3Admission } from './s3Auth.ts';

/** What `admit` answers for a request it lets in: the dock's prefix, the key and the payload hash. */
export type Admitted = Extract<S3Admission, { ok: true }>;

/** The admissions one S3 endpoint granted, and the upload slots it hands out. */
export interface S3Admissions {
  /** Records what the `onRequest` hook admitted, for the handlers that run after it. */
  record: (request: FastifyRequest, admission: Admitted) => void;
  /** The admission the `onRequest` hook recorded; every handler of the scope runs after it. */
  admissionOf: (request: FastifyRequest) => Admitted;
  /** Takes one of the upload slots until the response is over, or answers false when none is free. */
  takeUploadSlot: (reply: FastifyReply) => boolean;
}

/**
 * The admission state of one S3 endpoint: who was let in (kept only as long as the request lives)
 * and how many of at most `maxUploads` uploads are streaming in now.
 */
export function s3Admissions(maxUploads: number): S3Admissions {
  const admitted = new WeakMap<FastifyRequest, Admitted>();
  let uploads = 0;
  return {
    record: (request, admission) => {
      admitted.set(request, admission);
    },
    admissionOf: (request) => {
      const admission = admitted.get(request);
      if (!admission) throw new Error('S3 request handled without an admission');
      return admission;
    },
    takeUploadSlot: (reply) => {
      if (uploads >= maxUploads) return false;
      uploads += 1;
      // `close` follows the end of every response, and also a connection lost half-way.
      reply.raw.once('close', () => {
        uploads -= 1;
      });
      return true;
    },
  };
}
