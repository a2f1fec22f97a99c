import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from 'shell/store';
import { Button, FieldError, FormStack, TextField, theme, useZodForm } from '@shop/ui';
import { schemasNotLoaded } from '../../../lib/schemas-not-loaded';
import { loadForgotPasswordSchema, useRequestPasswordReset } from '../api/forgot-password';

const Sent = styled.p`
  margin: 0;
  padding: 0.875rem 1rem;
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.sunken};
  color: ${theme.colors.ink};
`;

/** "Forgot password?": asks for a reset link; the answer never says whether the email has an account. */
export function ForgotPasswordForm({ email, onBack }: { email: string; onBack(): void }) {
  const form = useZodForm({ schema: loadForgotPasswordSchema, initialValues: { email } });
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<string>();
  // Opened from "Forgot password?", which it replaces: its field takes the focus that button had
  // (the dialog's own first focus only runs when the dialog opens).
  const { formRef } = form;
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [formRef]);
  return (
    <FormStack
      ref={form.formRef}
      noValidate
      onSubmit={form.handleSubmit(
        (input) => request.mutate(input, { onSuccess: (message) => setSent(message) }),
        undefined,
        schemasNotLoaded('The reset link could not be sent'),
      )}
    >
      <p style={{ margin: 0 }}>
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        data-autofocus
        error={form.errors.email}
        {...form.input('email')}
      />
      {sent && <Sent role="status">{sent}</Sent>}
      {request.isError && (
        <FieldError role="alert">
          {apiErrorMessage(request.error) ?? 'The reset link could not be sent. Please try again.'}
        </FieldError>
      )}
      <Button type="submit" $block disabled={request.isPending}>
        {request.isPending ? 'Sending…' : sent ? 'Send Again' : 'Send Reset Link'}
      </Button>
      <Button type="button" $variant="ghost" $block onClick={onBack}>
        Back to Sign In
      </Button>
    </FormStack>
  );
}
