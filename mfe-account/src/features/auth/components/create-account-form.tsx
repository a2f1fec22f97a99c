import type { AccountPrefill } from '@shop/contracts';
import { apiFieldErrors } from 'shell/store';
import { Button, FieldError, FormStack, TextField, useZodForm } from '@shop/ui';
import { ContactFields, NameFields } from '../../../components/customer-detail-fields';
import { schemasNotLoaded } from '../../../lib/schemas-not-loaded';
import { REGISTRATION_FAILED, loadCreateAccountSchema, useRegister } from '../api/register';

interface CreateAccountFormProps {
  onRegistered(): void;
  /** What the form starts from (the details a guest just checked out with); the password is never. */
  prefill?: AccountPrefill | null;
}

const emptyAccount = {
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  phone: '',
  company: '',
  address: '',
  zipCode: '',
};

export function CreateAccountForm({ onRegistered, prefill }: CreateAccountFormProps) {
  const form = useZodForm({
    schema: loadCreateAccountSchema,
    initialValues: { ...emptyAccount, ...prefill, password: '' },
  });
  const register = useRegister({ onRegistered });
  return (
    <FormStack
      ref={form.formRef}
      noValidate
      onSubmit={form.handleSubmit(
        (input) =>
          register.mutate(input, {
            onError: (error) => form.setFieldErrors(apiFieldErrors(error)),
          }),
        undefined,
        schemasNotLoaded('Registration failed'),
      )}
    >
      {/* Started from a checkout's details, the password is what is left to give. */}
      <NameFields form={form} autoFocus={!prefill} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={form.errors.email}
        {...form.input('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        data-autofocus={prefill ? true : undefined}
        error={form.errors.password}
        {...form.input('password')}
      />
      <ContactFields form={form} />
      {/* Said in the dialog too, as Sign In does. */}
      {register.isError && (
        <FieldError role="alert">Registration failed: {REGISTRATION_FAILED}</FieldError>
      )}
      <Button type="submit" $block disabled={register.isPending}>
        {register.isPending ? 'Creating account…' : 'Create Account'}
      </Button>
    </FormStack>
  );
}
