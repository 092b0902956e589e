import type { SpeechSynthesizer, SynthesisRequest, SynthesizedAudio } from '../app/ports';
import { ttsFailed, ttsNotConfigured } from '../app/tts-errors';
import { measureMp3 } from '../domain/mp3';

/**
 * An external synthesis vendor over HTTP: POST {url} with `Authorization: Bearer <token>` and the
 * JSON { text, voice, tonePreset, tempo }; a 2xx answer carries the MP3 bytes. The duration is
 * measured from the returned frames, never taken from the vendor. No token → 503
 * TTS_TOKEN_NOT_CONFIGURED; a non-2xx answer, a timeout or bytes that are not MP3 → 502.
 */
export const vendorSpeech = (options: { url?: string; token?: string; timeoutMs: number }): SpeechSynthesizer => ({
  provider: 'vendor',
  async synthesize(request: SynthesisRequest): Promise<SynthesizedAudio> {
    if (!options.url || !options.token) throw ttsNotConfigured('The speech synthesis vendor has no token configured');
    let res: Response;
    try {
      res = await fetch(options.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json', accept: 'audio/mpeg' },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      throw ttsFailed('The speech synthesis vendor is unreachable', err);
    }
    const bytes = Buffer.from(await res.arrayBuffer().catch(() => new ArrayBuffer(0)));
    if (!res.ok) throw ttsFailed(`The speech synthesis vendor answered ${res.status}`);
    const info = measureMp3(bytes);
    if (!info) throw ttsFailed('The speech synthesis vendor returned no MP3 audio');
    return { audio: bytes, contentType: 'audio/mpeg', durationSeconds: Math.round(info.durationSeconds * 1000) / 1000 };
  },
});

/** Synthesis switched off: every call is 503 TTS_TOKEN_NOT_CONFIGURED. */
export const noSpeech = (): SpeechSynthesizer => ({
  provider: 'none',
  synthesize: () => Promise.reject(ttsNotConfigured()),
});
