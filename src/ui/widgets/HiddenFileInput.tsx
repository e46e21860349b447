/**
 * The file chooser behind an "Open…" or "Import…" button: a hidden input the button clicks through `ref`, out of the
 * tab order and of what screen readers hear (the button is what they reach).
 */
import type { ChangeEvent, Ref } from 'react';

export function HiddenFileInput(props: {
  ref: Ref<HTMLInputElement>;
  /** File types offered, as the input's accept attribute (".json,application/json"). */
  accept: string;
  testId: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <input
      ref={props.ref}
      type="file"
      accept={props.accept}
      hidden
      tabIndex={-1}
      aria-hidden="true"
      data-testid={props.testId}
      onChange={props.onChange}
    />
  );
}
