import { Button, FormStack, TextField, useZodForm } from '@shop/ui';
import { ContactFields, NameFields } from '../../../components/customer-detail-fields';
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
      <NameFields form={form} autoFocus />
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
      <ContactFields form={form} />
      <Button type="submit" $block disabled={register.isPending}>
        {register.isPending ? 'Creating account…' : 'Create Account'}
      </Button>
    </FormStack>
  );
}
