/**
 * The macro buffer, written so that no macro is ever played half-written. QMK plays a macro only while the buffer's
 * last byte is 0 (dynamic_keymap_macro_send), so the write order is:
 *   1. refuse before sending anything when the macros do not fit;
 *   2. set the last byte to 0xFF: from here on the keyboard plays no macro;
 *   3. write the macros from offset 0 in 28-byte pieces (every macro of the keyboard ended by 0, so no macro runs
 *      into old bytes);
 *   4. read the written bytes back;
 *   5. set the last byte to 0 (when the macros fill the buffer, their last piece is what does it, written last).
 * A cut anywhere before step 5 leaves the last byte non-zero: the keyboard plays nothing, and read() says the buffer
 * was left half-written.
 */
import { DriverError, type MacroAction, type MacroPort } from '../types.ts';
import { decodeMacros, encodeMacros } from './macros.ts';
import { u16be, VIA_CMD } from './protocol.ts';
import { readBuffer, writeBuffer, type ViaSession } from './session.ts';

export function createMacroPort(session: ViaSession): MacroPort {
  const size = session.macroBufferBytes;
  const last = size - 1;
  const setLast = (value: number) =>
    session.client.call({ command: VIA_CMD.macroSetBuffer, args: [...u16be(last), 1, value], echo: 5 });

  return {
    async bufferBytes() {
      return size;
    },

    async read() {
      const bytes = await readBuffer(session, VIA_CMD.macroGetBuffer, 0, size);
      return decodeMacros(bytes, session.macroCount, session.protocol);
    },

    size(macros: readonly MacroAction[][]) {
      return encodeMacros(macros, Math.max(session.macroCount, macros.length), session.protocol).length;
    },

    async write(macros) {
      const data = encodeMacros(macros, session.macroCount, session.protocol);
      if (data.length > size)
        throw new DriverError('refused', `the macros take ${data.length} bytes; the keyboard keeps ${size}`);
      await setLast(0xff);
      const fills = data.length === size;
      // When the data reaches the last byte, write that piece last of all: it is what unlocks the buffer.
      await writeBuffer(session, VIA_CMD.macroSetBuffer, 0, fills ? data.slice(0, size - 1) : data);
      const back = await readBuffer(session, VIA_CMD.macroGetBuffer, 0, fills ? size - 1 : data.length);
      const differs = back.findIndex((b, i) => b !== data[i]);
      if (differs >= 0) throw new DriverError('refused', `the keyboard did not keep the macro byte at ${differs}`);
      await setLast(0);
      const [end] = await readBuffer(session, VIA_CMD.macroGetBuffer, last, 1);
      if (end !== 0) throw new DriverError('refused', 'the keyboard did not unlock its macro buffer');
    },
  };
}
