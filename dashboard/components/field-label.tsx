import type { ReactNode } from 'react';
import { Label } from 'react-aria-components';

/** A field's label, with the required mark that screen readers skip (they announce "required"). */
export function FieldLabel({ label, isRequired }: { label: ReactNode; isRequired?: boolean | undefined }) {
  return (
    <Label>
      {label}
      {isRequired ? (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </Label>
  );
}
