import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

type FormValues = Record<string, string | boolean>;
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/**
 * What a component drawing some of a form's text fields needs of a useZodForm form: the errors and
 * the input props of those fields (the account's name and contact fields, its new password fields).
 */
export interface BoundFields<F extends string> {
  errors: Partial<Record<F, string>>;
  input(name: F): {
    name: string;
    value: string;
    onChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>): void;
  };
}

interface UseZodFormOptions<V extends FormValues, Out> {
  /**
   * The same schema the server validates with (from the contracts package), or one built on it; or a
   * function that loads it (a lazily loaded chunk, so the form draws before zod has arrived: it is
   * asked for when the form is drawn, and a submit waits for it).
   */
  schema: z.ZodType<Out> | (() => Promise<z.ZodType<Out>>);
  initialValues: V;
  /** Turns what the inputs hold (strings) into what the schema reads, such as numbers. */
  toInput?: (values: V) => unknown;
}

function errorsOf<V>(error: z.ZodError): FieldErrors<V> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    // The first problem of each field is the one shown.
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors as FieldErrors<V>;
}

/**
 * A small form state for the remote's dialogs: inputs are validated with a zod schema on submit, then
 * again on every change once a submit was tried, so a fixed field clears its message at once. On an
 * invalid submit, focus moves to the first field with a problem.
 */
export function useZodForm<V extends FormValues, Out>({
  schema,
  initialValues,
  toInput,
}: UseZodFormOptions<V, Out>) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const waiting = useRef(false);
  const [loadedSchema, setLoadedSchema] = useState<z.ZodType<Out>>();
  const loaded = typeof schema === 'function' ? loadedSchema : schema;

  useEffect(() => {
    if (typeof schema !== 'function') return;
    let current = true;
    schema().then(
      (found) => current && setLoadedSchema(() => found),
      () => {
        // Not here yet: a submit asks again.
      },
    );
    return () => {
      current = false;
    };
  }, [schema]);

  const validate = useCallback(
    (current: V, against: z.ZodType<Out>) => {
      const result = against.safeParse(toInput ? toInput(current) : current);
      return result.success
        ? { data: result.data, errors: {} as FieldErrors<V> }
        : { data: undefined, errors: errorsOf<V>(result.error) };
    },
    [toInput],
  );

  const setValue = <K extends keyof V & string>(name: K, value: V[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted && loaded) setErrors(validate(next, loaded).errors);
  };

  /** Props for a text input, select or textarea bound to one field. */
  const input = <K extends keyof V & string>(name: K) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setValue(name, event.target.value as V[K]),
  });

  /** Props for a checkbox bound to one boolean field. */
  const checkbox = <K extends keyof V & string>(name: K) => ({
    name,
    checked: Boolean(values[name]),
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValue(name, event.target.checked as V[K]),
  });

  const focusFirstInvalid = (invalid: FieldErrors<V>) => {
    const form = formRef.current;
    if (!form) return;
    for (const element of Array.from(form.elements)) {
      const name = (element as HTMLInputElement).name;
      if (name && name in invalid && element instanceof HTMLElement) {
        element.focus();
        return;
      }
    }
  };

  const check = (
    current: V,
    against: z.ZodType<Out>,
    onValid: (data: Out) => void,
    onInvalid?: (errors: FieldErrors<V>) => void,
  ) => {
    setSubmitted(true);
    const result = validate(current, against);
    setErrors(result.errors);
    if (result.data !== undefined) {
      onValid(result.data);
    } else {
      focusFirstInvalid(result.errors);
      onInvalid?.(result.errors);
    }
  };

  /**
   * The form's onSubmit: checks the values and calls onValid with the schema's output, or shows the
   * problems. With a schema still loading, the check runs once it has; `onLoadFailed` is called if it
   * cannot be loaded.
   */
  const handleSubmit =
    (
      onValid: (data: Out) => void,
      onInvalid?: (errors: FieldErrors<V>) => void,
      onLoadFailed?: (error: unknown) => void,
    ) =>
    (event: FormEvent) => {
      event.preventDefault();
      if (loaded) return check(values, loaded, onValid, onInvalid);
      // One submit waits for the schema; pressing again meanwhile sends nothing more.
      if (typeof schema !== 'function' || waiting.current) return;
      waiting.current = true;
      schema()
        .then(
          (found) => {
            setLoadedSchema(() => found);
            check(values, found, onValid, onInvalid);
          },
          (error: unknown) => onLoadFailed?.(error),
        )
        .finally(() => (waiting.current = false));
    };

  /** A problem found elsewhere (the server), shown on its field until the field is changed. */
  const setFieldErrors = (found: FieldErrors<V>) => {
    setErrors((current) => ({ ...current, ...found }));
    focusFirstInvalid(found);
  };

  const reset = (next: V = initialValues) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  };

  return {
    values,
    errors,
    setValue,
    setFieldErrors,
    input,
    checkbox,
    handleSubmit,
    reset,
    formRef,
  };
}
