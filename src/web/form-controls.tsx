import type { ComponentChildren } from 'preact';
import { CSRF_FIELD } from './csrf';

/** The hidden token every POST form carries (src/web/csrf.ts). */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={token} />;
}

interface FieldProps {
  /** The element id; the label points at it, and a browser test finds the field by its label. */
  id: string;
  /** The form field's name: the operation's argument name, so the operation's refusals land next to it. */
  name: string;
  label: string;
  value?: string;
  error?: string;
  hint?: string;
  type?: 'text' | 'email' | 'password';
  autocomplete?: string;
  required?: boolean;
  maxLength?: number;
}

/** A labelled text input; its error (from the operation) sits right under the label and is announced with it. */
export function TextField(props: FieldProps) {
  const { id, name, label, value, error, hint, type = 'text', autocomplete, required, maxLength } = props;
  const described = [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean);
  return (
    <div class={error ? 'field field-invalid' : 'field'}>
      <label for={id}>{label}</label>
      {hint ? (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      <input
        id={id}
        name={name}
        type={type}
        value={value ?? ''}
        autocomplete={autocomplete}
        required={required}
        maxLength={maxLength}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
      />
    </div>
  );
}

/** An option with a label of its own ("Any" sending nothing); a plain string is its own value and label. */
export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled select of fixed options. */
export function SelectField(props: {
  id: string;
  name: string;
  label: string;
  options: readonly (string | SelectOption)[];
  value?: string;
  error?: string;
}) {
  const { id, name, label, options, value, error } = props;
  return (
    <div class={error ? 'field field-invalid' : 'field'}>
      <label for={id}>{label}</label>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      <select
        id={id}
        name={name}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((given) => {
          const option = typeof given === 'string' ? { value: given, label: given } : given;
          return (
            <option value={option.value} selected={option.value === (value ?? '')}>
              {option.label}
            </option>
          );
        })}
      </select>
    </div>
  );
}

/** A field's refusal, announced as an error; the field names it in aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ComponentChildren }) {
  return (
    <p class="field-error" id={id}>
      <span class="visually-hidden">Error: </span>
      {children}
    </p>
  );
}

/** A message about the whole form or the page (a refusal naming no field, an outcome), announced when shown. */
export function Notice({ kind, children }: { kind: 'error' | 'success'; children: ComponentChildren }) {
  return (
    <div class={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
