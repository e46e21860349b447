/** Every name on the wire (theme slots, advanced-key items) is a UTF-8 text field of this many bytes. */
export const NAME_BYTES = 16;
