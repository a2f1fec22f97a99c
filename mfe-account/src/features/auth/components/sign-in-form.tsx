import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, FieldError, FormStack, TextField, busyProps, theme, useZodForm } from '@shop/ui';
import { schemasNotLoaded } from '../../../lib/schemas-not-loaded';
import { loadSignInSchema, signInFailure, useSignIn } from '../api/sign-in';
import { ForgotPasswordForm } from './forgot-password-form';

const ForgotLink = styled.button`
  justify-self: end;
  margin-top: -0.5rem;
  padding: 0.25rem 0;
  border: 0;
  background: none;
  color: ${theme.colors.brand};
  font: inherit;
  font-size: 0.9rem;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

interface SignInFormProps {
  onSignedIn(): void;
}

export function SignInForm({ onSignedIn }: SignInFormProps) {
  const form = useZodForm({ schema: loadSignInSchema, initialValues: { email: '', password: '' } });
  const signIn = useSignIn({ onSignedIn });
  const [forgot, setForgot] = useState(false);
  // Back from the reset form, focus returns to the control that led there: the one focused before
  // is gone with that form, and focus would otherwise fall to the dialog itself.
  const forgotLink = useRef<HTMLButtonElement>(null);
  const backFromForgot = useRef(false);
  useEffect(() => {
    if (forgot || !backFromForgot.current) return;
    backFromForgot.current = false;
    forgotLink.current?.focus();
  }, [forgot]);
  if (forgot) {
    return (
      <ForgotPasswordForm
        email={form.values.email}
        onBack={() => {
          backFromForgot.current = true;
          setForgot(false);
        }}
      />
    );
  }
  return (
    <FormStack
      ref={form.formRef}
      noValidate
      onSubmit={form.handleSubmit(
        (input) => signIn.mutate(input),
        undefined,
        schemasNotLoaded('Login failed'),
      )}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        data-autofocus
        error={form.errors.email}
        {...form.input('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={form.errors.password}
        {...form.input('password')}
      />
      <ForgotLink ref={forgotLink} type="button" onClick={() => setForgot(true)}>
        Forgot password?
      </ForgotLink>
      {/* Said in the dialog too: on a phone the toast is over the page, and a screen reader is kept
          inside the dialog. */}
      {signIn.isError && (
        <FieldError role="alert">Login failed: {signInFailure(signIn.error)}</FieldError>
      )}
      <Button type="submit" $block {...busyProps(signIn.isPending)}>
        {signIn.isPending ? 'Signing in…' : 'Sign In'}
      </Button>
    </FormStack>
  );
}
