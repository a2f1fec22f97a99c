import { configure } from '@testing-library/react';
import '@testing-library/jest-dom/vitest';

// The machine that runs the suite is shared: a findBy* query waits up to 5 s for what the user would
// see, instead of testing-library's 1 s, so a busy machine slows a test down instead of failing it.
configure({ asyncUtilTimeout: 5_000 });
