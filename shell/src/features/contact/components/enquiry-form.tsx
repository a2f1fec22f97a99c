import { useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  contactEnquirySchema,
  ENQUIRY_LIMITS,
  type ContactEnquiryInput,
} from '@shop/contracts/contact';
import { ApiError, toast, useShopStore } from '../../../store/session';
import { Button, controlStyles, fromMedium, theme } from '@shop/ui';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSendEnquiry } from '../api/send-enquiry';

type Field = keyof ContactEnquiryInput;
type FieldErrors = Partial<Record<Field, string>>;

const Form = styled.form`
  display: grid;
  gap: 1.125rem;
  ${fromMedium} {
    grid-template-columns: 1fr 1fr;
    .wide {
      grid-column: 1 / -1;
    }
  }
`;

const FieldBox = styled.div`
  display: grid;
  gap: 0.375rem;
  align-content: start;
  label {
    font-weight: 600;
    font-size: 0.95rem;
  }
  label span {
    font-weight: 400;
    color: ${theme.colors.muted};
  }
  /* The kit's control look (border, focus, invalid), as every other form's fields. */
  input,
  textarea {
    ${controlStyles}
  }
  textarea {
    min-height: 9rem;
    resize: vertical;
  }
  .error {
    margin: 0;
    color: ${theme.colors.danger};
    font-size: 0.875rem;
  }
  .hint {
    margin: 0;
    color: ${theme.colors.muted};
    font-size: 0.8125rem;
  }
`;

const Submit = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 1rem;
  p {
    margin: 0;
    color: ${theme.colors.muted};
    font-size: 0.875rem;
  }
`;

function fieldErrorsOf(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The API's 400 answer names each bad field; anything else is one message for the whole form. */
function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  try {
    const body = JSON.parse(error.bodyText) as {
      errors?: Array<{ path: string; message: string }>;
    };
    return body.errors
      ? fieldErrorsOf(body.errors.map((e) => ({ path: [e.path], message: e.message })))
      : null;
  } catch {
    return null;
  }
}

export function EnquiryForm() {
  const user = useShopStore((s) => s.user);
  const [values, setValues] = useState<Required<ContactEnquiryInput>>(() => ({
    name: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '',
    email: user?.email ?? '',
    company: user?.company ?? '',
    message: '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const send = useSendEnquiry();
  // Until the page runs, the form cannot be checked or sent: a click would put the message in the URL.
  const hydrated = useHydrated();
  const formId = useId();
  const ids = (field: Field) => ({
    input: `${formId}-${field}`,
    error: `${formId}-${field}-error`,
  });

  function validate(next: typeof values): ReturnType<typeof contactEnquirySchema.safeParse> {
    const result = contactEnquirySchema.safeParse(next);
    setErrors(result.success ? {} : fieldErrorsOf(result.error.issues));
    return result;
  }

  function update(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, errors follow the typing so they disappear once fixed.
    if (submitted) validate(next);
  }

  /** Puts the cursor in the first field, in the form's order, that has a message. */
  function focusFirstError(fieldErrors: FieldErrors) {
    const first = (['name', 'email', 'company', 'message'] as Field[]).find((f) => fieldErrors[f]);
    if (first) document.getElementById(ids(first).input)?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(values);
    if (!result.success) {
      focusFirstError(fieldErrorsOf(result.error.issues));
      return;
    }
    send.mutate(result.data, {
      onSuccess: () => {
        toast({
          title: 'Message sent',
          description: `Thank you, ${result.data.name}. We'll reply to ${result.data.email} within 24 hours.`,
        });
        setValues((v) => ({ ...v, message: '' }));
        setSubmitted(false);
      },
      onError: (error) => {
        const fromServer = serverFieldErrors(error);
        if (fromServer) {
          setErrors(fromServer);
          focusFirstError(fromServer);
        }
        toast({
          variant: 'destructive',
          title: 'Message not sent',
          description: fromServer
            ? 'Please check the highlighted fields.'
            : 'Something went wrong on our side. Please try again, or call or email us.',
        });
      },
    });
  }

  function field(
    field: Field,
    label: string,
    input: (props: Record<string, unknown>) => ReactNode,
    options: { wide?: boolean; optional?: boolean; hint?: string } = {},
  ) {
    const { input: inputId, error: errorId } = ids(field);
    const error = errors[field];
    const hintId = options.hint ? `${inputId}-hint` : undefined;
    return (
      <FieldBox className={options.wide ? 'wide' : undefined}>
        <label htmlFor={inputId}>
          {label} {options.optional && <span>(optional)</span>}
        </label>
        {input({
          id: inputId,
          name: field,
          value: values[field],
          onChange: (event: { target: { value: string } }) => update(field, event.target.value),
          'aria-invalid': error ? true : undefined,
          'aria-describedby':
            [error ? errorId : null, hintId].filter(Boolean).join(' ') || undefined,
          'aria-required': options.optional ? undefined : true,
          // Typing before the page runs would be lost when it hydrates: the fields wait for it too.
          readOnly: !hydrated,
        })}
        {options.hint && (
          <p className="hint" id={hintId}>
            {options.hint}
          </p>
        )}
        {error && (
          <p className="error" id={errorId}>
            {error}
          </p>
        )}
      </FieldBox>
    );
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Enquiry form">
      {field('name', 'Name', (p) => (
        <input type="text" autoComplete="name" maxLength={ENQUIRY_LIMITS.name} {...p} />
      ))}
      {field('email', 'Email', (p) => (
        <input type="email" autoComplete="email" inputMode="email" {...p} />
      ))}
      {field(
        'company',
        'Company',
        (p) => (
          <input
            type="text"
            autoComplete="organization"
            maxLength={ENQUIRY_LIMITS.company}
            {...p}
          />
        ),
        {
          optional: true,
          wide: true,
        },
      )}
      {field(
        'message',
        'Message',
        (p) => (
          <textarea rows={6} maxLength={ENQUIRY_LIMITS.messageMax} {...p} />
        ),
        {
          wide: true,
          hint: 'Sizes, materials, quantities and any deadline help us quote accurately.',
        },
      )}
      <Submit className="wide">
        <Button type="submit" $size="lg" disabled={!hydrated || send.isPending}>
          {send.isPending ? 'Sending…' : 'Send Message'}
        </Button>
        <p>We reply within 24 hours.</p>
      </Submit>
    </Form>
  );
}
