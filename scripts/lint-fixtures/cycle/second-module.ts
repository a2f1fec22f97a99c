// Deliberately bad: the other half of the cycle.
import { first } from './first-module';

export const second = 'second';
export const both = (): string => first();
