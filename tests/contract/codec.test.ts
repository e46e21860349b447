import fc from 'fast-check';
import { z } from 'zod';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import { decodeArgs, encodeArgs } from '../../src/contract/codec.ts';
import { call, flag, parseCallArgs } from '../../src/contract/define.ts';
import { loopbackVirtualFactory } from '../../src/host/virtual-loopback.ts';
import { createDeviceService } from '../../src/service/index.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';

const demo = call<void>()(
  'dev_info',
  'demo',
  {
    name: z.string(),
    count: z.number().int(),
    on: flag.optional(),
    ids: z.array(z.number()).optional(),
    item: z.object({ a: z.string(), b: z.number() }).optional(),
  },
  { doc: 'demo', answer: 'void' },
);

const roundTrip = (value: Record<string, unknown>) => parseCallArgs(demo, decodeArgs(encodeArgs(value)));

function refusal(fn: () => unknown): BridgeCallError {
  try {
    fn();
  } catch (e) {
    if (e instanceof BridgeCallError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('the --name value codec', () => {
  it('keeps a value that begins with --', () => {
    expect(encodeArgs({ theme_name: '--Pro' })).toEqual(['--theme_name', '--Pro']);
    expect(roundTrip({ name: '--Pro', count: 1 })).toEqual({ name: '--Pro', count: 1 });
  });

  it('round-trips every value a call can carry', () => {
    const cases = fc.record(
      {
        // Text that looks like a flag, a number or JSON must come back as the same text.
        name: fc.oneof(
          fc.string(),
          fc.string().map((s) => `--${s}`),
          fc.integer().map(String),
          fc.json(),
        ),
        count: fc.integer(),
        on: fc.boolean(),
        ids: fc.array(fc.integer({ min: -1000, max: 1000 })),
        item: fc.record({
          a: fc.oneof(
            fc.string(),
            fc.string().map((s) => `--${s}`),
          ),
          b: fc.double({ noNaN: true, noDefaultInfinity: true }),
        }),
      },
      { requiredKeys: ['name', 'count'] },
    );
    let runs = 0;
    fc.assert(
      fc.property(cases, (value) => {
        runs++;
        expect(roundTrip(value)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 1000 },
    );
    console.log(`codec: round-trip cases=${runs} failures=0`);
  });

  it('takes strings that look like numbers or JSON as strings where the call expects text', () => {
    expect(roundTrip({ name: '42', count: 7 })).toEqual({ name: '42', count: 7 });
    expect(roundTrip({ name: '{"a":1}', count: 7 }).name).toBe('{"a":1}');
    expect(roundTrip({ name: '', count: 0 }).name).toBe('');
  });

  it.each([
    ['null', null],
    ['a number', 5],
    ['a list holding null', ['--name', null]],
    ['a list holding a number', ['--count', 5]],
    ['an object', { name: 'x' }],
  ])('refuses %s as the argument list with err.args.invalid', (_, list) => {
    expect(refusal(() => decodeArgs(list)).toastKey).toBe('err.args.invalid');
  });

  it('refuses a name without a value, a name given twice and an unknown name', () => {
    expect(refusal(() => decodeArgs(['--name'])).toastKey).toBe('err.args.invalid');
    expect(refusal(() => decodeArgs(['--name', 'a', '--name', 'b'])).toastKey).toBe('err.args.invalid');
    expect(refusal(() => parseCallArgs(demo, decodeArgs(['--name', 'a', '--count', '1', '--x', '1']))).message).toMatch(
      /--x/,
    );
  });

  it('refuses a value of the wrong type, naming the argument', () => {
    const e = refusal(() => parseCallArgs(demo, decodeArgs(['--name', 'a', '--count', 'many'])));
    expect(e.toastKey).toBe('err.args.invalid');
    expect(e.message).toMatch(/--count/);
  });

  it('accepts what a person types on a command line for a flag', () => {
    for (const [text, value] of [
      ['1', true],
      ['0', false],
      ['true', true],
      ['false', false],
    ] as const)
      expect(parseCallArgs(demo, decodeArgs(['--name', 'a', '--count', '1', '--on', text])).on).toBe(value);
  });
});

/** Names every plain object answers to: they must never be taken for arguments of a call. */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

describe('argument names that are members of Object.prototype', () => {
  it('are refused by the codec with err.args.invalid', () => {
    expect(PROTOTYPE_NAMES).toEqual(expect.arrayContaining(['__proto__', 'constructor', 'toString', 'valueOf']));
    for (const name of PROTOTYPE_NAMES) {
      const e = refusal(() => decodeArgs([`--${name}`, '1']));
      expect(e.toastKey, name).toBe('err.args.invalid');
      expect(e.message, name).toContain(`--${name}`);
    }
  });

  it('are refused by the parser of a call even when they reach it without the codec', () => {
    for (const name of PROTOTYPE_NAMES) {
      const named = new Map([
        ['name', 'a'],
        ['count', '1'],
        [name, '1'],
      ]);
      expect(refusal(() => parseCallArgs(demo, { named, positional: [] })).toastKey, name).toBe('err.args.invalid');
    }
  });

  it('are refused by the device service as the caller’s mistake, never blamed on the keyboard', async () => {
    const factory = loopbackVirtualFactory(LINK_PRESETS.instant);
    const service = createDeviceService({ createVirtual: factory.create, session: { timeoutMs: 500 } });
    const toasts: string[] = [];
    service.on('toast_message', (t) => toasts.push((t as { title: string }).title));
    const path = (await service.call('app_info', 'add_virtual_device', [
      '--display_name',
      'Made68Pro',
      '--fw_ver',
      '1.4.2',
    ])) as string;
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']) {
      for (const [channel, func, args] of [
        ['dev_info', 'get_setting_data', ['--path', path, `--${name}`, '1']],
        [
          'dev_info',
          'set_key_info',
          ['--path', path, '--index', '3', '--select', '0', '--code', '4', `--${name}`, '{}'],
        ],
        ['app_info', 'get_dev_list', [`--${name}`, '[]']],
      ] as const) {
        const e = await service.call(channel, func, [...args]).then(
          () => undefined,
          (x: unknown) => x,
        );
        expect(e, `${func} --${name}`).toBeInstanceOf(BridgeCallError);
        expect((e as BridgeCallError).toastKey, `${func} --${name}`).toBe('err.args.invalid');
      }
    }
    expect(toasts.length).toBeGreaterThan(0);
    expect(new Set(toasts)).toEqual(new Set(['err.args.invalid']));
    // The keyboard still answers as before.
    expect(await service.call('dev_info', 'get_setting_data', ['--path', path])).toBeTruthy();
  });
});
