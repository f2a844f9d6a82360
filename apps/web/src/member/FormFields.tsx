import type { ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  children: ReactNode;
}

/** A labelled form row with its message underneath (join and profile edit). */
export function Field({ id, label, required, error, children }: FieldProps) {
  return (
    <div className="join-field">
      <label className="join-field__label" htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <div className="join-field__control">
        {children}
        {error ? (
          <p className="join-field__error" id={`${id}-error`} role="alert" data-testid={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function RequiredMark() {
  return (
    <span className="join-field__required" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

interface GenderRadiosProps {
  idPrefix: string;
  value: boolean | null;
  onChange(isMan: boolean): void;
  onBlur?(): void;
  required?: boolean;
  error?: string;
  errorTestId?: string;
}

const GENDERS = [
  { label: '남', value: true },
  { label: '여', value: false },
] as const;

/** 성별: 남 / 여 radio buttons (`isMan`). */
export function GenderRadios({
  idPrefix,
  value,
  onChange,
  onBlur,
  required,
  error,
  errorTestId,
}: GenderRadiosProps) {
  return (
    <div className="join-field" role="radiogroup" aria-labelledby={`${idPrefix}-gender-label`}>
      <span className="join-field__label" id={`${idPrefix}-gender-label`}>
        성별
        {required ? <RequiredMark /> : null}
      </span>
      <div className="join-field__control">
        <div className="join-radios">
          {GENDERS.map((option) => (
            <label key={option.label} className="auth-check">
              <input
                type="radio"
                name="isMan"
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                onBlur={onBlur}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        {error ? (
          <p className="join-field__error" role="alert" data-testid={errorTestId}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
