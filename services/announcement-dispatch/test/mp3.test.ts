// The MP3 measure (a pure domain rule) checked against real lame output, hence here and not beside it.
import { execFileSync } from 'node:child_process';
import { measureMp3 } from '../src/domain/mp3';

const tone = (seconds: number, rate: number) => {
  const samples = Math.round(seconds * rate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  return execFileSync('lame', ['--quiet', '-b', '64', '-', '-'], { input: wav });
};

describe('measureMp3', () => {
  it.each([
    [2.5, 22050],
    [1, 44100],
    [3, 16000],
  ])('measures %s s encoded at %s Hz within the encoder padding (under 100 ms)', (seconds, rate) => {
    const info = measureMp3(tone(seconds, rate));
    expect(info).toBeDefined();
    expect(info!.durationSeconds).toBeGreaterThanOrEqual(seconds);
    expect(info!.durationSeconds - seconds).toBeLessThan(0.1);
  });

  it('skips an ID3v2 tag in front of the audio', () => {
    const audio = tone(1, 22050);
    const tag = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 20]), Buffer.alloc(20)]);
    expect(measureMp3(Buffer.concat([tag, audio]))!.durationSeconds).toBeCloseTo(measureMp3(audio)!.durationSeconds, 5);
  });

  it('answers undefined for bytes that are not MP3', () => {
    expect(measureMp3(Buffer.from('not audio at all'))).toBeUndefined();
    expect(measureMp3(new Uint8Array(0))).toBeUndefined();
  });
});
