/**
 * Transcript tests: for every command of the protocol, the exact request bytes and the exact reply bytes of the
 * reference firmware, kept in transcripts.json (regenerate deliberately with UPDATE_TRANSCRIPTS=1 after a protocol
 * change, and update docs/protocol.md with it). Besides the bytes, each reply is checked against the protocol rules.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CMD } from '../../src/protocol/commands.ts';
import { DEVICE_ERROR } from '../../src/protocol/errors.ts';
import { decodeFrame, hasMore, isWrite } from '../../src/protocol/frame.ts';
import { runTranscripts, type TranscriptStep } from './transcript-script.ts';

const FILE = new URL('./transcripts.json', import.meta.url);
const steps = runTranscripts();
// Regenerate after a protocol change: UPDATE_TRANSCRIPTS=1 npx vitest run tests/protocol/transcripts.test.ts
if (process.env.UPDATE_TRANSCRIPTS === '1' || !existsSync(FILE))
  writeFileSync(FILE, JSON.stringify(steps, null, 1) + '\n');
const recorded = JSON.parse(readFileSync(FILE, 'utf8')) as TranscriptStep[];

const bytes = (h: string): Uint8Array => {
  const out = new Uint8Array(64);
  h.split(' ').forEach((b, i) => (out[i] = parseInt(b, 16)));
  return out;
};

describe('protocol transcripts', () => {
  it('covers every command group', () => {
    const groups = new Set(
      steps.flatMap((s) => [...s.requests, ...s.replies, ...s.notifications]).map((h) => bytes(h)[0]),
    );
    for (const cmd of Object.values(CMD)) expect(groups).toContain(cmd);
  });

  it.each(recorded.map((s) => [s.name, s] as const))('%s', (name, step) => {
    const now = steps.find((s) => s.name === name);
    expect(now, 'the scripted step still exists').toBeDefined();
    expect(now!.requests).toEqual(step.requests);
    expect(now!.replies).toEqual(step.replies);
    expect(now!.notifications).toEqual(step.notifications);

    const requests = step.requests.map((h) => bytes(h));
    const replies = step.replies.map((h) => decodeFrame(bytes(h)));
    const last = requests[requests.length - 1];
    if (!last) return;
    const req = { cmd: last[0]!, sub: last[1]! };
    // Every request is tagged, and every frame of the answer repeats the tag of the request it answers.
    for (const r of requests) expect(r[3], 'request tag').not.toBe(0);
    for (const reply of replies) expect(reply.seq, 'reply tag').toBe(last[3]);
    for (const reply of replies) {
      if (reply.cmd === CMD.error) {
        // An error reply echoes the command and sub-command it refuses and names a known code.
        expect(Object.values(DEVICE_ERROR)).toContain(reply.data[0]);
        expect(requests.some((r) => r[0] === reply.data[1])).toBe(true);
        continue;
      }
      expect(reply.cmd).toBe(req.cmd);
      expect(reply.sub & 0xbf).toBe(req.sub & 0xbf);
      if (isWrite(req.sub)) expect(reply.data[0]).toBe(0);
    }
    // A streamed answer marks every frame but the last with the more bit, and offsets run on without gaps.
    const data = replies.filter((f) => f.cmd !== CMD.error && !isWrite(f.sub));
    data.forEach((f, i) => {
      expect(hasMore(f.sub)).toBe(i < data.length - 1);
      if (i > 0) expect(f.offset).toBe(data[i - 1]!.offset + data[i - 1]!.data.length);
    });
  });
});
