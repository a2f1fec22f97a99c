import { Button, FieldRow, FormStack, TextField, useZodForm } from '@shop/ui';
import { createAccountSchema, useRegister } from '../api/register';

interface CreateAccountFormProps {
  onRegistered(): void;
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

export function CreateAccountForm({ onRegistered }: CreateAccountFormProps) {
  const form = useZodForm({ schema: createAccountSchema, initialValues: emptyAccount });
  const register = useRegister({ onRegistered });
  return (
    <FormStack
      ref={form.formRef}
      noValidate
      onSubmit={form.handleSubmit((input) => register.mutate(input))}
    >
      <FieldRow>
        <TextField
          label="First name"
          autoComplete="given-name"
          data-autofocus
          error={form.errors.firstName}
          {...form.input('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={form.errors.lastName}
          {...form.input('lastName')}
        />
      </FieldRow>
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
        error={form.errors.password}
        {...form.input('password')}
      />
      <FieldRow>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          optional
          error={form.errors.phone}
          {...form.input('phone')}
        />
        <TextField
          label="Company"
          autoComplete="organization"
          optional
          error={form.errors.company}
          {...form.input('company')}
        />
      </FieldRow>
      <TextField
        label="Address"
        autoComplete="street-address"
        error={form.errors.address}
        {...form.input('address')}
      />
      <TextField
        label="ZIP code"
        autoComplete="postal-code"
        error={form.errors.zipCode}
        {...form.input('zipCode')}
      />
      <Button type="submit" $block disabled={register.isPending}>
        {register.isPending ? 'Creating account…' : 'Create Account'}
      </Button>
    </FormStack>
  );
}
