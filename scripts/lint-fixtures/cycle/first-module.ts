// Deliberately bad: imports a module that imports this one (lint-rules.test.mjs expects import-x/no-cycle).
import { second } from './second-module';

export const first = (): string => `first ${second}`;
