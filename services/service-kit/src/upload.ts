import busboy from 'busboy';
import type { Request, RequestHandler } from 'express';
import type { AppError } from './errors';

/** A file read from a multipart request, held once in memory (never more than maxBytes). */
export interface UploadedFile {
  buffer: Buffer;
  size: number;
  /** The client's file name (informative only: never used as a storage key). */
  originalName: string;
  /** The client's declared type (never trusted: sniff the bytes with sniffFileType). */
  declaredType: string;
}

export interface Upload {
  file?: UploadedFile;
  /** Text fields of the form, first value of each name. */
  fields: Record<string, string>;
}

declare module 'express-serve-static-core' {
  interface Request {
    upload?: Upload;
  }
}

export interface ReadUploadOptions {
  /** The file part's field name (spec: `file`). */
  field: string;
  maxBytes: number;
  /** The spec's answer for a body over maxBytes (often 400 with a domain code, else 413). */
  tooLarge: () => AppError;
  /** The spec's answer for a body that is not multipart, or carries no such file part. */
  invalid: (reason: string) => AppError;
  /** Largest text field (bytes) and number of fields: a form is not a way to send megabytes of text. */
  maxFieldBytes?: number;
  maxFields?: number;
}

/** Bytes gathered into one buffer that grows (rarely: the first size is the request's length) up to a cap. */
class ByteSink {
  private buffer: Buffer;
  size = 0;

  constructor(initial: number, private readonly cap: number) {
    this.buffer = Buffer.allocUnsafe(Math.min(initial, cap));
  }

  push(chunk: Buffer): void {
    const needed = this.size + chunk.length;
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(this.cap, Math.max(needed, this.buffer.length * 2)));
      this.buffer.copy(grown, 0, 0, this.size);
      this.buffer = grown;
    }
    chunk.copy(this.buffer, this.size);
    this.size = needed;
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.size);
  }

  clear(): void {
    this.buffer = Buffer.alloc(0);
    this.size = 0;
  }
}

const parse = (req: Request, options: ReadUploadOptions): Promise<Upload> =>
  new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // busboy 1.x emits 'limit' when a file REACHES fileSize, so a file of exactly maxBytes
        // (allowed: "at most") needs one byte of headroom; maxBytes + 1 bytes is refused.
        limits: { files: 1, fileSize: options.maxBytes + 1, fields: options.maxFields ?? 20, fieldSize: options.maxFieldBytes ?? 16 * 1024 },
      });
    } catch {
      reject(options.invalid('The body is not multipart/form-data'));
      return;
    }
    const upload: Upload = { fields: {} };
    let failure: AppError | undefined;
    const fail = (err: AppError) => {
      failure ??= err;
    };
    parser.on('file', (name, stream, info) => {
      if (name !== options.field || upload.file) {
        stream.resume();
        return;
      }
      // One buffer sized from Content-Length (which bounds the file part) and capped at the limit:
      // the file is copied in as it arrives and never held twice (no concatenation at the end).
      const hint = Number(req.headers['content-length']);
      const sink = new ByteSink(Number.isFinite(hint) && hint > 0 ? hint : 64 * 1024, options.maxBytes + 1);
      stream.on('data', (chunk: Buffer) => {
        if (!failure) sink.push(chunk);
      });
      // Enforced while reading: past the limit the rest is discarded, not buffered.
      stream.on('limit', () => {
        sink.clear();
        fail(options.tooLarge());
      });
      stream.on('end', () => {
        if (!failure) upload.file = { buffer: sink.bytes(), size: sink.size, originalName: info.filename ?? '', declaredType: info.mimeType };
      });
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(options.invalid(`The field ${name} is too long`));
      else if (!(name in upload.fields)) upload.fields[name] = value;
    });
    parser.on('fieldsLimit', () => fail(options.invalid('Too many form fields')));
    parser.on('error', () => reject(failure ?? options.invalid('The multipart body is malformed')));
    parser.on('close', () => (failure ? reject(failure) : resolve(upload)));
    req.on('aborted', () => reject(options.invalid('The upload was aborted')));
    req.pipe(parser);
  });

/**
 * Reads a multipart upload into `req.upload` (one file part, text fields), enforcing the size
 * limit while the bytes arrive. A missing file part is left for the use case to answer with its
 * code (empty file and missing file are the same rule in most specs).
 */
export const readUpload = (options: ReadUploadOptions): RequestHandler => async (req, _res, next) => {
  if (!req.is('multipart/form-data')) return next(options.invalid('The body must be multipart/form-data'));
  try {
    req.upload = await parse(req, options);
    next();
  } catch (err) {
    // Drain what the client still sends so the error response reaches it.
    req.resume();
    next(err);
  }
};

/** The file type from its first bytes (the signature), never from a name or header. */
export const sniffFileType = async (bytes: Uint8Array): Promise<{ mime: string; ext: string } | undefined> => {
  const { fileTypeFromBuffer } = await import('file-type');
  return fileTypeFromBuffer(bytes);
};
