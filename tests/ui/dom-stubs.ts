/** Pointer-capture methods jsdom lacks; Radix calls them on pointer events (toast swipe, select). */
if (typeof Element !== 'undefined') {
  const proto = Element.prototype as Partial<Element>;
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => {};
  proto.releasePointerCapture ??= () => {};
  proto.scrollIntoView ??= () => {};
}
