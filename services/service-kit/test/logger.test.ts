import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const FIXTURE = path.join(__dirname, 'fixtures', 'logging', 'log-lines.ts');

/** Starts the fixture; resolves with the messages it wrote and its exit code. */
const run = (how: 'exit' | 'throw' | 'idle') =>
  new Promise<{ lines: string[]; code: number | null }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, how], { stdio: ['ignore', 'pipe', 'ignore'] });
    const lines: string[] = [];
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push((JSON.parse(line) as { msg: string }).msg);
      if (how === 'idle') child.kill('SIGKILL');
    });
    child.once('close', (code) => resolve({ lines, code }));
  });

describe("the kit's logger writes standard output buffered", () => {
  it('a line logged right before process.exit still reaches standard output', async () => {
    const { lines, code } = await run('exit');
    expect(code).toBe(0);
    expect(lines).toEqual(['first line']);
  });

  it('a line logged right before an uncaught exception still reaches standard output', async () => {
    const { lines, code } = await run('throw');
    expect(code).not.toBe(0);
    expect(lines).toEqual(['first line']);
  });

  it('a lone line of a process that stays alive goes out within the flush interval, not when 4 KiB have gathered', async () => {
    const { lines } = await run('idle');
    expect(lines).toEqual(['first line']);
  }, 15_000);
});
