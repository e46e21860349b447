import { readFileSync } from 'node:fs';
import { CMD, isSlotObject, READ_TO_END, SUB, UNSOLICITED_NOTIFY_SUBS } from '../../src/protocol/commands.ts';
import { DEVICE_ERROR } from '../../src/protocol/errors.ts';
import { decodeFrame, encodeFrame, hasMore, isWrite, subId, type Frame } from '../../src/protocol/frame.ts';
import { answers, parseMultiRead, ReplyAssembler } from '../../src/protocol/messages.ts';
import { OBJECTS, type ObjectName } from '../../src/protocol/registry.ts';
import {
  applySections,
  buildExamples,
  DOC_PATH,
  generateSections,
  SAMPLE_DESCRIPTOR,
  type Example,
} from '../../scripts/protocol-examples.ts';

const examples = buildExamples();
const frames = (ex: Example, dir: 'host' | 'device'): Frame[] =>
  ex.steps.filter((s) => s.dir === dir && !s.report).map((s) => s.frame);
const isNotification = (f: Frame): boolean => f.cmd === CMD.notify && UNSOLICITED_NOTIFY_SUBS.includes(subId(f.sub));
const isMultiRead = (f: Frame): boolean => f.cmd === CMD.system && subId(f.sub) === SUB.system.multiRead;
const isSlotRead = (f: Frame): boolean => f.cmd === CMD.system && subId(f.sub) === SUB.system.slotRead;
/** The objects a multi-read or slot read names: [count, pairs] after the slot byte of a slot read. */
const namedObjects = (f: Frame): { cmd: number; sub: number }[] => {
  const at = isSlotRead(f) ? 1 : 0;
  return Array.from({ length: f.data[at] ?? 0 }, (_, i) => ({
    cmd: f.data[at + 1 + i * 2]!,
    sub: f.data[at + 2 + i * 2]!,
  }));
};
const u16 = (data: Uint8Array): number => data[0]! | (data[1]! << 8);

describe('docs/protocol.md', () => {
  it('holds exactly what scripts/protocol-examples.ts generates', () => {
    const doc = readFileSync(DOC_PATH, 'utf8');
    const fresh = applySections(doc, generateSections());
    // On failure: node --import tsx scripts/protocol-examples.ts --write
    expect(doc).toBe(fresh);
  });

  it('refuses to update a page that lost a section marker', () => {
    const doc = readFileSync(DOC_PATH, 'utf8').replace('<!-- END GENERATED: examples -->', '');
    expect(() => applySections(doc, generateSections())).toThrow(/examples/);
  });
});

describe('the byte-level examples', () => {
  it('cover every command and sub-command', () => {
    const seen = new Set(examples.flatMap((ex) => ex.steps.map((s) => `${s.frame.cmd}/${subId(s.frame.sub)}`)));
    for (const [group, subs] of Object.entries(SUB))
      for (const [name, sub] of Object.entries(subs as Record<string, number>))
        expect(seen.has(`${CMD[group as keyof typeof CMD]}/${sub}`), `${group}.${name}`).toBe(true);
  });

  it('read every object and write every writable one', () => {
    for (const name of Object.keys(OBJECTS) as ObjectName[]) {
      const { cmd, sub, writable } = OBJECTS[name];
      const requests = examples
        .flatMap((ex) => frames(ex, 'host'))
        .filter((f) => f.cmd === cmd && subId(f.sub) === sub);
      expect(
        requests.some((f) => !isWrite(f.sub)),
        `read ${name}`,
      ).toBe(true);
      if (writable)
        expect(
          requests.some((f) => isWrite(f.sub)),
          `write ${name}`,
        ).toBe(true);
    }
  });

  it('show every error code', () => {
    const codes = examples.flatMap((ex) => frames(ex, 'device')).filter((f) => f.cmd === CMD.error);
    expect(new Set(codes.map((f) => f.data[0]))).toEqual(new Set(Object.values(DEVICE_ERROR)));
  });

  it('are valid reports that survive the wire, except the deliberately malformed ones', () => {
    for (const ex of examples)
      for (const step of ex.steps) {
        if (step.report) expect(() => decodeFrame(step.report!), ex.title).toThrow();
        else expect(decodeFrame(encodeFrame(step.frame)), ex.title).toEqual(step.frame);
      }
  });

  it('answer each request with frames that match it and carry its tag', () => {
    for (const ex of examples) {
      let expected: { cmd: number; sub: number; seq?: number }[] = [];
      for (const step of ex.steps) {
        const f = step.frame;
        if (step.dir === 'host') expected = [f];
        else if (!isNotification(f)) {
          const [current] = expected;
          expect(current, ex.title).toBeDefined();
          expect(answers(f, current!.cmd, current!.sub), ex.title).toBe(true);
          expect(f.seq, ex.title).toBe(current!.seq);
        } else expect(f.seq, ex.title).toBeUndefined();
      }
    }
  });

  it('tag every request, and give each exchange a tag of its own', () => {
    const tags = new Map<number, string>();
    for (const ex of examples) {
      const own = new Set(ex.steps.filter((s) => s.dir === 'host').map((s) => s.frame.seq));
      expect(own.has(undefined), ex.title).toBe(false);
      for (const tag of own) {
        expect(tags.get(tag!) ?? ex.title, `tag ${tag} of ${ex.title}`).toBe(ex.title);
        tags.set(tag!, ex.title);
      }
    }
  });

  it('stream read replies that reassemble to the length asked for', () => {
    for (const ex of examples) {
      const [request] = frames(ex, 'host');
      if (!request || isWrite(request.sub)) continue;
      const replies = [...frames(ex, 'device')];
      if (isMultiRead(request) || isSlotRead(request)) {
        // One stream of [length, bytes] entries, one per object named, each the whole object (or refused); or, for a
        // request the device refuses as a whole, one error frame.
        if (replies[0]?.cmd === CMD.error) {
          expect(replies.length, ex.title).toBe(1);
          continue;
        }
        const asm = new ReplyAssembler(0);
        while (!asm.done) asm.push(replies.shift()!);
        const named = namedObjects(request);
        if (isSlotRead(request)) for (const o of named) expect(isSlotObject(o.cmd, o.sub), ex.title).toBe(true);
        const entries = parseMultiRead(asm.bytes(), named.length);
        entries.forEach((bytes, i) => {
          if (!bytes) return;
          const name = Object.entries(OBJECTS).find(([, o]) => o.cmd === named[i]!.cmd && o.sub === named[i]!.sub)?.[0];
          expect(bytes.length, ex.title).toBe(OBJECTS[name as ObjectName].size(SAMPLE_DESCRIPTOR));
        });
        expect(replies, ex.title).toEqual([]);
        continue;
      }
      const wanted = [{ cmd: request.cmd, sub: request.sub, offset: request.offset, length: u16(request.data) }];
      for (const { cmd, sub, offset, length } of wanted) {
        if (replies[0]?.cmd === CMD.error) {
          replies.shift();
          continue;
        }
        const asm = new ReplyAssembler(offset);
        while (!asm.done) asm.push(replies.shift()!);
        const name = Object.entries(OBJECTS).find(([, o]) => o.cmd === cmd && o.sub === sub)?.[0] as ObjectName;
        const size = name ? OBJECTS[name].size(SAMPLE_DESCRIPTOR) : undefined;
        const expectedLength = length === READ_TO_END ? (size ?? asm.bytes().length) - offset : length;
        expect(asm.bytes().length, ex.title).toBe(expectedLength);
      }
      expect(replies, ex.title).toEqual([]);
    }
  });

  it('acknowledge a write stream once, right after its frame without the more bit', () => {
    for (const ex of examples)
      ex.steps.forEach((step, i) => {
        if (step.dir !== 'host' || !isWrite(step.frame.sub)) return;
        const next = ex.steps[i + 1];
        if (hasMore(step.frame.sub)) return void expect(next?.dir, ex.title).toBe('host');
        expect(next?.dir, ex.title).toBe('device');
        // After the acknowledgement only the host speaks, or the device notifies (a pairing's status changes).
        const after = ex.steps[i + 2];
        if (after?.dir === 'device') expect(isNotification(after.frame), ex.title).toBe(true);
        if (next!.frame.cmd !== CMD.error) expect(next!.frame.data[0], ex.title).toBe(0);
      });
  });
});
