import { describe, expect, it } from 'vitest';
import {
  DIRECT_UPLOAD_MAX_BYTES, durationProblem, earlyFileProblem, formatBytes, isSendable, MUSIC_MAX_BYTES, percentOf, titleFromFileName, titleProblem, uploadCounts, uploadRoute,
} from './upload-rules';

const ID3 = new Uint8Array([0x49, 0x44, 0x33, 4]);
const FRAME = new Uint8Array([0xff, 0xfb, 0x90, 0x64]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

describe('a music file before it is sent (spec 02 § Limits: MP3 only, at most 20 MB)', () => {
  it('an empty file is MUSIC_INVALID_FIELD', () => {
    expect(earlyFileProblem({ size: 0 }, new Uint8Array())).toEqual({ code: 'MUSIC_INVALID_FIELD', reason: 'EMPTY' });
  });

  it('a file over 20 MB is MUSIC_INVALID_FIELD, exactly 20 MB passes', () => {
    expect(earlyFileProblem({ size: MUSIC_MAX_BYTES + 1 }, ID3)).toEqual({ code: 'MUSIC_INVALID_FIELD', reason: 'TOO_LARGE' });
    expect(earlyFileProblem({ size: 21 * 1024 * 1024 }, FRAME)?.code).toBe('MUSIC_INVALID_FIELD');
    expect(earlyFileProblem({ size: MUSIC_MAX_BYTES }, ID3)).toBeNull();
  });

  it('a file that is not an MP3 is METADATA_PARSE_FAILED', () => {
    expect(earlyFileProblem({ size: 100 }, PNG)).toEqual({ code: 'METADATA_PARSE_FAILED', reason: 'NOT_MP3' });
  });

  it('an ID3 tag or an MPEG frame at the start is an MP3', () => {
    expect(earlyFileProblem({ size: 100 }, ID3)).toBeNull();
    expect(earlyFileProblem({ size: 100 }, FRAME)).toBeNull();
  });

  it('no audio frames is METADATA_PARSE_FAILED; the length is sent in whole seconds, at most a day', () => {
    expect(durationProblem(null)).toEqual({ problem: { code: 'METADATA_PARSE_FAILED', reason: 'NO_AUDIO' } });
    expect(durationProblem(29.6)).toEqual({ seconds: 30 });
    expect(durationProblem(0.2)).toEqual({ seconds: 1 });
    expect(durationProblem(86_401)).toEqual({ problem: { code: 'MUSIC_INVALID_FIELD', reason: 'TOO_LONG' } });
  });
});

describe('direct upload or the upload ticket flow (spec 02 § Upload tickets)', () => {
  it('the direct limit is 5 MB', () => {
    expect(DIRECT_UPLOAD_MAX_BYTES).toBe(5 * 1024 * 1024);
  });

  it('files up to the direct limit go straight to the endpoint, larger ones through a ticket', () => {
    expect(uploadRoute(1024)).toBe('DIRECT');
    expect(uploadRoute(DIRECT_UPLOAD_MAX_BYTES)).toBe('DIRECT');
    expect(uploadRoute(DIRECT_UPLOAD_MAX_BYTES + 1)).toBe('TICKET');
  });
});

describe('titles (1..200 characters, supplied by the client)', () => {
  it('start from the file name without its extension', () => {
    expect(titleFromFileName('Night drive.mp3')).toBe('Night drive');
    expect(titleFromFileName('city_pop_01.MP3')).toBe('city pop 01');
    expect(titleFromFileName('.mp3')).toBe('.mp3');
    expect(titleFromFileName(`${'a'.repeat(250)}.mp3`)).toHaveLength(200);
  });

  it('must not be blank nor longer than 200', () => {
    expect(titleProblem('  ')).toBe('REQUIRED');
    expect(titleProblem('a'.repeat(201))).toBe('TOO_LONG');
    expect(titleProblem(' Night drive ')).toBeNull();
  });
});

describe('the upload list', () => {
  it('sends ready rows and failed ones again, never invalid, finished or running ones', () => {
    expect(isSendable('READY')).toBe(true);
    expect(isSendable('FAILED')).toBe(true);
    for (const s of ['CHECKING', 'INVALID', 'UPLOADING', 'DONE'] as const) expect(isSendable(s)).toBe(false);
  });

  it('counts what is done, what failed and what is still to come', () => {
    expect(uploadCounts(['DONE', 'DONE', 'INVALID', 'FAILED', 'READY', 'UPLOADING'])).toEqual({ total: 6, done: 2, failed: 2, pending: 2 });
  });

  it('writes sizes and percentages', () => {
    expect(formatBytes(21 * 1024 * 1024)).toBe('21.0 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(percentOf({ loaded: 50, total: 200 })).toBe(25);
    expect(percentOf({ loaded: 300, total: 200 })).toBe(100);
    expect(percentOf(null)).toBe(0);
  });
});
