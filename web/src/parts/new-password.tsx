/**
 * A new password typed twice, as the password change and the reset ask for
 * it: the two fields, and the check that they are the same, shown at the
 * second field.
 */
import { useState } from 'preact/hooks';
import { Field } from './field.js';
import { Problem } from './problem.js';

export interface NewPassword {
  value: string;
  repeated: string;
  setValue: (value: string) => void;
  setRepeated: (value: string) => void;
  /** The new password once both fields say the same, else a problem at `repeated`. */
  checked: () => string;
  clear: () => void;
}

export function useNewPassword(): NewPassword {
  const [value, setValue] = useState('');
  const [repeated, setRepeated] = useState('');
  return {
    value,
    repeated,
    setValue,
    setRepeated,
    checked: () => {
      if (value !== repeated) throw Problem.at('repeated', 'The two passwords are not the same: type the new one again.');
      return value;
    },
    clear: () => {
      setValue('');
      setRepeated('');
    },
  };
}

/** The two fields, `newPassword` and `repeated`, with the errors the form's action has at them. */
export function NewPasswordFields(props: { password: NewPassword; errorAt: (name: string) => string | undefined }) {
  const { password, errorAt } = props;
  return (
    <>
      <Field
        label="New password"
        name="newPassword"
        type="password"
        value={password.value}
        onInput={password.setValue}
        autoComplete="new-password"
        required
        hint="At least 6 characters."
        error={errorAt('newPassword')}
      />
      <Field
        label="New password again"
        name="repeated"
        type="password"
        value={password.repeated}
        onInput={password.setRepeated}
        autoComplete="new-password"
        required
        error={errorAt('repeated')}
      />
    </>
  );
}
