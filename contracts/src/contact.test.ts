import { describe, expect, it } from 'vitest';
import { contactEnquirySchema } from './contact';

const valid = {
  name: 'Ann Lee',
  email: 'ann@plant.example',
  company: '',
  message: 'Quote for 40 phenolic labels, please.',
};

function messages(input: unknown) {
  const result = contactEnquirySchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('contactEnquirySchema', () => {
  it('accepts an enquiry, trimming text and defaulting company to empty', () => {
    const { company: _company, ...withoutCompany } = valid;
    expect(contactEnquirySchema.parse({ ...withoutCompany, name: '  Ann Lee ' })).toEqual({
      ...valid,
      company: '',
    });
  });

  it('names each missing field', () => {
    expect(messages({})).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email address',
      message: 'Please enter your message',
    });
    expect(messages({ name: ' ', email: '', message: '' })).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email address',
      message: 'Please tell us a little more (at least 10 characters)',
    });
  });

  it('refuses an invalid email address', () => {
    expect(messages({ ...valid, email: 'ann@' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('refuses over-long fields', () => {
    expect(messages({ ...valid, message: 'x'.repeat(2001), company: 'c'.repeat(121) })).toEqual({
      message: 'Message must be at most 2000 characters',
      company: 'Company must be at most 120 characters',
    });
  });
});
