// Testing Library's matchers (toBeInTheDocument, ...) for the type checker; vitest.setup-dom.ts loads them.
import '@testing-library/jest-dom/vitest';
