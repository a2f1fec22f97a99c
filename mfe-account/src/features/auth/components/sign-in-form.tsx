import { Button, FormStack, TextField, useZodForm } from '@shop/ui';
import { signInSchema, useSignIn } from '../api/sign-in';

interface SignInFormProps {
  onSignedIn(): void;
}

export function SignInForm({ onSignedIn }: SignInFormProps) {
  const form = useZodForm({ schema: signInSchema, initialValues: { email: '', password: '' } });
  const signIn = useSignIn({ onSignedIn });
  return (
    <FormStack
      ref={form.formRef}
      noValidate
      onSubmit={form.handleSubmit((input) => signIn.mutate(input))}
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
      <Button type="submit" $block disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign In'}
      </Button>
    </FormStack>
  );
}
