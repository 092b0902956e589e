import { spawn } from 'node:child_process';
import type { SpeechSynthesizer, SynthesisRequest, SynthesizedAudio } from '../app/ports';
import { ttsFailed, ttsNotConfigured } from '../app/tts-errors';
import { measureMp3 } from '../domain/mp3';
import { espeakParameters } from '../domain/voices';

interface RunResult {
  stdout: Buffer;
  stderr: string;
  code: number | null;
}

class MissingBinary extends Error {}

const run = (bin: string, args: string[], input: Buffer | string, timeoutMs: number): Promise<RunResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      if (err.length < 4000) err += c.toString();
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(e.code === 'ENOENT' ? new MissingBinary(bin) : e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(out), stderr: err, code });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });

/**
 * The local engine: espeak-ng speaks the text (Korean or English voice, the announcement's
 * timbre, pitch, rate and loudness) as WAV, lame encodes it to MP3, and the duration is measured
 * from the MP3 frames. Text goes through stdin, never the command line. Missing binaries answer
 * 503 TTS_TOKEN_NOT_CONFIGURED (the engine is the local "credential"); any other failure 502.
 */
export const localSpeech = (options: { espeakBin: string; lameBin: string; timeoutMs: number }): SpeechSynthesizer => ({
  provider: 'local',
  async synthesize(request: SynthesisRequest): Promise<SynthesizedAudio> {
    const p = espeakParameters(request);
    try {
      const wav = await run(
        options.espeakBin,
        ['--stdin', '--stdout', '-b', '1', '-v', p.voice, '-p', String(p.pitch), '-s', String(p.wordsPerMinute), '-a', String(p.amplitude)],
        request.text,
        options.timeoutMs,
      );
      if (wav.code !== 0 || wav.stdout.length <= 44) throw ttsFailed(`espeak-ng failed (${wav.code}): ${wav.stderr.slice(0, 200)}`);
      const mp3 = await run(options.lameBin, ['--quiet', '-b', '64', '-', '-'], wav.stdout, options.timeoutMs);
      if (mp3.code !== 0) throw ttsFailed(`lame failed (${mp3.code}): ${mp3.stderr.slice(0, 200)}`);
      const info = measureMp3(mp3.stdout);
      if (!info) throw ttsFailed('The encoder produced no MP3 audio');
      return { audio: mp3.stdout, contentType: 'audio/mpeg', durationSeconds: Math.round(info.durationSeconds * 1000) / 1000 };
    } catch (err) {
      if (err instanceof MissingBinary) throw ttsNotConfigured(`The local speech engine is not installed (${err.message})`);
      if (err instanceof Error && 'httpStatus' in err) throw err;
      throw ttsFailed('Speech synthesis failed', err);
    }
  },
});
