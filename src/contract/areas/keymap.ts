/** Key mapping calls (spec-1 §7): key values, key codes, common layers. */
import { z } from 'zod';
import type { CommonResource } from '../../core/resource-schemas.ts';
import { call, int, path, MAX_KEY_ID } from '../define.ts';
import type { KeyValueInfo } from '../payloads/keymap.ts';

export type { KeyMapInfo, KeyValueInfo } from '../payloads/keymap.ts';
export type CommonLayers = CommonResource;

/** A key code: the 16-bit number, or a key-code entry object carrying it (`{"code": 58, "name": "F1"}`). */
export const keyCodeArg = z.union([
  int(0, 0xffff),
  z.object({ code: int(0, 0xffff) }).transform((entry) => entry.code),
]);
/** Key ids of the board, each once or more (repeats are ignored). */
export const keyIdsArg = z.array(int(0, MAX_KEY_ID)).min(1, 'name at least one key');

export const keymapCalls = {
  getKeyValueInfo: call<KeyValueInfo>()(
    'dev_info',
    'get_key_value_info',
    { path },
    {
      doc: 'The key map, performance, colours and special-key lists of a device; emits get_key_value_info.',
      answer: 'KeyValueInfo',
    },
  ),
  setKeyInfo: call<KeyValueInfo>()(
    'dev_info',
    'set_key_info',
    {
      path,
      /** The layer (matrix), 0 … layers − 1. */
      index: int(0, 255),
      select: keyIdsArg.optional(),
      code: keyCodeArg.optional(),
      /** D, A, M, S or H plus an item id: binds that advanced key. */
      keywords: z.string().optional(),
      reset: z.enum(['selected', 'layer']).optional(),
    },
    {
      doc: 'Switches the current layer (--index alone), or puts a code or advanced key on keys, or restores factory codes; emits get_key_value_info.',
      answer: 'KeyValueInfo',
    },
  ),
  getCommonLayers: call<CommonLayers>()(
    'cfg_info',
    'get_common_layers',
    { path: path.optional() },
    {
      doc: 'The key-code picker tabs (basic, extended, os, mouse, mouse_adv, lighting, special_257); no event.',
      answer: 'CommonLayers',
    },
  ),
};

/** Events of this area and their payloads. */
export interface KeymapEvents {
  get_key_value_info: KeyValueInfo;
}
